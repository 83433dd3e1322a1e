import { createFileRoute } from '@tanstack/react-router';
import { ResendVerificationPage } from '../features/auth/email-request-page.tsx';

export const Route = createFileRoute('/resend-verification')({
  component: ResendVerificationPage,
});
