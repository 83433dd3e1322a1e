/** The public site's routes (spec route table) and every docs page. */
export const sitePages = [
  '/',
  '/about',
  '/button-test',
  '/terms',
  '/privacy-policy',
  '/cookie-policy',
  '/docs',
  '/docs/quick-start',
  '/docs/download-ea',
  '/docs/install-mt4-5',
  '/docs/requirements',
  '/docs/installation-troubleshooting',
  '/docs/basic-config',
  '/docs/tradingview-alert-setup',
  '/docs/support',
  '/docs/faq',
];
