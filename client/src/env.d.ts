/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Link to an installation walkthrough video, optional; shown on /docs/install-mt4-5. */
  readonly VITE_INSTALL_VIDEO_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
