import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type FakeEvent, signedDelivery, testWebhookSecret } from '../../../test/stripe-events.ts';
import { stripeEvents } from '../../db/schema/misc.ts';
import { users } from '../../db/schema/users.ts';
import { createBillingReconcile } from './billing-reconcile.ts';
import { openStripeBilling } from './billing-stripe.ts';
import { createSubscriptionSync } from './billing-sync.ts';
import {
  checkout,
  clock,
  day,
  deliverAll,
  fake,
  me,
  now,
  post,
  signedIn,
  t,
  useStripeWebhookApp,
  webhookUrl,
} from './billing-webhook-test-setup.ts';

useStripeWebhookApp();

function retrievals(subscriptionId: string) {
  return fake.calls.filter((c) => c.method === 'GET' && c.path.endsWith(subscriptionId)).length;
}

async function recorded(eventId: string) {
  const db = t.deps.database.db;
  return (await db.select().from(stripeEvents).where(eq(stripeEvents.id, eventId))).length;
}

describe('Stripe webhook', () => {
  it('applies a duplicate delivery once, even when both copies arrive together', async () => {
    const { client } = await signedIn();
    const { subscription, events } = await checkout(client, 'pro');
    const [created, completed] = events as [FakeEvent, FakeEvent];

    const [a, b] = await Promise.all([post(created), post(created)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(retrievals(subscription.id)).toBe(1);
    await deliverAll([completed]);
    const fetched = retrievals(subscription.id);

    // The portal cancels; then Stripe sends the old `completed` event again.
    const cancelled = fake.cancelAtPeriodEnd(subscription.id);
    await deliverAll([cancelled]);
    const again = await post(completed);
    expect(again.statusCode).toBe(200);
    expect(retrievals(subscription.id)).toBe(fetched + 1);
    expect(await me(client)).toMatchObject({
      productType: 'pro',
      subscriptionCancelAtPeriodEnd: true,
    });
  });

  it('ends in the newest state when events arrive out of order', async () => {
    const { client, resume } = await signedIn();
    const { subscription, events } = await checkout(client, 'basic');
    clock.now += 15 * day;
    const renewal = fake.endTrial(subscription.id);
    const cancelled = fake.cancelAtPeriodEnd(subscription.id);
    await resume();

    // Newest first, so the stale snapshots (trialing, not cancelling) come last.
    await deliverAll([cancelled, ...renewal.reverse(), ...events.reverse()]);
    const current = await me(client);
    expect(current).toMatchObject({
      subscriptionStatus: 'active',
      isTrialing: false,
      subscriptionCancelAtPeriodEnd: true,
    });
    const item = subscription.items.data[0]!;
    expect(current.subscriptionExpiration).toBe(
      new Date(item.current_period_end * 1000).toISOString(),
    );
  });

  it('rejects a forged or replayed delivery with 400 and changes nothing', async () => {
    const { client } = await signedIn();
    const { events } = await checkout(client, 'pro');
    const created = events[0]!;

    const forged = await post(created, { secret: 'whsec_not_ours' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe('Invalid Stripe signature or timestamp.');
    const replayed = await post(created, { timestamp: clock.now / 1000 - 301 });
    expect(replayed.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: webhookUrl,
      payload: JSON.stringify(created),
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    // Bytes changed after signing (re-serialised JSON) do not verify either.
    const { payload, headers } = signedDelivery(created, testWebhookSecret, clock.now / 1000);
    const tampered = await t.app.inject({
      method: 'POST',
      url: webhookUrl,
      payload: payload.replace('"trialing"', '"active"'),
      headers,
    });
    expect(tampered.statusCode).toBe(400);

    expect(await recorded(created.id)).toBe(0);
    expect(await me(client)).toMatchObject({ productType: 'free', subscriptionStatus: null });

    // The genuine delivery still goes through: nothing was half-recorded.
    await deliverAll([created]);
    expect(await me(client)).toMatchObject({ productType: 'pro', subscriptionStatus: 'trialing' });
  });

  it('answers 5xx and records nothing while Stripe cannot be reached, so Stripe retries', async () => {
    const { client } = await signedIn();
    const { subscription, events } = await checkout(client, 'basic');
    const path = `/v1/subscriptions/${subscription.id}`;
    // The SDK retries twice on its own.
    for (let i = 0; i < 3; i++) fake.failNext('GET', path, 500);
    const failed = await post(events[1]!);
    expect(failed.statusCode).toBe(500);
    expect(await recorded(events[1]!.id)).toBe(0);

    await deliverAll([events[1]!]);
    expect(await me(client)).toMatchObject({ subscriptionStatus: 'trialing' });
  });

  it('acknowledges events it has no use for, and events of unknown customers', async () => {
    const other = fake.event('customer.created', { id: 'cus_unrelated', object: 'customer' });
    expect((await post(other)).statusCode).toBe(200);
    expect(await recorded(other.id)).toBe(1);

    const { client, user } = await signedIn();
    const { subscription } = await checkout(client, 'basic');
    subscription.metadata = {};
    const orphan = fake.updateSubscription(subscription.id, { customer: 'cus_nobody' });
    expect((await post(orphan)).statusCode).toBe(200);
    const [row] = await t.deps.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.stripeSubscriptionId).toBeNull();
  });

  it('reads Stripe again when a renewal event was lost (the hourly reconciliation)', async () => {
    const { client, resume } = await signedIn();
    const { subscription, events } = await checkout(client, 'basic');
    await deliverAll(events);
    clock.now += 14 * day + 60 * 60 * 1000 + 1000;
    fake.endTrial(subscription.id); // its events never arrive
    await resume();

    const billing = openStripeBilling(t.deps.config)!;
    const sync = createSubscriptionSync({ billing, now, logger: t.deps.logger });
    const reconcile = createBillingReconcile({ ...t.deps, sync });
    expect(await reconcile.run()).toBeGreaterThanOrEqual(1);
    const item = subscription.items.data[0]!;
    expect(await me(client)).toMatchObject({
      subscriptionStatus: 'active',
      isTrialing: false,
      subscriptionExpiration: new Date(item.current_period_end * 1000).toISOString(),
    });
    // Synced just now: the next run leaves it alone.
    const fetched = retrievals(subscription.id);
    await reconcile.run();
    expect(retrievals(subscription.id)).toBe(fetched);
  });
});
