import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '../../../features/dashboard/dashboard-page.tsx';
import { dashboardTabs } from './-dashboard-tabs.tsx';

export const Route = createFileRoute('/_authenticated/_dashboard-access/dashboard')({
  component: Dashboard,
});

function Dashboard() {
  return <DashboardPage tabs={dashboardTabs} />;
}
