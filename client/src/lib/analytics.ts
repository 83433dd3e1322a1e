/** Google Analytics' global, present only when the operator adds its snippet to index.html. */
type Gtag = (command: 'event', name: string, params: Record<string, unknown>) => void;

declare global {
  interface Window {
    gtag?: Gtag;
  }
}

/** Sends a page view (path plus query); does nothing when no analytics snippet is loaded. */
export function trackPageView(pathWithQuery: string): void {
  if (typeof window.gtag !== 'function') return;
  window.gtag('event', 'page_view', {
    page_path: pathWithQuery,
    page_location: window.location.href,
    page_title: document.title,
  });
}
