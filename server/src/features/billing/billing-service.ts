import { type PaidPlan, type SubscriptionFields, trialDays } from '@signalrelay/contracts/billing';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import { subscriptionFieldsOf } from '../../core/plans.ts';
import type { Db } from '../../db/db.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';
import type { SessionUser } from '../../http/sessions.ts';
import type { Bus } from '../../ports/bus.ts';
import { announceUserChanged } from '../account/account-events.ts';
import type { StripeBilling } from './billing-stripe.ts';
import { lockUser, type SubscriptionSync } from './billing-sync.ts';

/** Statuses of a subscription that still bills: a second Checkout would charge twice. */
const billingStatuses = new Set(['trialing', 'active', 'past_due', 'unpaid', 'paused']);

type Deps = {
  db: Db;
  billing: StripeBilling;
  sync: SubscriptionSync;
  bus: Bus;
  logger: Logger;
  publicUrl: string;
};

/** The calls the dashboard and the payment page make (spec section 7, /api/stripe-subscriptions). */
export function createBillingService({ db, billing, sync, bus, logger, publicUrl }: Deps) {
  const { stripe, prices } = billing;

  /** Every instance's license cache drops the user, so the new plan's quota applies at once. */
  async function announce(userId: string) {
    await announceUserChanged(bus, userId).catch((err) =>
      logger.warn({ err, userId }, 'could not announce the plan change'),
    );
  }

  return {
    announce,

    /**
     * A Stripe Checkout session for a monthly subscription, with the 14-day trial unless the
     * account already had one (Stripe does not stop repeated trials; we do). The subscription
     * carries our user id so its events find the account even before Checkout's own event.
     */
    async checkout(user: SessionUser, plan: PaidPlan): Promise<string> {
      if (
        user.stripeSubscriptionId &&
        user.subscriptionStatus &&
        billingStatuses.has(user.subscriptionStatus)
      ) {
        throw new AppError(
          'CONFLICT',
          'You already have a subscription. Use Manage Subscription in the dashboard to change it.',
        );
      }
      const params: Stripe.Checkout.SessionCreateParams = {
        mode: 'subscription',
        line_items: [{ price: prices[plan], quantity: 1 }],
        client_reference_id: user.id,
        subscription_data: {
          metadata: { userId: user.id, plan },
          ...(user.trialEndDate ? {} : { trial_period_days: trialDays }),
        },
        metadata: { userId: user.id, plan },
        success_url: `${publicUrl}/dashboard#licenses`,
        // Checkout has no failure redirect of its own: leaving it lands on the spec's
        // payment-failed page, whose Try Again returns to this plan.
        cancel_url: `${publicUrl}/payment-failed?plan=${plan}`,
        ...(user.stripeCustomerId
          ? { customer: user.stripeCustomerId }
          : { customer_email: user.email }),
      };
      const session = await stripe.checkout.sessions.create(params);
      if (!session.url) throw new AppError('INTERNAL', 'Stripe returned no Checkout URL.');
      return session.url;
    },

    /** The Stripe customer portal (cards, invoices, cancel), returning to the Licenses tab. */
    async portal(user: SessionUser): Promise<string> {
      if (!user.stripeCustomerId) {
        throw new AppError(
          'NOT_FOUND',
          'No billing account yet: choose a plan on the payment page first.',
        );
      }
      const session = await stripe.billingPortal.sessions.create({
        customer: user.stripeCustomerId,
        return_url: `${publicUrl}/dashboard#licenses`,
      });
      return session.url;
    },

    /**
     * Undoes a cancellation at period end, so the subscription renews again. A subscription
     * that has already ended cannot be revived (Stripe's rule): that user subscribes again.
     */
    async reactivate(userId: string): Promise<SubscriptionFields> {
      const fields = await db.transaction(async (tx) => {
        const user = await lockUser(tx, { userId });
        if (!user?.stripeSubscriptionId) {
          throw new AppError('CONFLICT', 'There is no subscription to reactivate.');
        }
        let sub = await stripe.subscriptions.retrieve(user.stripeSubscriptionId);
        if (sub.status === 'canceled' || sub.status === 'incomplete_expired') {
          throw new AppError(
            'CONFLICT',
            'This subscription has ended and cannot be reactivated. Please subscribe again.',
          );
        }
        // Stripe takes one of the two per call; the portal may have set either.
        if (sub.cancel_at_period_end) {
          sub = await stripe.subscriptions.update(sub.id, { cancel_at_period_end: false });
        } else if (sub.cancel_at) {
          sub = await stripe.subscriptions.update(sub.id, { cancel_at: '' });
        }
        await sync.write(tx, user, sub);
        const [row] = await tx.select().from(users).where(eq(users.id, userId));
        return subscriptionFieldsOf(row!);
      });
      await announce(userId);
      return fields;
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
