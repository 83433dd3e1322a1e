import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { LoginPage } from '../features/auth/login-page.tsx';

export const Route = createFileRoute('/login')({
  validateSearch: z.object({
    redirect: z.string().optional().catch(undefined),
    error: z.string().optional().catch(undefined),
  }),
  component: function LoginRoute() {
    const { redirect, error } = Route.useSearch();
    return <LoginPage redirect={redirect} error={error} />;
  },
});
