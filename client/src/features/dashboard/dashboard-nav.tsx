import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { CloseIcon } from '../../components/icons.tsx';
import { cn } from '../../lib/cn.ts';
import type { DashboardTab } from './dashboard-tab.ts';

/** The tab links; each sets the URL hash, which selects the tab. */
function TabLinks({
  tabs,
  active,
  onNavigate,
}: {
  tabs: readonly DashboardTab[];
  active: DashboardTab;
  onNavigate?: () => void;
}) {
  return tabs.map((tab) => {
    const current = tab.hash === active.hash;
    const Icon = tab.icon;
    return (
      <Link
        key={tab.hash}
        to="/dashboard"
        hash={tab.hash}
        // Router-active only when the URL's hash is this tab's, which is when `current` is true:
        // the same aria-current, and no active class of the router's.
        activeOptions={{ includeHash: true }}
        activeProps={{}}
        aria-current={current ? 'page' : undefined}
        onClick={onNavigate}
        className={cn(
          'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors',
          current
            ? 'bg-brand-50 text-brand-700'
            : 'text-ink-muted hover:bg-surface-sunken hover:text-ink',
        )}
      >
        <Icon className="size-5 shrink-0" />
        {tab.label}
      </Link>
    );
  });
}

/** The desktop sidebar; `onChoose` runs on every choice, the current tab included. */
export function DashboardSidebar({
  tabs,
  active,
  onChoose,
}: {
  tabs: readonly DashboardTab[];
  active: DashboardTab;
  onChoose: () => void;
}) {
  return (
    <nav aria-label="Dashboard" className="sticky top-20 flex flex-col gap-1">
      <TabLinks tabs={tabs} active={active} onNavigate={onChoose} />
    </nav>
  );
}

/** The mobile slide-out menu: Escape, the close button or the backdrop closes it. */
export function DashboardMobileMenu({
  tabs,
  open,
  active,
  onClose,
  onChoose,
}: {
  tabs: readonly DashboardTab[];
  open: boolean;
  active: DashboardTab;
  onClose: () => void;
  onChoose: () => void;
}) {
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    panelRef.current?.querySelector<HTMLElement>('a[aria-current="page"]')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = '';
      previous?.focus();
    };
  }, [open, onClose]);

  if (!open) return null;
  return (
    <div className="fixed inset-0 z-50 md:hidden">
      <button
        type="button"
        aria-label="Close dashboard menu"
        tabIndex={-1}
        className="absolute inset-0 h-full w-full animate-fade-in bg-night/50"
        onClick={onClose}
      />
      <div
        ref={panelRef}
        id="dashboard-menu"
        role="dialog"
        aria-modal="true"
        aria-label="Dashboard menu"
        className="absolute inset-y-0 left-0 flex w-72 max-w-[85vw] animate-fade-in flex-col bg-surface shadow-lg"
      >
        <div className="flex h-16 items-center justify-between border-b border-line px-4">
          <p className="font-semibold text-ink">Dashboard</p>
          <button
            type="button"
            aria-label="Close dashboard menu"
            className="rounded-md p-2 text-ink"
            onClick={onClose}
          >
            <CloseIcon className="size-6" />
          </button>
        </div>
        <nav aria-label="Dashboard" className="flex flex-col gap-1 overflow-y-auto p-3">
          <TabLinks
            tabs={tabs}
            active={active}
            onNavigate={() => {
              onClose();
              onChoose();
            }}
          />
        </nav>
      </div>
    </div>
  );
}
