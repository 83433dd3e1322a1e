import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { z } from 'zod';
import { Button, buttonClasses } from '../../components/button.tsx';
import { CentredCard, Notice, OutcomeCard } from '../../components/centred-card.tsx';
import { BoundField, useZodForm } from '../../components/form.tsx';
import { Input } from '../../components/form-field.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { authApi, failureText } from './auth-api.ts';
import { messages, passwordRuleHint } from './auth-messages.ts';

/**
 * The spec shows one check here, that the two passwords match; the API's password rule is
 * its answer to the request (shown above the form), as the spec wants no rule of its own.
 */
const resetFormSchema = z
  .object({ password: z.string().min(1, 'is required'), confirm: z.string().min(1, 'is required') })
  .refine((form) => form.password === form.confirm, {
    message: messages.passwordsDiffer,
    path: ['confirm'],
  });

/** The way back to signing in, after a flow that ends signed out. */
export const goToLogin = (
  <Link to="/login" className={buttonClasses('primary')}>
    Go to Login
  </Link>
);

/** /reset-password?token=…: sets the new password, then offers the way back to login. */
export function ResetPasswordPage({ token }: { token?: string }) {
  useDocumentTitle('Reset Password');
  const form = useZodForm(resetFormSchema, { defaultValues: { password: '', confirm: '' } });
  const saving = form.formState.isSubmitting;
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function save({ password }: z.output<typeof resetFormSchema>) {
    setError(null);
    try {
      await authApi.resetPassword(token ?? '', password);
      setDone(true);
    } catch (err) {
      setError(failureText(err, 'error', messages.resetFailed));
    }
  }

  if (done) {
    return (
      <OutcomeCard title="Password Reset" tone="success" announce actions={goToLogin}>
        {messages.resetDone}
      </OutcomeCard>
    );
  }

  return (
    <CentredCard
      title="Choose a new password"
      subtitle="Every device signed in to your account will be signed out."
      footer={{ to: '/forgot-password', label: 'Need a new link?' }}
    >
      <form onSubmit={form.handleSubmit(save)} noValidate className="space-y-4">
        {!token && (
          <Notice tone="error">
            This reset link is incomplete. Open the link from the e-mail again, or ask for a new
            one.
          </Notice>
        )}
        {error && <Notice tone="error">{error}</Notice>}
        <BoundField
          form={form}
          name="password"
          label="New password"
          required
          hint={passwordRuleHint}
        >
          <Input type="password" autoComplete="new-password" disabled={saving} />
        </BoundField>
        <BoundField form={form} name="confirm" label="Confirm new password" required>
          <Input type="password" autoComplete="new-password" disabled={saving} />
        </BoundField>
        <Button type="submit" className="w-full" loading={saving} loadingText="Resetting...">
          Reset Password
        </Button>
      </form>
    </CentredCard>
  );
}
