import { isValidPassword } from '@signalrelay/contracts/auth';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/button.tsx';
import { FormField, Input } from '../../components/form-field.tsx';
import { toast } from '../../components/toast.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { authApi, providerStartUrl, serverText } from './auth-api.ts';
import { AuthCard, FormMessage } from './auth-card.tsx';
import { messages, passwordRuleHint } from './auth-messages.ts';
import { type SignupFields, signupProblem } from './signup-checks.ts';
import { type Provider, SocialButtons } from './social-buttons.tsx';

const linkClass = 'font-medium text-brand-700 hover:text-brand-800 hover:underline';

/**
 * /signup: creates the account, tells the user to check their e-mail and goes to /login. The
 * button stays disabled until the terms are accepted. While typing, the password field turns
 * red with the rule when the password breaks it; the server enforces the rule and its answer is
 * shown if it refuses.
 */
export function SignupPage() {
  useDocumentTitle('Create Account');
  const navigate = useNavigate();
  const [fields, setFields] = useState<SignupFields>({
    firstname: '',
    lastname: '',
    email: '',
    password: '',
    confirm: '',
  });
  const [agreed, setAgreed] = useState(false);
  const [loading, setLoading] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const weak = fields.password !== '' && !isValidPassword(fields.password);
  const set = (key: keyof SignupFields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [key]: e.target.value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = signupProblem(fields, agreed);
    setMessage(problem);
    if (problem) return;
    setLoading(true);
    try {
      const { message: done } = await authApi.signup({
        email: fields.email,
        password: fields.password,
        firstname: fields.firstname,
        lastname: fields.lastname,
      });
      toast.success(done);
      await navigate({ href: '/login' });
    } catch (err) {
      setMessage(
        err instanceof ApiError
          ? (serverText(err, 'error') ?? messages.signupFailed)
          : messages.signupError,
      );
      setLoading(false);
    }
  }

  function onProvider(provider: Provider) {
    setLoading(true);
    try {
      window.location.assign(providerStartUrl(provider));
    } catch {
      setMessage(messages.socialStartFailed[provider]);
      setLoading(false);
    }
  }

  return (
    <AuthCard
      title="Create your account"
      subtitle="Start relaying TradingView alerts to MetaTrader in minutes."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className={linkClass}>
            Sign in
          </Link>
        </>
      }
    >
      {message && <FormMessage tone="error">{message}</FormMessage>}
      <form onSubmit={onSubmit} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="First name" required>
            <Input
              name="firstname"
              autoComplete="given-name"
              value={fields.firstname}
              onChange={set('firstname')}
              disabled={loading}
            />
          </FormField>
          <FormField label="Last name" required>
            <Input
              name="lastname"
              autoComplete="family-name"
              value={fields.lastname}
              onChange={set('lastname')}
              disabled={loading}
            />
          </FormField>
        </div>
        <FormField label="Email" required>
          <Input
            type="email"
            name="email"
            autoComplete="email"
            value={fields.email}
            onChange={set('email')}
            disabled={loading}
          />
        </FormField>
        <FormField
          label="Password"
          required
          hint={passwordRuleHint}
          error={weak ? passwordRuleHint : null}
        >
          <Input
            type="password"
            name="password"
            autoComplete="new-password"
            value={fields.password}
            onChange={set('password')}
            disabled={loading}
          />
        </FormField>
        <FormField label="Confirm password" required>
          <Input
            type="password"
            name="confirm"
            autoComplete="new-password"
            value={fields.confirm}
            onChange={set('confirm')}
            disabled={loading}
          />
        </FormField>
        <label className="flex items-start gap-2.5 text-sm text-ink-muted">
          <input
            type="checkbox"
            name="terms"
            className="mt-0.5 size-4 rounded border-line-strong accent-brand-600"
            checked={agreed}
            onChange={(e) => setAgreed(e.target.checked)}
            disabled={loading}
          />
          <span>
            I agree to the{' '}
            <Link to="/terms" className={linkClass}>
              Terms of Service
            </Link>{' '}
            and the{' '}
            <Link to="/cookie-policy" className={linkClass}>
              Cookie Policy
            </Link>
            .
          </span>
        </label>
        <Button
          type="submit"
          className="w-full"
          disabled={!agreed}
          loading={loading}
          loadingText="Creating Account..."
        >
          Create Account
        </Button>
      </form>
      <SocialButtons verb="Sign up" disabled={loading} onChoose={onProvider} />
      <p className="mt-6 text-xs leading-relaxed text-ink-subtle">
        SignalRelay is an independent service, not affiliated with TradingView or MetaQuotes.
        Trading involves substantial risk of loss; automated execution does not remove it.
      </p>
    </AuthCard>
  );
}
