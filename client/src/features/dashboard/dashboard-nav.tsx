import { Link } from '@tanstack/react-router';
import { SlideOutMenu } from '../../components/slide-out-menu.tsx';
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

/** The dashboard's tabs in a slide-out menu on phones. */
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
  return (
    <SlideOutMenu
      id="dashboard-menu"
      open={open}
      onClose={onClose}
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
          onClose();
          onChoose();
        }}
      />
    </SlideOutMenu>
  );
}
