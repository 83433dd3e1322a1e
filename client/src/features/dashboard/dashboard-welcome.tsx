import { Button } from '../../components/button.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { useSession } from '../../stores/session-store.ts';
import { useDashboardLogout } from '../shared/use-dashboard-logout.ts';

/**
 * The dashboard's welcome header (spec section 2: first name or name, e-mail, Logout). The
 * dashboard screen with its tabs renders it at the top.
 */
export function DashboardWelcome() {
  useDocumentTitle('Dashboard');
  const user = useSession((s) => s.user);
  const { logout, pending } = useDashboardLogout();
  if (!user) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-4 border-b border-line bg-surface px-4 py-5 sm:px-6 lg:px-8">
      <div className="min-w-0">
        <h1 className="truncate text-xl font-semibold text-ink">
          Welcome, {user.firstname || user.name}
        </h1>
        <p className="truncate text-sm text-ink-muted">{user.email}</p>
      </div>
      <Button variant="outline" loading={pending} loadingText="Logging out..." onClick={logout}>
        Logout
      </Button>
    </div>
  );
}
