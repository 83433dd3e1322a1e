import { Link } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { ChevronDownIcon } from '../../components/icons.tsx';
import { SlideOutMenu } from '../../components/slide-out-menu.tsx';
import { cn } from '../../lib/cn.ts';
import type { DashboardTab } from './dashboard-tab.ts';

/** `onNavigate` runs on every choice, the current tab included. */
type TabLinksProps = {
  tabs: readonly DashboardTab[];
  active: DashboardTab;
  onNavigate: () => void;
};

/** The tab links; each sets the URL hash, which selects the tab. */
function TabLinks({ tabs, active, onNavigate }: TabLinksProps) {
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

/** The desktop sidebar. */
export function DashboardSidebar(props: TabLinksProps) {
  return (
    <nav aria-label="Dashboard" className="sticky top-20 flex flex-col gap-1">
      <TabLinks {...props} />
    </nav>
  );
}

/**
 * On phones, a button naming the current tab (a tab picker, not a second hamburger: the header
 * already has the site menu) that opens the tabs in a slide-out menu.
 */
export function DashboardMobileMenu({ tabs, active, onNavigate }: TabLinksProps) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const Icon = active.icon;
  return (
    <>
      <button
        type="button"
        className="mb-4 flex w-full items-center gap-3 rounded-lg border border-line bg-surface px-3 py-2.5 text-sm font-medium text-ink shadow-xs md:hidden"
        aria-label={`Dashboard menu, current tab ${active.label}`}
        aria-expanded={open}
        aria-controls="dashboard-menu"
        onClick={() => setOpen(true)}
      >
        <Icon className="size-5 text-brand-600" />
        {active.label}
        <ChevronDownIcon className="ml-auto size-4 text-ink-muted" />
      </button>
      <SlideOutMenu
        id="dashboard-menu"
        open={open}
        onClose={close}
        label="Dashboard menu"
        closeLabel="Close dashboard menu"
        side="left"
        heading={<p className="font-semibold text-ink">Dashboard</p>}
        navLabel="Dashboard"
        initialFocus='a[aria-current="page"]'
      >
        <TabLinks
          tabs={tabs}
          active={active}
          onNavigate={() => {
            close();
            onNavigate();
          }}
        />
      </SlideOutMenu>
    </>
  );
}
