import { createFileRoute, redirect } from '@tanstack/react-router';

/** Linked from older pages; the alert setup guide lives here now. */
export const Route = createFileRoute('/docs/tradingview-setup')({
  beforeLoad: () => {
    throw redirect({ to: '/docs/tradingview-alert-setup', replace: true });
  },
});
