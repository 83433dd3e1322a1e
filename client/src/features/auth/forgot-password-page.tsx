import { type FormEvent, useState } from 'react';
import { Button } from '../../components/button.tsx';
import { FormField, Input } from '../../components/form-field.tsx';
import { HrefLink } from '../../components/href-link.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { authApi, serverText } from './auth-api.ts';
import { AuthCard, FormMessage } from './auth-card.tsx';
import { messages } from './auth-messages.ts';

const linkClass = 'font-medium text-brand-700 hover:text-brand-800 hover:underline';

/** /forgot-password: asks for a reset e-mail; the answer is the same for every address. */
export function ForgotPasswordPage() {
  useDocumentTitle('Forgot Password');
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    setResult(null);
    try {
      await authApi.forgotPassword(email);
      setResult({ tone: 'success', text: messages.forgotSent });
    } catch (err) {
      setResult({
        tone: 'error',
        text:
          err instanceof ApiError
            ? (serverText(err, 'message') ?? messages.forgotFailed)
            : messages.forgotError,
      });
    } finally {
      setSending(false);
    }
  }

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={
        <HrefLink href="/login" className={linkClass}>
          Back to Login
        </HrefLink>
      }
    >
      {result && <FormMessage tone={result.tone}>{result.text}</FormMessage>}
      <form onSubmit={onSubmit} className="space-y-4">
        <FormField label="Email" required>
          <Input
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            disabled={sending}
          />
        </FormField>
        <Button type="submit" className="w-full" loading={sending} loadingText="Sending...">
          Send Reset Email
        </Button>
      </form>
    </AuthCard>
  );
}
