import { lazy } from 'react';
import {
  BellIcon,
  BoltIcon,
  ChartIcon,
  DownloadIcon,
  PlayIcon,
  SettingsIcon,
  ShieldIcon,
} from '../../../components/icons.tsx';
import type { DashboardTab } from '../../../features/dashboard/dashboard-tab.ts';
import { NotificationsTab } from '../../../features/notifications/notifications-tab.tsx';
import { RulesTab } from '../../../features/rules/rules-tab.tsx';
import { SignalHistoryTab } from '../../../features/signals/signal-history-tab.tsx';
import { SignalTestTab } from '../../../features/signals/signal-test-tab.tsx';
import { TerminalsPanel } from '../../../features/terminals/terminals-panel.tsx';

/*
 * The dashboard's tabs are put together here, in the routes, because each comes from its own
 * feature and features never import each other (npm run lint:layers). Tabs with charts or
 * Stripe load on first use.
 */
const LicensesTab = lazy(() =>
  import('../../../features/billing/licenses-tab.tsx').then((m) => ({ default: m.LicensesTab })),
);
const OrderHistoryTab = lazy(() =>
  import('../../../features/orders/order-history-tab.tsx').then((m) => ({
    default: m.OrderHistoryTab,
  })),
);
const DownloadsTab = lazy(() =>
  import('../../../features/downloads/downloads-tab.tsx').then((m) => ({
    default: m.DownloadsTab,
  })),
);

function SignalHistoryWithTerminals() {
  return <SignalHistoryTab terminals={<TerminalsPanel />} />;
}

/** The dashboard's tabs, in sidebar order; the first is the default and the fallback. */
export const dashboardTabs: readonly DashboardTab[] = [
  { hash: 'licenses', label: 'Licenses', icon: ShieldIcon, component: LicensesTab },
  {
    hash: 'signal-history',
    label: 'Signal History',
    icon: BoltIcon,
    component: SignalHistoryWithTerminals,
  },
  { hash: 'order-history', label: 'Order History', icon: ChartIcon, component: OrderHistoryTab },
  { hash: 'signal-test', label: 'Signal Test', icon: PlayIcon, component: SignalTestTab },
  { hash: 'rules', label: 'Rules', icon: SettingsIcon, component: RulesTab },
  { hash: 'notifications', label: 'Notifications', icon: BellIcon, component: NotificationsTab },
  { hash: 'downloads', label: 'Downloads', icon: DownloadIcon, component: DownloadsTab },
];
