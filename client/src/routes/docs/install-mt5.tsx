import { createFileRoute, redirect } from '@tanstack/react-router';

/** Linked from older pages; the guide covers MT4 and MT5 on one page. */
export const Route = createFileRoute('/docs/install-mt5')({
  beforeLoad: () => {
    throw redirect({ to: '/docs/install-mt4-5', replace: true });
  },
});
