import { forgotBody } from '@signalrelay/contracts/auth';
import { useState } from 'react';
import type { z } from 'zod';
import { Button } from '../../components/button.tsx';
import { CentredCard, Notice } from '../../components/centred-card.tsx';
import { BoundField, useZodForm } from '../../components/form.tsx';
import { Input } from '../../components/form-field.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { authApi, failureText } from './auth-api.ts';
import { messages } from './auth-messages.ts';

type EmailRequest = {
  title: string;
  subtitle: string;
  submitLabel: string;
  send: (email: string) => Promise<unknown>;
  sent: string;
  /** When the server refused without saying why, and when it could not be reached. */
  failed: string;
  error: string;
};

/**
 * A page that asks for an e-mail address and has a link sent to it. The answer is the same
 * for every address, so the page tells nobody which addresses have accounts.
 */
function EmailRequestPage({
  title,
  subtitle,
  submitLabel,
  send,
  sent,
  failed,
  error,
}: EmailRequest) {
  useDocumentTitle(title);
  const form = useZodForm(forgotBody, { defaultValues: { email: '' } });
  const sending = form.formState.isSubmitting;
  const [result, setResult] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  async function request({ email }: z.output<typeof forgotBody>) {
    setResult(null);
    try {
      await send(email);
      setResult({ tone: 'success', text: sent });
    } catch (err) {
      setResult({ tone: 'error', text: failureText(err, 'message', failed, error) });
    }
  }

  return (
    <CentredCard
      title={title}
      subtitle={subtitle}
      footer={{ to: '/login', label: 'Back to Login' }}
    >
      <form onSubmit={form.handleSubmit(request)} noValidate className="space-y-4">
        {result && <Notice tone={result.tone}>{result.text}</Notice>}
        <BoundField form={form} name="email" label="Email" required>
          <Input type="email" autoComplete="email" disabled={sending} />
        </BoundField>
        <Button type="submit" className="w-full" loading={sending} loadingText="Sending...">
          {submitLabel}
        </Button>
      </form>
    </CentredCard>
  );
}

/** /forgot-password: asks for a reset e-mail. */
export function ForgotPasswordPage() {
  return (
    <EmailRequestPage
      title="Forgot your password?"
      subtitle="Enter the e-mail address of your account and we will send you a link to choose a new password."
      submitLabel="Send Reset Email"
      send={authApi.forgotPassword}
      sent={messages.forgotSent}
      failed={messages.forgotFailed}
      error={messages.forgotError}
    />
  );
}

/** /resend-verification: a new verification link for an account whose e-mail never came. */
export function ResendVerificationPage() {
  return (
    <EmailRequestPage
      title="Verify your e-mail"
      subtitle="Enter the address you signed up with and we will send a new verification link. Check your spam folder too."
      submitLabel="Send Verification Link"
      send={authApi.requestVerification}
      sent={messages.verificationSent}
      failed={messages.verificationSendFailed}
      error={messages.forgotError}
    />
  );
}
