import { paidPlans } from '@signalrelay/contracts/billing';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { PaymentPage } from '../features/billing/payment-page.tsx';

export const Route = createFileRoute('/payment')({
  validateSearch: z.object({ plan: z.enum(paidPlans).optional().catch(undefined) }),
  component: function PaymentRoute() {
    const { plan } = Route.useSearch();
    return <PaymentPage plan={plan} />;
  },
});
