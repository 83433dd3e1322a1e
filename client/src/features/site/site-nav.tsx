import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { cn } from '../../lib/cn.ts';
import { useSession } from '../../stores/session-store.ts';

/** Landing-page sections reachable from the header. */
export const sectionLinks = [
  { hash: 'features', label: 'Features' },
  { hash: 'how-it-works', label: 'How It Works' },
  { hash: 'pricing', label: 'Pricing' },
] as const;

/** Scrolls to a landing section when already on /, otherwise lets the link go to /#section. */
function scrollIfOnLanding(event: MouseEvent, hash: string) {
  if (window.location.pathname !== '/') return;
  const target = document.getElementById(hash);
  if (!target) return;
  event.preventDefault();
  target.scrollIntoView({ behavior: 'smooth', block: 'start' });
  window.history.replaceState(window.history.state, '', `/#${hash}`);
}

type NavItemsProps = {
  /** Classes for every item (desktop row vs. mobile column). */
  itemClass: string;
  activeClass: string;
  onNavigate?: () => void;
  /** Classes for the sign-in / dashboard / logout cluster. */
  accountClass: string;
};

/** The header's items, shared by the desktop bar and the mobile side menu. */
export function NavItems({ itemClass, activeClass, onNavigate, accountClass }: NavItemsProps) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const status = useSession((s) => s.status);
  const logout = useSession((s) => s.logout);
  const navigate = useNavigate();

  // The dashboard's welcome line (and its verification gate) has a Logout of its own, which
  // goes to /login as the spec says; a second one in the header would be a duplicate.
  const pageHasLogout = pathname.startsWith('/dashboard');

  async function onLogout() {
    onNavigate?.();
    await logout();
    await navigate({ to: '/' });
  }

  return (
    <>
      <Link
        to="/about"
        className={itemClass}
        activeProps={{ className: activeClass, 'aria-current': 'page' }}
        onClick={onNavigate}
      >
        About
      </Link>
      {sectionLinks.map((s) => (
        <Link
          key={s.hash}
          to="/"
          hash={s.hash}
          className={itemClass}
          activeOptions={{ exact: true, includeHash: true }}
          onClick={(event) => {
            scrollIfOnLanding(event, s.hash);
            onNavigate?.();
          }}
        >
          {s.label}
        </Link>
      ))}
      <Link
        to="/docs"
        className={cn(itemClass, pathname.startsWith('/docs') && activeClass)}
        aria-current={pathname.startsWith('/docs') ? 'page' : undefined}
        onClick={onNavigate}
      >
        Docs
      </Link>
      <div className={accountClass}>
        {status === 'signed-in' ? (
          <>
            <Link to="/dashboard" className={itemClass} activeProps={{}} onClick={onNavigate}>
              Dashboard
            </Link>
            {!pageHasLogout && (
              <button type="button" className={itemClass} onClick={onLogout}>
                Logout
              </button>
            )}
          </>
        ) : status === 'signed-out' ? (
          <Link to="/login" className={itemClass} activeProps={{}} onClick={onNavigate}>
            Sign In
          </Link>
        ) : null}
      </div>
    </>
  );
}
