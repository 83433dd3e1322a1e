import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { toast } from '../../components/toast.tsx';
import { api } from '../../lib/api-client.ts';
import { useSession } from '../../stores/session-store.ts';

/**
 * Logout as the dashboard does it (spec section 7): on the server's OK the user is cleared and
 * the browser goes to /login; a failure leaves the session as it is and says so.
 */
export function useDashboardLogout() {
  const router = useRouter();
  const setUser = useSession((s) => s.setUser);
  const [pending, setPending] = useState(false);

  async function logout() {
    setPending(true);
    try {
      await api.post('/api/auth/logout');
    } catch {
      setPending(false);
      toast.error('Logout failed. Please try again.');
      return;
    }
    setUser(null);
    await router.navigate({ href: '/login' });
  }

  return { logout, pending };
}
