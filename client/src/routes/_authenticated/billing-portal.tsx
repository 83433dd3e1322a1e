import { createFileRoute } from '@tanstack/react-router';
import { BillingPortalPage } from '../../features/billing/billing-portal-page.tsx';

/** The customer portal redirect screen (spec section 2, protected). */
export const Route = createFileRoute('/_authenticated/billing-portal')({
  component: BillingPortalPage,
});
