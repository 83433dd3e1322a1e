import { createFileRoute } from '@tanstack/react-router';
import { VerificationFailedPage } from '../features/auth/verification-pages.tsx';

export const Route = createFileRoute('/verification-failed')({
  component: VerificationFailedPage,
});
