/** The docs sidebar: the spec's groups, plus the pages the groups imply (requirements, FAQ). */
export const docsNav = [
  {
    title: 'Getting Started',
    items: [
      { to: '/docs', label: 'Overview' },
      { to: '/docs/quick-start', label: 'Quick Start' },
      { to: '/docs/requirements', label: 'System Requirements' },
    ],
  },
  {
    title: 'EA Installation',
    items: [
      { to: '/docs/download-ea', label: 'Download EA' },
      { to: '/docs/install-mt4-5', label: 'Install on MT4 / MT5' },
      { to: '/docs/installation-troubleshooting', label: 'Troubleshooting' },
    ],
  },
  {
    title: 'Configure environment',
    items: [
      { to: '/docs/basic-config', label: 'Basic Configuration' },
      { to: '/docs/tradingview-alert-setup', label: 'TradingView Alert Setup' },
      { to: '/docs/rules', label: 'Rules' },
      { to: '/docs/notifications', label: 'Notifications' },
    ],
  },
  {
    title: 'Help & Support',
    items: [
      { to: '/docs/faq', label: 'FAQ' },
      { to: '/docs/support', label: 'Contact Support' },
    ],
  },
] as const;

export type DocsPath = (typeof docsNav)[number]['items'][number]['to'];

/** Reading order, for the previous/next links at the bottom of each page. */
export const docsOrder: DocsPath[] = docsNav.flatMap((g) => g.items.map((i) => i.to));
