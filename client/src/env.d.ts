/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Embed URL of the product demo video (e.g. a youtube-nocookie.com/embed/… URL), optional. */
  readonly VITE_DEMO_VIDEO_URL?: string;
  /** Link to an installation walkthrough video, optional; shown on /docs/install-mt4-5. */
  readonly VITE_INSTALL_VIDEO_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
