import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { Button, buttonClasses } from '../../components/button.tsx';
import { FormField, Input } from '../../components/form-field.tsx';
import { CheckIcon } from '../../components/icons.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { authApi, serverText } from './auth-api.ts';
import { AuthCard, FormMessage } from './auth-card.tsx';
import { messages, passwordRuleHint } from './auth-messages.ts';

const linkClass = 'font-medium text-brand-700 hover:text-brand-800 hover:underline';

/** /reset-password?token=…: sets the new password, then offers the way back to login. */
export function ResetPasswordPage({ token }: { token?: string }) {
  useDocumentTitle('Reset Password');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (password !== confirm) {
      setError(messages.passwordsDiffer);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await authApi.resetPassword(token ?? '', password);
      setDone(true);
    } catch (err) {
      setError(
        err instanceof ApiError
          ? (serverText(err, 'error') ?? messages.resetFailed)
          : messages.resetFailed,
      );
    } finally {
      setSaving(false);
    }
  }

  if (done) {
    return (
      <AuthCard title="Password Reset">
        <div className="flex items-start gap-3" role="status">
          <CheckIcon className="mt-0.5 size-5 shrink-0 text-profit" />
          <p className="text-sm text-ink">{messages.resetDone}</p>
        </div>
        <Link to="/login" className={buttonClasses('primary', 'md', 'mt-6 w-full')}>
          Go to Login
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Choose a new password"
      subtitle="Every device signed in to your account will be signed out."
      footer={
        <Link to="/forgot-password" className={linkClass}>
          Need a new link?
        </Link>
      }
    >
      {!token && (
        <FormMessage tone="error">
          This reset link is incomplete. Open the link from the e-mail again, or ask for a new one.
        </FormMessage>
      )}
      {error && <FormMessage tone="error">{error}</FormMessage>}
      <form onSubmit={onSubmit} className="space-y-4">
        <FormField label="New password" required hint={passwordRuleHint}>
          <Input
            type="password"
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            disabled={saving}
          />
        </FormField>
        <FormField label="Confirm new password" required>
          <Input
            type="password"
            name="confirm"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            disabled={saving}
          />
        </FormField>
        <Button type="submit" className="w-full" loading={saving} loadingText="Resetting...">
          Reset Password
        </Button>
      </form>
    </AuthCard>
  );
}
