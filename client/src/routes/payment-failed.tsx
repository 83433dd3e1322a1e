import { paidPlans } from '@signalrelay/contracts/billing';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { PaymentFailedPage } from '../features/billing/payment-failed-page.tsx';

export const Route = createFileRoute('/payment-failed')({
  // The spec's default plan is pro.
  validateSearch: z.object({ plan: z.enum(paidPlans).catch('pro').default('pro') }),
  component: function PaymentFailedRoute() {
    const { plan } = Route.useSearch();
    return <PaymentFailedPage plan={plan} />;
  },
});
