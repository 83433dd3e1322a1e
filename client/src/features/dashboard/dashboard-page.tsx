import { useRouterState } from '@tanstack/react-router';
import { Suspense, useCallback, useState } from 'react';
import { LoadingState } from '../../components/states.tsx';
import { useLiveConnection } from '../../stores/live-store.ts';
import { DashboardMobileMenu, DashboardSidebar } from './dashboard-nav.tsx';
import { type DashboardTab, tabOf } from './dashboard-tab.ts';
import { DashboardWelcome } from './dashboard-welcome.tsx';
import { SetupChecklist } from './setup-checklist.tsx';

/**
 * The dashboard (spec section 2): the welcome header, then the tab the URL hash names, chosen
 * from the sidebar (desktop) or the slide-out menu (mobile). A tab is mounted afresh whenever
 * it is chosen, so its paging starts again at page 1 (spec). The live channel stays open meanwhile.
 * Above the tab, the setup checklist until its four steps are done. The routes give the tabs.
 */
export function DashboardPage({ tabs }: { tabs: readonly DashboardTab[] }) {
  useLiveConnection();
  const hash = useRouterState({ select: (s) => s.location.hash });
  const tab = tabOf(tabs, hash);
  // Counts choices so that choosing the open tab again also starts it afresh.
  const [choice, setChoice] = useState(0);
  const choose = useCallback(() => setChoice((n) => n + 1), []);
  const Tab = tab.component;

  return (
    <div className="flex flex-1 flex-col bg-surface-muted">
      <DashboardWelcome />
      <div className="mx-auto flex w-full max-w-7xl flex-1 gap-8 px-4 py-6 sm:px-6 lg:px-8">
        <aside className="hidden w-56 shrink-0 md:block">
          <DashboardSidebar tabs={tabs} active={tab} onNavigate={choose} />
        </aside>
        <div className="min-w-0 flex-1">
          <SetupChecklist />
          <DashboardMobileMenu tabs={tabs} active={tab} onNavigate={choose} />
          <Suspense fallback={<LoadingState />}>
            <Tab key={`${tab.hash}:${choice}`} />
          </Suspense>
        </div>
      </div>
    </div>
  );
}
