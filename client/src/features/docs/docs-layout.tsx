import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ChevronDownIcon } from '../../components/icons.tsx';
import { LinkList } from '../../components/link-list.tsx';
import { cn } from '../../lib/cn.ts';
import { docsNav } from './docs-nav.ts';

const linkClass =
  'block rounded-md px-3 py-1.5 text-ink-muted hover:bg-surface-sunken hover:text-ink';
const activeProps = {
  className: 'bg-brand-50 font-medium text-brand-700 hover:bg-brand-50 hover:text-brand-700',
  'aria-current': 'page',
} as const;

function DocsSidebar({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <nav aria-label="Documentation" className="space-y-6 text-sm">
      {docsNav.map((group) => (
        <div key={group.title}>
          <h2 className="px-3 text-xs font-semibold tracking-wide text-ink-subtle uppercase">
            {group.title}
          </h2>
          <LinkList
            links={group.items}
            className="mt-2 space-y-0.5"
            linkClassName={linkClass}
            linkProps={{ onClick: onNavigate, activeOptions: { exact: true }, activeProps }}
          />
        </div>
      ))}
      <div className="border-t border-line pt-4">
        <Link to="/" onClick={onNavigate} className={linkClass}>
          ← Main Site
        </Link>
      </div>
    </nav>
  );
}

export function DocsLayout() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [menuOpen, setMenuOpen] = useState(false);
  // A page change closes the small-screen menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path change by design
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-1 gap-10 px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <aside className="sticky top-24 hidden max-h-[calc(100vh-7rem)] w-60 shrink-0 overflow-y-auto lg:block">
        <DocsSidebar />
      </aside>
      <div className="min-w-0 flex-1">
        <div className="mb-6 lg:hidden">
          <button
            type="button"
            aria-expanded={menuOpen}
            aria-controls="docs-menu"
            onClick={() => setMenuOpen((open) => !open)}
            className="flex w-full items-center justify-between rounded-lg border border-line bg-surface px-4 py-2.5 text-sm font-medium text-ink shadow-xs"
          >
            Documentation menu
            <ChevronDownIcon
              className={cn('size-4 transition-transform', menuOpen && 'rotate-180')}
            />
          </button>
          {menuOpen && (
            <div
              id="docs-menu"
              className="mt-2 rounded-lg border border-line bg-surface p-3 shadow-md"
            >
              <DocsSidebar onNavigate={() => setMenuOpen(false)} />
            </div>
          )}
        </div>
        <Outlet />
      </div>
    </div>
  );
}
