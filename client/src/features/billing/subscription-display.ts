import type { CurrentUser } from '../../stores/session-store.ts';

/** What the Licenses tab reads from the current user (spec section 3). */
export type SubscriptionView = Pick<
  CurrentUser,
  | 'productType'
  | 'subscriptionStatus'
  | 'subscriptionExpiration'
  | 'isTrialing'
  | 'trialEndDate'
  | 'subscriptionCancelAtPeriodEnd'
  | 'stripeSubscriptionId'
  | 'stripeCustomerId'
>;

const earliestDate = Date.UTC(1980, 0, 1);

/** A stored date worth showing: invalid dates and dates before 1980 count as none (spec §5). */
export function shownDate(value: string | null | undefined): Date | null {
  if (!value || value === 'N/A') return null;
  const time = Date.parse(value);
  return Number.isNaN(time) || time < earliestDate ? null : new Date(time);
}

export function formatDate(value: string | null | undefined): string {
  const date = shownDate(value);
  return date
    ? date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })
    : 'N/A';
}

const isCancelled = (status: string | null) => status === 'cancelled' || status === 'canceled';

export type PlanAction =
  /** Undo the cancellation at period end. */
  | 'reactivate'
  /** The Stripe customer portal. */
  | 'manage'
  /** A new subscription through /payment. */
  | 'subscribe-again'
  /** /payment from the free plan. */
  | 'upgrade';

export type PlanBoxKind = 'trial' | 'free' | 'cancelled' | 'ending' | 'active' | 'self-hosted';

export type PlanBox = { kind: PlanBoxKind; title: string; actions: PlanAction[] };

/**
 * The plan box by the spec's priority (section 4): trial, free plan, cancelled, ending at period
 * end, auto-renewal. Two additions: without billing the account's plan is self-hosted and has
 * nothing to manage; and a cancellation pending during a trial can be undone from the trial box.
 * A cancelled subscription offers Reactivate while its paid time lasts, else a new subscription
 * (Stripe cannot revive an ended one; its portal still shows cards and invoices).
 */
export function planBox(
  user: SubscriptionView,
  { billingEnabled, now }: { billingEnabled: boolean; now: number },
): PlanBox {
  if (!billingEnabled) return { kind: 'self-hosted', title: 'Self-Hosted Plan', actions: [] };
  if (user.isTrialing) {
    return {
      kind: 'trial',
      title: 'Free Trial Active',
      actions: user.subscriptionCancelAtPeriodEnd ? ['reactivate', 'manage'] : ['manage'],
    };
  }
  if (user.productType === 'free')
    return { kind: 'free', title: 'Free Plan', actions: ['upgrade'] };
  if (isCancelled(user.subscriptionStatus)) {
    const expiry = shownDate(user.subscriptionExpiration);
    const actions: PlanAction[] =
      user.stripeSubscriptionId && expiry && expiry.getTime() > now
        ? ['reactivate']
        : user.stripeCustomerId
          ? ['subscribe-again', 'manage']
          : ['subscribe-again'];
    return { kind: 'cancelled', title: 'Subscription Cancelled', actions };
  }
  if (user.subscriptionCancelAtPeriodEnd) {
    return { kind: 'ending', title: 'Subscription Ending', actions: ['reactivate', 'manage'] };
  }
  return { kind: 'active', title: 'Auto-Renewal Active', actions: ['manage'] };
}

export type RenewalBadge = {
  label: 'Free Trial' | 'Auto-renewal enabled' | 'Cancelling at period end' | 'Cancelled';
  tone: 'brand' | 'success' | 'warning' | 'danger';
};

/** The renewal badge: what happens at the end of the current period. None on the free plan. */
export function renewalBadge(
  user: SubscriptionView,
  { billingEnabled }: { billingEnabled: boolean },
): RenewalBadge | null {
  if (!billingEnabled) return null;
  if (isCancelled(user.subscriptionStatus)) return { label: 'Cancelled', tone: 'danger' };
  if (user.subscriptionCancelAtPeriodEnd) {
    return { label: 'Cancelling at period end', tone: 'warning' };
  }
  if (user.isTrialing) return { label: 'Free Trial', tone: 'brand' };
  if (user.productType === 'free') return null;
  return { label: 'Auto-renewal enabled', tone: 'success' };
}

/** Stripe is retrying a failed renewal: the plan lasts until the grace ends. */
export function paymentOverdue(user: SubscriptionView): boolean {
  return user.subscriptionStatus === 'past_due' || user.subscriptionStatus === 'unpaid';
}
