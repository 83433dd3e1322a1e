import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordPage } from '../features/auth/email-request-page.tsx';

export const Route = createFileRoute('/forgot-password')({
  component: ForgotPasswordPage,
});
