import { type ComponentType, lazy } from 'react';
import {
  BellIcon,
  BoltIcon,
  ChartIcon,
  DownloadIcon,
  PlayIcon,
  ShieldIcon,
} from '../../components/icons.tsx';
import { NotificationsTab } from '../notifications/notifications-tab.tsx';
import { SignalHistoryTab } from '../signals/signal-history-tab.tsx';
import { SignalTestTab } from '../signals/signal-test-tab.tsx';
import { TabFrame } from './tab-frame.tsx';

/**
 * Tabs other features build in their own files. Each is picked up as soon as its file exists
 * (exporting the named component, or a default export) and loaded on first use; until then the
 * tab shows its frame.
 */
const featureTabs = import.meta.glob<Record<string, ComponentType | undefined>>([
  '../billing/licenses-tab.tsx',
  '../orders/order-history-tab.tsx',
  '../downloads/downloads-tab.tsx',
]);

function featureTab(
  path: string,
  exportName: string,
  frame: { title: string; description: string },
): ComponentType {
  const load = featureTabs[path];
  if (!load) return () => <TabFrame {...frame} />;
  return lazy(async () => {
    const module = await load();
    const component = module[exportName] ?? module.default;
    if (!component) throw new Error(`${path} exports neither ${exportName} nor a default`);
    return { default: component };
  });
}

export type DashboardTab = {
  /** The URL hash that selects it, without '#'. */
  hash: string;
  label: string;
  icon: ComponentType<{ className?: string }>;
  component: ComponentType;
};

/** The dashboard's tabs, in sidebar order; the first is the default and the fallback. */
export const dashboardTabs: readonly DashboardTab[] = [
  {
    hash: 'licenses',
    label: 'Licenses',
    icon: ShieldIcon,
    component: featureTab('../billing/licenses-tab.tsx', 'LicensesTab', {
      title: 'License Information',
      description:
        'Your licence number, plan, expiry date and subscription controls will be shown here.',
    }),
  },
  { hash: 'signal-history', label: 'Signal History', icon: BoltIcon, component: SignalHistoryTab },
  {
    hash: 'order-history',
    label: 'Order History',
    icon: ChartIcon,
    component: featureTab('../orders/order-history-tab.tsx', 'OrderHistoryTab', {
      title: 'Order History',
      description:
        'The orders reported by the OrderTracker EA, with win rate, profit and open trades, will be shown here.',
    }),
  },
  { hash: 'signal-test', label: 'Signal Test', icon: PlayIcon, component: SignalTestTab },
  {
    hash: 'notifications',
    label: 'Notifications',
    icon: BellIcon,
    component: NotificationsTab,
  },
  {
    hash: 'downloads',
    label: 'Downloads',
    icon: DownloadIcon,
    component: featureTab('../downloads/downloads-tab.tsx', 'DownloadsTab', {
      title: 'Downloads',
      description:
        'The MT5 and MT4 Expert Advisor and OrderTracker EA downloads will be offered here.',
    }),
  },
];

/** The tab a URL hash selects: unknown or missing hashes fall back to Licenses. */
export function tabOf(hash: string): DashboardTab {
  const wanted = hash.replace(/^#/, '');
  return dashboardTabs.find((tab) => tab.hash === wanted) ?? (dashboardTabs[0] as DashboardTab);
}
