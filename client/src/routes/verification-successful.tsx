import { createFileRoute } from '@tanstack/react-router';
import { VerificationSuccessfulPage } from '../features/auth/verification-pages.tsx';

export const Route = createFileRoute('/verification-successful')({
  component: VerificationSuccessfulPage,
});
