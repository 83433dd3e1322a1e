import type { ComponentType } from 'react';

export type DashboardTab = {
  /** The URL hash that selects it, without '#'. */
  hash: string;
  label: string;
  icon: ComponentType<{ className?: string }>;
  component: ComponentType;
};

/** The tab a URL hash selects: unknown or missing hashes fall back to the first. */
export function tabOf(tabs: readonly DashboardTab[], hash: string): DashboardTab {
  const wanted = hash.replace(/^#/, '');
  return tabs.find((tab) => tab.hash === wanted) ?? (tabs[0] as DashboardTab);
}
