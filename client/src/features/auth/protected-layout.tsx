import { Outlet, useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { LoadingState } from '../../components/states.tsx';
import { loginHref } from './session-check.ts';
import { useSessionRefreshOnFocus } from './use-session-refresh.ts';

/**
 * The signed-in area (the `_authenticated` pathless layout). Its route's `beforeLoad` already
 * made sure of a session; here the session is re-checked on window focus and a lost one sends
 * the user to /login, to come back to the same page.
 */
export function ProtectedLayout() {
  const router = useRouter();
  const onSignedOut = useCallback(() => {
    void router.navigate({ href: loginHref(router.state.location.href), replace: true });
  }, [router]);
  useSessionRefreshOnFocus(onSignedOut);
  return <Outlet />;
}

/** Shown while the guard's session check runs (spec section 4: 'Loading...'). */
export function ProtectedPending() {
  return <LoadingState label="Loading..." className="flex-1" />;
}
