import { z } from 'zod';

/** Request and response shapes of /api/stripe-subscriptions (spec section 7). */

/** Free trial of every new subscription (spec section 9); one trial per account. */
export const trialDays = 14;

export const plans = ['free', 'basic', 'pro'] as const;
export type Plan = (typeof plans)[number];

/** Plan entitlements (spec section 6). */
export const planLimits: Record<Plan, { signalsPerDay: number; historyDays: number | null }> = {
  free: { signalsPerDay: 0, historyDays: 30 },
  basic: { signalsPerDay: 100, historyDays: 90 },
  pro: { signalsPerDay: 500, historyDays: null },
};

export const paidPlans = ['basic', 'pro'] as const;
export type PaidPlan = (typeof paidPlans)[number];

export const checkoutBody = z.object({
  plan: z.enum(paidPlans, { error: 'plan must be basic or pro' }),
});

/** Where the browser goes next: Stripe Checkout or the customer portal. */
export const redirectResponse = z.object({ url: z.string() });

/** The user's subscription as the Licenses tab shows it, after a change made from the tab. */
export const subscriptionFields = z.object({
  productType: z.enum(plans),
  subscriptionStatus: z.string().nullable(),
  /** ISO date, or 'N/A' without an expiry (as in the current user). */
  subscriptionExpiration: z.string(),
  isTrialing: z.boolean(),
  trialEndDate: z.string().nullable(),
  subscriptionCancelAtPeriodEnd: z.boolean(),
  stripeSubscriptionId: z.string().nullable(),
  stripeCustomerId: z.string().nullable(),
});
export type SubscriptionFields = z.infer<typeof subscriptionFields>;

export const reactivateResponse = z.object({
  message: z.string(),
  user: subscriptionFields,
});

/** `GET /api/stripe-subscriptions/status`: whether the payment page can take payments. */
export const billingStatus = z.object({
  enabled: z.boolean(),
  trialDays: z.number(),
  /** The plan every account has when billing is off; null when billing is on. */
  selfHostedPlan: z.enum(['free', 'basic', 'pro']).nullable(),
});
export type BillingStatus = z.infer<typeof billingStatus>;
