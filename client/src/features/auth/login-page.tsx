import { loginBody } from '@signalrelay/contracts/auth';
import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { Button } from '../../components/button.tsx';
import { CentredCard, cardLinkClass, LoadingCard, Notice } from '../../components/centred-card.tsx';
import { BoundField, useZodForm } from '../../components/form.tsx';
import { Input } from '../../components/form-field.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { useSession } from '../../stores/session-store.ts';
import { authApi, failureText } from './auth-api.ts';
import { loginErrorMessage, messages } from './auth-messages.ts';
import { checkSessionWithin, safeRedirect } from './session-check.ts';
import { SocialButtons, useProviderSignIn } from './social-buttons.tsx';

/** The login page's own session check gives up after 300 ms (spec section 9). */
const loginPageCheckMs = 300;

/**
 * /login: checks for a session first ('Checking...') and sends a signed-in visitor on to the
 * dashboard; shows the message for an `error` code and then drops it from the address; after
 * signing in goes to `redirect` (default /dashboard), replacing this page in the history.
 */
export function LoginPage({ redirect, error }: { redirect?: string; error?: string }) {
  useDocumentTitle('Sign In');
  const navigate = useNavigate();
  const router = useRouter();
  const setUser = useSession((s) => s.setUser);
  const [checking, setChecking] = useState(true);
  const form = useZodForm(loginBody, { defaultValues: { email: '', password: '' } });
  const [message, setMessage] = useState<string | null>(error ? loginErrorMessage(error) : null);
  const provider = useProviderSignIn(setMessage, redirect ? safeRedirect(redirect) : undefined);
  const submitting = provider.leaving || form.formState.isSubmitting;

  useEffect(() => {
    let live = true;
    void checkSessionWithin(useSession, loginPageCheckMs).then((user) => {
      if (!live) return;
      if (user) void router.navigate({ href: '/dashboard', replace: true });
      else setChecking(false);
    });
    return () => {
      live = false;
    };
  }, [router]);

  useEffect(() => {
    if (!error) return;
    setMessage(loginErrorMessage(error));
    void navigate({ to: '/login', search: redirect ? { redirect } : {}, replace: true });
  }, [error, redirect, navigate]);

  async function send({ email, password }: z.output<typeof loginBody>) {
    setMessage(null);
    try {
      const { user } = await authApi.login(email, password);
      setUser(user);
      await router.navigate({ href: safeRedirect(redirect), replace: true });
    } catch (err) {
      setMessage(failureText(err, 'message', messages.loginFailed, messages.loginError));
    }
  }

  if (checking) return <LoadingCard title="Sign in to SignalRelay" label="Checking..." />;

  return (
    <CentredCard
      title="Sign in to SignalRelay"
      subtitle="Welcome back. Your signals are waiting."
      footer={{ lead: 'New to SignalRelay?', to: '/signup', label: 'Create an account' }}
    >
      <form onSubmit={form.handleSubmit(send)} noValidate className="space-y-4">
        {message && <Notice tone="error">{message}</Notice>}
        <BoundField form={form} name="email" label="Email" required>
          <Input type="email" autoComplete="email" disabled={submitting} />
        </BoundField>
        <BoundField form={form} name="password" label="Password" required>
          <Input type="password" autoComplete="current-password" disabled={submitting} />
        </BoundField>
        <div className="flex flex-wrap justify-between gap-x-4 gap-y-1">
          <Link to="/resend-verification" className={`text-sm ${cardLinkClass}`}>
            No verification e-mail?
          </Link>
          <Link to="/forgot-password" className={`text-sm ${cardLinkClass}`}>
            Forgot password?
          </Link>
        </div>
        <Button type="submit" className="w-full" loading={submitting} loadingText="Logging in...">
          Log In
        </Button>
      </form>
      <SocialButtons verb="Sign in" disabled={submitting} onChoose={provider.start} />
    </CentredCard>
  );
}
