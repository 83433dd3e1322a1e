import type { Logger } from 'pino';
import type Stripe from 'stripe';
import type { Db } from '../../db/db.ts';
import { stripeEvents } from '../../db/schema/misc.ts';
import { idOf, type LockedUser, lockUser, type SubscriptionSync, type Tx } from './billing-sync.ts';

/** Which account and subscription an event is about. */
type Target = { userId: string | null; customerId: string | null; subscriptionId: string };

export type EventOutcome =
  | { outcome: 'duplicate' | 'ignored' }
  | { outcome: 'applied'; userId: string; notice: BillingNotice | null };

/** What the user is told by e-mail after an event (billing-mails.ts). */
export type BillingNotice = 'payment-failed' | 'trial-ending';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Our user id as we put it in Checkout (client_reference_id) and in subscription metadata. */
function userIdOf(value: string | null | undefined): string | null {
  return value && uuidPattern.test(value) ? value : null;
}

/** The events that change a subscription (spec section 7, reliability notes A1); others are acknowledged and skipped. */
function targetOf(event: Stripe.Event): Target | null {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const subscriptionId = idOf(session.subscription);
      if (session.mode !== 'subscription' || !subscriptionId) return null;
      return {
        userId: userIdOf(session.client_reference_id),
        customerId: idOf(session.customer),
        subscriptionId,
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
    case 'customer.subscription.trial_will_end': {
      const sub = event.data.object;
      return {
        userId: userIdOf(sub.metadata?.userId),
        customerId: idOf(sub.customer),
        subscriptionId: sub.id,
      };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const details = invoice.parent?.subscription_details;
      const subscriptionId = idOf(details?.subscription);
      if (!subscriptionId) return null;
      return {
        userId: userIdOf(details?.metadata?.userId),
        customerId: idOf(invoice.customer),
        subscriptionId,
      };
    }
    default:
      return null;
  }
}

function noticeOf(event: Stripe.Event): BillingNotice | null {
  if (event.type === 'invoice.payment_failed') return 'payment-failed';
  if (event.type === 'customer.subscription.trial_will_end') return 'trial-ending';
  return null;
}

async function findTarget(tx: Tx, target: Target): Promise<LockedUser | null> {
  const byId = target.userId ? await lockUser(tx, { userId: target.userId }) : null;
  if (byId) return byId;
  return target.customerId ? lockUser(tx, { customerId: target.customerId }) : null;
}

/**
 * Applies one verified Stripe event. In one transaction: the event id goes into stripe_events
 * (a second delivery, even a concurrent one, stops at the primary key and changes nothing),
 * the user row is locked, and the subscription Stripe has now is written onto it. If Stripe
 * cannot be reached the transaction rolls back, the webhook answers 5xx and Stripe retries.
 */
export function createStripeEventProcessor({
  db,
  sync,
  logger,
}: {
  db: Db;
  sync: SubscriptionSync;
  logger: Logger;
}) {
  return async function processEvent(event: Stripe.Event): Promise<EventOutcome> {
    const target = targetOf(event);
    return db.transaction(async (tx): Promise<EventOutcome> => {
      const fresh = await tx
        .insert(stripeEvents)
        .values({ id: event.id, type: event.type })
        .onConflictDoNothing()
        .returning({ id: stripeEvents.id });
      if (fresh.length === 0) return { outcome: 'duplicate' };
      if (!target) return { outcome: 'ignored' };
      const user = await findTarget(tx, target);
      if (!user) {
        // Created outside our Checkout (e.g. by hand in the Stripe dashboard): no account to update.
        logger.warn(
          { eventId: event.id, type: event.type, subscription: target.subscriptionId },
          'stripe: event for a customer we do not know',
        );
        return { outcome: 'ignored' };
      }
      const applied = await sync.refresh(tx, user, target.subscriptionId);
      if (!applied) return { outcome: 'ignored' };
      return { outcome: 'applied', userId: user.id, notice: noticeOf(event) };
    });
  };
}

export type StripeEventProcessor = ReturnType<typeof createStripeEventProcessor>;
