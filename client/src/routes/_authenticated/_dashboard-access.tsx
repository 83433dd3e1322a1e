import { createFileRoute } from '@tanstack/react-router';
import { DashboardAccessGate } from '../../features/auth/dashboard-access-gate.tsx';

/** Screens that need dashboard access (verified, and a plan in force) nest under this layout. */
export const Route = createFileRoute('/_authenticated/_dashboard-access')({
  component: DashboardAccessGate,
});
