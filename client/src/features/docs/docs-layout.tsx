import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { ChevronDownIcon } from '../../components/icons.tsx';
import { LinkList } from '../../components/link-list.tsx';
import { docsNav } from './docs-nav.ts';

const linkClass =
  'block rounded-md px-3 py-1.5 text-ink-muted hover:bg-surface-sunken hover:text-ink';
const activeProps = {
  className: 'bg-brand-50 font-medium text-brand-700 hover:bg-brand-50 hover:text-brand-700',
  'aria-current': 'page',
} as const;

function DocsSidebar() {
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
            linkProps={{ activeOptions: { exact: true }, activeProps }}
          />
        </div>
      ))}
      <div className="border-t border-line pt-4">
        <Link to="/" className={linkClass}>
          ← Main Site
        </Link>
      </div>
    </nav>
  );
}

export function DocsLayout() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-1 gap-10 px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <aside className="sticky top-24 hidden max-h-[calc(100vh-7rem)] w-60 shrink-0 overflow-y-auto lg:block">
        <DocsSidebar />
      </aside>
      <div className="min-w-0 flex-1">
        {/* The small-screen menu; a new page (a new key) starts it closed. */}
        <details key={pathname} className="group mb-6 lg:hidden">
          <summary className="flex w-full cursor-pointer list-none items-center justify-between rounded-lg border border-line bg-surface px-4 py-2.5 text-sm font-medium text-ink shadow-xs [&::-webkit-details-marker]:hidden">
            Documentation menu
            <ChevronDownIcon className="size-4 transition-transform group-open:rotate-180" />
          </summary>
          <div className="mt-2 rounded-lg border border-line bg-surface p-3 shadow-md">
            <DocsSidebar />
          </div>
        </details>
        <Outlet />
      </div>
    </div>
  );
}
