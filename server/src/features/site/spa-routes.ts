/**
 * Paths the single-page client renders (the spec's route table). The server answers them with
 * index.html and status 200; any other non-API path gets index.html with 404 so the client's
 * not-found page shows and crawlers see the right status.
 */
const exact = new Set([
  '/',
  '/payment',
  '/payment-failed',
  '/login',
  '/signup',
  '/verification-successful',
  '/verification-failed',
  '/forgot-password',
  '/reset-password',
  '/dashboard',
  '/billing-portal',
  '/button-test',
  '/terms',
  '/privacy-policy',
  '/cookie-policy',
  '/about',
  '/docs',
]);

const docsPages = new Set([
  'download-ea',
  'install-mt4-5',
  'quick-start',
  'requirements',
  'installation-troubleshooting',
  'basic-config',
  'tradingview-alert-setup',
  'rules',
  'notifications',
  'support',
  'faq',
  // Linked from the spec's pages; the client redirects them to their real pages.
  'install-mt5',
  'tradingview-setup',
  'contact-support',
]);

export function isSpaRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (exact.has(path)) return true;
  const docs = /^\/docs\/([a-z0-9-]+)$/.exec(path);
  return docs !== null && docsPages.has(docs[1] as string);
}
