import type {
  BillingStatus,
  PaidPlan,
  reactivateResponse,
  redirectResponse,
} from '@signalrelay/contracts/billing';
import type { z } from 'zod';
import { api } from '../../lib/api-client.ts';
import { apiQuery } from '../../lib/query.ts';

/**
 * Whether this server takes payments (GET /api/stripe-subscriptions/status), asked once per
 * visit: it only changes when the server is reconfigured and restarted.
 */
export const billingStatusQuery = apiQuery<BillingStatus>(
  ['billing', 'status'],
  '/api/stripe-subscriptions/status',
  { staleTime: Number.POSITIVE_INFINITY },
);

/** The /api/stripe-subscriptions calls (spec section 7) and license regeneration, typed by the server. */
export const billingApi = {
  checkout: (plan: PaidPlan) =>
    api.post<z.infer<typeof redirectResponse>>(
      '/api/stripe-subscriptions/create-checkout-session',
      {
        plan,
      },
    ),
  portal: () =>
    api.post<Partial<z.infer<typeof redirectResponse>> & { message?: string }>(
      '/api/stripe-subscriptions/create-portal-session',
    ),
  reactivate: () =>
    api.post<z.infer<typeof reactivateResponse>>(
      '/api/stripe-subscriptions/reactivate-subscription',
    ),
  regenerateLicense: () => api.post<{ licenseNumber: string }>('/api/account/license/regenerate'),
};

/** Leaves the app for a Stripe page (Checkout or the customer portal). */
export function goToStripe(url: string): void {
  window.location.assign(url);
}
