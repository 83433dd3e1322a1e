import type { SubscriptionFields } from '@signalrelay/contracts/billing';
import type { Config } from '../config.ts';
import type { Plan, users } from '../db/schema/users.ts';

/** Billing exists only with Stripe keys; without them the server is self-hosted (DESIGN.md §3). */
export function billingConfigured(config: Pick<Config, 'STRIPE_SECRET_KEY'>): boolean {
  return Boolean(config.STRIPE_SECRET_KEY);
}

export type SubscriptionState = Pick<
  typeof users.$inferSelect,
  'productType' | 'subscriptionStatus' | 'subscriptionExpiration'
>;

/** Stripe statuses that entitle to the paid plan whatever the stored expiry says. */
const entitledStatuses = new Set(['active', 'trialing']);

/**
 * Whether a user's subscription pays for their plan right now: Stripe says active or trialing,
 * or the paid-through date has not passed. Billing stores that date so it already holds the
 * rules: the period end of a cancelled subscription, a short grace after a failed renewal
 * (features/billing/README.md).
 */
export function subscriptionCurrent(user: SubscriptionState, now: number): boolean {
  if (user.subscriptionStatus && entitledStatuses.has(user.subscriptionStatus)) return true;
  return user.subscriptionExpiration !== null && user.subscriptionExpiration.getTime() > now;
}

/**
 * The plan whose limits apply now. Without billing every account keeps the plan it was given
 * (the self-hosted plan, or one set with `npm run admin -- set-plan`). With billing, a paid
 * plan whose subscription ran out is held to the free plan's limits until it is renewed; the
 * stored plan stays, so the dashboard can say 'Subscription expired' and offer to renew it.
 */
export function effectivePlan(
  user: SubscriptionState,
  { billing, now }: { billing: boolean; now: number },
): Plan {
  if (!billing || user.productType === 'free') return user.productType;
  return subscriptionCurrent(user, now) ? user.productType : 'free';
}

/** The subscription part of the API's user (the spec's "Current user") from a users row. */
export function subscriptionFieldsOf(
  row: Pick<typeof users.$inferSelect, keyof SubscriptionFields>,
): SubscriptionFields {
  return {
    productType: row.productType,
    subscriptionStatus: row.subscriptionStatus,
    subscriptionExpiration: row.subscriptionExpiration?.toISOString() ?? 'N/A',
    isTrialing: row.isTrialing,
    trialEndDate: row.trialEndDate?.toISOString() ?? null,
    subscriptionCancelAtPeriodEnd: row.subscriptionCancelAtPeriodEnd,
    stripeSubscriptionId: row.stripeSubscriptionId,
    stripeCustomerId: row.stripeCustomerId,
  };
}
