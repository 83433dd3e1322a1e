import { createFileRoute, redirect } from '@tanstack/react-router';

/** Linked from the verification and payment pages (spec); support lives at /docs/support. */
export const Route = createFileRoute('/docs/contact-support')({
  beforeLoad: () => {
    throw redirect({ to: '/docs/support', replace: true });
  },
});
