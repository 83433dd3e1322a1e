import { createFileRoute, redirect } from '@tanstack/react-router';
import { ProtectedLayout, ProtectedPending } from '../features/auth/protected-layout.tsx';
import { checkSessionWithin, loginHref } from '../features/auth/session-check.ts';

/** The guard's session check gives up after 1000 ms and then counts as signed out (spec §4). */
const guardCheckMs = 1000;

/**
 * Every signed-in screen lives under this pathless layout: without a session the browser goes
 * to /login?redirect=<the page it asked for>.
 */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: async ({ context, location }) => {
    const user = await checkSessionWithin(context.session, guardCheckMs);
    if (!user) throw redirect({ href: loginHref(location.href), replace: true });
  },
  pendingComponent: ProtectedPending,
  pendingMs: 0,
  component: ProtectedLayout,
});
