import { isValidPassword } from '@signalrelay/contracts/auth';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { z } from 'zod';
import { Button } from '../../components/button.tsx';
import { CentredCard, cardLinkClass, Notice } from '../../components/centred-card.tsx';
import { BoundField, errorSentence, useZodForm } from '../../components/form.tsx';
import { Input } from '../../components/form-field.tsx';
import { toast } from '../../components/toast.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { authApi, failureText } from './auth-api.ts';
import { messages, passwordRuleHint } from './auth-messages.ts';
import { signupFormSchema } from './signup-checks.ts';
import { SocialButtons, useProviderSignIn } from './social-buttons.tsx';

/**
 * /signup: creates the account, tells the user to check their e-mail and goes to /login. The
 * button stays disabled until the terms are accepted. While typing, the password field turns
 * red with the rule when the password breaks it; the server enforces the rule and its answer is
 * shown if it refuses.
 */
export function SignupPage() {
  useDocumentTitle('Create Account');
  const navigate = useNavigate();
  const form = useZodForm(signupFormSchema, {
    defaultValues: {
      firstname: '',
      lastname: '',
      email: '',
      password: '',
      confirm: '',
      agreed: false,
    },
  });
  const [message, setMessage] = useState<string | null>(null);
  const provider = useProviderSignIn(setMessage);
  const loading = provider.leaving || form.formState.isSubmitting;

  const [password, agreed] = form.watch(['password', 'agreed']);
  const weak = password !== '' && !isValidPassword(password);
  const termsError = form.formState.errors.agreed?.message;

  async function send({ email, password, firstname, lastname }: z.output<typeof signupFormSchema>) {
    setMessage(null);
    try {
      const { message: done } = await authApi.signup({ email, password, firstname, lastname });
      toast.success(done);
      await navigate({ href: '/login' });
    } catch (err) {
      setMessage(failureText(err, 'error', messages.signupFailed, messages.signupError));
    }
  }

  return (
    <CentredCard
      title="Create your account"
      subtitle="Start relaying TradingView alerts to MetaTrader in minutes."
      footer={{ lead: 'Already have an account?', to: '/login', label: 'Sign in' }}
    >
      <form onSubmit={form.handleSubmit(send)} noValidate className="space-y-4">
        {message && <Notice tone="error">{message}</Notice>}
        <div className="grid gap-4 sm:grid-cols-2">
          <BoundField form={form} name="firstname" label="First name" required>
            <Input autoComplete="given-name" disabled={loading} />
          </BoundField>
          <BoundField form={form} name="lastname" label="Last name" required>
            <Input autoComplete="family-name" disabled={loading} />
          </BoundField>
        </div>
        <BoundField form={form} name="email" label="Email" required>
          <Input type="email" autoComplete="email" disabled={loading} />
        </BoundField>
        <BoundField
          form={form}
          name="password"
          label="Password"
          required
          hint={passwordRuleHint}
          error={weak ? passwordRuleHint : null}
        >
          <Input type="password" autoComplete="new-password" disabled={loading} />
        </BoundField>
        <BoundField form={form} name="confirm" label="Confirm password" required>
          <Input type="password" autoComplete="new-password" disabled={loading} />
        </BoundField>
        <label className="flex items-start gap-2.5 text-sm text-ink-muted">
          <input
            type="checkbox"
            className="mt-0.5 size-4 rounded border-line-strong accent-brand-600"
            aria-invalid={termsError ? true : undefined}
            {...form.register('agreed')}
            disabled={loading}
          />
          <span>
            I agree to the{' '}
            <Link to="/terms" className={cardLinkClass}>
              Terms of Service
            </Link>{' '}
            and the{' '}
            <Link to="/cookie-policy" className={cardLinkClass}>
              Cookie Policy
            </Link>
            .
          </span>
        </label>
        {termsError && (
          <p className="text-xs font-medium text-loss" role="alert">
            {errorSentence(termsError)}
          </p>
        )}
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
      <SocialButtons verb="Sign up" disabled={loading} onChoose={provider.start} />
      <p className="mt-6 text-xs leading-relaxed text-ink-subtle">
        SignalRelay is an independent service, not affiliated with TradingView or MetaQuotes.
        Trading involves substantial risk of loss; automated execution does not remove it.
      </p>
    </CentredCard>
  );
}
