import type { PaidPlan } from '@signalrelay/contracts/billing';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import type { Db } from '../../db/db.ts';
import { users } from '../../db/schema/users.ts';
import { planOfPrice, type StripeBilling } from './billing-stripe.ts';

/** A transaction handle: every write of subscription state happens inside one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const day = 24 * 60 * 60 * 1000;

/**
 * How long a failed renewal keeps the plan, counted from the renewal date, while Stripe retries
 * the card: long enough to fix a card, short enough that "past_due" is not a free month.
 */
export const pastDueGraceMs = 3 * day;

/** Statuses after which a subscription can never bill again. */
const endedStatuses = new Set(['canceled', 'incomplete_expired']);

export type LockedUser = Pick<
  typeof users.$inferSelect,
  'id' | 'productType' | 'subscriptionStatus' | 'stripeSubscriptionId' | 'stripeCustomerId'
>;

const lockedColumns = {
  id: users.id,
  productType: users.productType,
  subscriptionStatus: users.subscriptionStatus,
  stripeSubscriptionId: users.stripeSubscriptionId,
  stripeCustomerId: users.stripeCustomerId,
};

/**
 * The user row, locked until the transaction ends, so that two events (or an event and the
 * Reactivate button) for the same user apply one after the other, each with what Stripe says
 * after the other's change.
 */
export async function lockUser(
  tx: Tx,
  by: { userId: string } | { customerId: string },
): Promise<LockedUser | null> {
  const rows = await tx
    .select(lockedColumns)
    .from(users)
    .where('userId' in by ? eq(users.id, by.userId) : eq(users.stripeCustomerId, by.customerId))
    .limit(1)
    .for('update');
  return rows[0] ?? null;
}

export function idOf(ref: string | { id: string } | null | undefined): string | null {
  if (!ref) return null;
  return typeof ref === 'string' ? ref : ref.id;
}

const dateOf = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/**
 * The paid-through date (stored as subscriptionExpiration), from which core/plans.ts decides
 * entitlement once Stripe stops saying active or trialing:
 * - trialing: the trial end; active: the period end (or an earlier scheduled cancellation);
 * - past_due: the renewal date plus the grace; unpaid/paused: the renewal date (over);
 * - canceled: when it ended; never paid (incomplete*): none.
 */
function paidThrough(sub: Stripe.Subscription, now: number): Date | null {
  const item = sub.items.data[0];
  const periodStart = item?.current_period_start;
  const periodEnd = item?.current_period_end;
  switch (sub.status) {
    case 'trialing':
      return dateOf(sub.trial_end ?? periodEnd);
    case 'active':
      return dateOf(
        sub.cancel_at && periodEnd ? Math.min(sub.cancel_at, periodEnd) : (periodEnd ?? null),
      );
    case 'past_due':
      return periodStart ? new Date(periodStart * 1000 + pastDueGraceMs) : null;
    case 'unpaid':
    case 'paused':
      return dateOf(periodStart);
    case 'canceled':
      return dateOf(sub.ended_at ?? sub.canceled_at) ?? new Date(now);
    default:
      return null;
  }
}

/** The users columns that mirror one Stripe subscription (spec section 3, "Current user"). */
export function subscriptionValues(
  sub: Stripe.Subscription,
  prices: Record<PaidPlan, string>,
  now: number,
) {
  const price = sub.items.data[0]?.price.id;
  const plan = price ? planOfPrice(prices, price) : null;
  const ended = endedStatuses.has(sub.status);
  return {
    // A price we do not know (changed in the Stripe dashboard) leaves the plan as it was.
    ...(plan ? { productType: plan } : {}),
    // The spec (and the Licenses tab) spells it 'cancelled'.
    subscriptionStatus: sub.status === 'canceled' ? 'cancelled' : sub.status,
    subscriptionExpiration: paidThrough(sub, now),
    isTrialing: sub.status === 'trialing',
    trialEndDate: dateOf(sub.trial_end),
    subscriptionCancelAtPeriodEnd: !ended && (sub.cancel_at_period_end || sub.cancel_at !== null),
    stripeSubscriptionId: sub.id,
    stripeSnapshotAt: new Date(now),
    updatedAt: new Date(now),
  };
}

/** Which of two subscriptions of one user the account should follow. */
function prefer(candidate: Stripe.Subscription, linked: Stripe.Subscription): boolean {
  const live = (s: Stripe.Subscription) => !endedStatuses.has(s.status);
  if (live(candidate) !== live(linked)) return live(candidate);
  return candidate.created > linked.created;
}

/**
 * Keeps a user's subscription columns equal to Stripe's current state. Events are never
 * applied from their own snapshot: whatever event arrives, twice or out of order, we ask Stripe
 * for the subscription as it is now, so the last write is always the newest state.
 */
export function createSubscriptionSync({
  billing,
  now,
  logger,
}: {
  billing: StripeBilling;
  now: () => number;
  logger: Logger;
}) {
  const { stripe, prices } = billing;

  async function retrieveOrNull(id: string): Promise<Stripe.Subscription | null> {
    try {
      return await stripe.subscriptions.retrieve(id);
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode === 404) return null;
      throw err;
    }
  }

  /** Writes `sub` onto the locked user; returns whether anything was written. */
  async function write(tx: Tx, user: LockedUser, sub: Stripe.Subscription): Promise<boolean> {
    if (user.stripeSubscriptionId && user.stripeSubscriptionId !== sub.id) {
      // Rare: a second subscription (re-subscribed after a cancellation). Follow the live one.
      const linked = await retrieveOrNull(user.stripeSubscriptionId);
      if (linked && !prefer(sub, linked)) {
        logger.info(
          { userId: user.id, subscription: sub.id, kept: linked.id },
          'stripe: event about a subscription the account no longer follows',
        );
        return false;
      }
    }
    const customerId = idOf(sub.customer);
    const customer = customerId && !user.stripeCustomerId ? { stripeCustomerId: customerId } : {};
    if (customerId && user.stripeCustomerId && user.stripeCustomerId !== customerId) {
      logger.warn(
        { userId: user.id, subscription: sub.id },
        'stripe: subscription of another customer than the account; customer link kept',
      );
    }
    await tx
      .update(users)
      .set({ ...subscriptionValues(sub, prices, now()), ...customer })
      .where(eq(users.id, user.id));
    return true;
  }

  return {
    write,
    /** Fetches the subscription from Stripe and writes it onto the locked user. */
    async refresh(tx: Tx, user: LockedUser, subscriptionId: string): Promise<boolean> {
      const sub = await retrieveOrNull(subscriptionId);
      if (!sub) {
        logger.warn({ userId: user.id, subscriptionId }, 'stripe: subscription not found');
        return false;
      }
      return write(tx, user, sub);
    },
  };
}

export type SubscriptionSync = ReturnType<typeof createSubscriptionSync>;
