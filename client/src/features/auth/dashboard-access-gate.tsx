import { useMutation } from '@tanstack/react-query';
import { Outlet, useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Button } from '../../components/button.tsx';
import { CentredCard } from '../../components/centred-card.tsx';
import { MailIcon } from '../../components/icons.tsx';
import { LoadingState } from '../../components/states.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useSession } from '../../stores/session-store.ts';
import { useDashboardLogout } from '../shared/use-dashboard-logout.ts';
import { authApi, serverText } from './auth-api.ts';
import { loginHref } from './session-check.ts';

/** Access errors that mean "choose a plan" rather than "sign in again" (spec section 8). */
const paymentErrors = new Set(['Subscription required', 'Subscription expired']);

/**
 * The dashboard access check (spec section 4), as the pathless layout around the dashboard:
 * loading; not signed in → /login; unverified → Verification Needed; 'Subscription required'
 * or 'Subscription expired' → /payment; any other failure → /login; otherwise the page, with
 * the answer's fields merged into the signed-in user.
 */
export function DashboardAccessGate() {
  const router = useRouter();
  const mergeUser = useSession((s) => s.mergeUser);
  const [state, setState] = useState<'loading' | 'unverified' | 'allowed'>('loading');

  useEffect(() => {
    let live = true;
    const go = (href: string) => void router.navigate({ href, replace: true });
    authApi.dashboardAccess().then(
      ({ access: _access, ...fields }) => {
        if (!live) return;
        mergeUser(fields);
        setState('allowed');
      },
      (err: unknown) => {
        if (!live) return;
        if (err instanceof ApiError && err.status === 401) {
          go(loginHref(router.state.location.href));
        } else if (err instanceof ApiError && err.code === 'EMAIL_NOT_VERIFIED') {
          setState('unverified');
        } else if (paymentErrors.has(serverText(err, 'error') ?? '')) {
          go('/payment');
        } else {
          go('/login');
        }
      },
    );
    return () => {
      live = false;
    };
  }, [router, mergeUser]);

  if (state === 'loading') return <LoadingState label="Loading..." className="flex-1" />;
  if (state === 'unverified') return <VerificationNeeded />;
  return <Outlet />;
}

/**
 * A signed-in user whose e-mail is not confirmed yet: the only way on is the e-mail link, which
 * they may ask for again (the license works only once the address is verified).
 */
export function VerificationNeeded() {
  const email = useSession((s) => s.user?.email);
  const { logout, pending } = useDashboardLogout();
  const resend = useMutation({ mutationFn: authApi.resendVerification });
  const failed =
    resend.error &&
    (serverText(resend.error, 'message') ?? 'The link could not be sent. Please try again.');
  return (
    <CentredCard title="Verification Needed">
      <div className="flex items-start gap-3">
        <MailIcon className="mt-0.5 size-5 shrink-0 text-brand-600" />
        <p className="text-sm text-ink-muted">
          Please check your e-mail{email ? ` (${email})` : ''} and click the verification link
          before accessing the dashboard. Your license starts working once the address is verified.
        </p>
      </div>
      {(failed || resend.data) && (
        <p
          role={failed ? 'alert' : 'status'}
          className={`mt-4 text-sm ${failed ? 'text-red-700' : 'text-emerald-700'}`}
        >
          {failed || resend.data?.message}
        </p>
      )}
      <Button
        className="mt-6 w-full"
        loading={resend.isPending}
        loadingText="Sending..."
        onClick={() => resend.mutate()}
      >
        Send the link again
      </Button>
      <Button
        variant="outline"
        className="mt-3 w-full"
        loading={pending}
        loadingText="Logging out..."
        onClick={logout}
      >
        Logout
      </Button>
    </CentredCard>
  );
}
