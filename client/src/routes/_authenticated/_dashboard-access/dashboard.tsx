import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { DashboardPage } from '../../../features/dashboard/dashboard-page.tsx';
import { orderHistorySearch } from '../../../features/orders/orders-api.ts';
import { signalHistorySearch } from '../../../features/signals/signals-api.ts';
import { dashboardTabs } from './-dashboard-tabs.tsx';

/** The history tabs' filters, sort and page: `?signals={…}`, `?orders={…}` (a filtered list is a link). */
const dashboardSearch = z.object({ signals: signalHistorySearch, orders: orderHistorySearch });

export const Route = createFileRoute('/_authenticated/_dashboard-access/dashboard')({
  validateSearch: dashboardSearch,
  component: Dashboard,
});

function Dashboard() {
  return <DashboardPage tabs={dashboardTabs} />;
}
