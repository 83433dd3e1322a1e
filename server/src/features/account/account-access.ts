import { subscriptionCurrent } from '../../core/plans.ts';
import type { users } from '../../db/schema/users.ts';

type AccessFields = Pick<
  typeof users.$inferSelect,
  | 'verified'
  | 'productType'
  | 'subscriptionStatus'
  | 'subscriptionExpiration'
  | 'stripeSubscriptionId'
>;

export type DashboardAccess =
  | { allowed: true }
  | {
      allowed: false;
      code: 'EMAIL_NOT_VERIFIED' | 'SUBSCRIPTION_REQUIRED' | 'SUBSCRIPTION_EXPIRED';
    };

/** Stripe statuses of a subscription whose first payment never went through. */
const neverPaidStatuses = new Set(['incomplete', 'incomplete_expired']);

/**
 * Who may open the dashboard (spec sections 4 and 6), the one place this is decided:
 * - unverified e-mail: no (the client shows Verification Needed);
 * - billing not configured: yes, every account has the self-hosted plan;
 * - the free plan: yes. It is a plan of its own (30 days of order history, no signal transfer)
 *   and the Licenses tab has a 'Free Plan' box, so "without an active subscription" in the
 *   spec's role table can only mean a paid plan whose subscription is missing or over;
 * - basic/pro: while the subscription is current (core/plans.ts: active, trialing, or before
 *   its paid-through date); 'Subscription required' if there never was a paid subscription,
 *   'Subscription expired' once it ran out.
 */
export function dashboardAccess(
  user: AccessFields,
  { billingConfigured, now }: { billingConfigured: boolean; now: number },
): DashboardAccess {
  if (!user.verified) return { allowed: false, code: 'EMAIL_NOT_VERIFIED' };
  if (!billingConfigured) return { allowed: true };
  if (user.productType === 'free') return { allowed: true };
  if (subscriptionCurrent(user, now)) return { allowed: true };
  const neverPaid =
    (!user.stripeSubscriptionId && !user.subscriptionStatus) ||
    (user.subscriptionStatus !== null && neverPaidStatuses.has(user.subscriptionStatus));
  return { allowed: false, code: neverPaid ? 'SUBSCRIPTION_REQUIRED' : 'SUBSCRIPTION_EXPIRED' };
}
