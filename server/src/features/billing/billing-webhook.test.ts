import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { browserClient, mailTo } from '../../../test/auth.ts';
import { type SmtpReceiver, startSmtpReceiver } from '../../../test/smtp-receiver.ts';
import {
  type FakeEvent,
  signedDelivery,
  stripeTestConfig,
  testWebhookSecret,
} from '../../../test/stripe-events.ts';
import { type StripeFake, startStripeFake } from '../../../test/stripe-fake.ts';
import { createTestUser } from '../../../test/users.ts';
import { stripeEvents } from '../../db/schema/misc.ts';
import { type Plan, users } from '../../db/schema/users.ts';
import { createBillingReconcile } from './billing-reconcile.ts';
import { openStripeBilling } from './billing-stripe.ts';
import { createSubscriptionSync, pastDueGraceMs } from './billing-sync.ts';

const day = 24 * 60 * 60 * 1000;
const webhookUrl = '/api/stripe-subscriptions/webhook';

/** One clock for the app and the Stripe fake, so a test can let days pass. */
let clock = Date.now();
const now = () => clock;

let fake: StripeFake;
let smtp: SmtpReceiver;
let t: TestApp;

beforeAll(async () => {
  [fake, smtp] = await Promise.all([startStripeFake({ now }), startSmtpReceiver()]);
  t = await createTestApp({ ...stripeTestConfig(fake), SMTP_URL: smtp.url, redis: true, now });
});

afterAll(async () => {
  await t?.close();
  await Promise.all([fake?.close(), smtp?.close()]);
});

/**
 * A user with a session on the app's clock. Tests that let days pass call `resume()` first,
 * as a returning user signs in again after the 7-day idle limit.
 */
async function signedIn(plan: Plan = 'free') {
  const user = await createTestUser(t.deps.database.db, { plan });
  const client = browserClient(t.app, t.deps.config.publicUrl);
  async function resume() {
    const { id } = await t.app.auth.sessions.create(user.id, 'test');
    client.jar.set(t.app.auth.cookieName, id);
  }
  await resume();
  return { user, client, resume };
}

type Client = Awaited<ReturnType<typeof signedIn>>['client'];

function post(event: FakeEvent, { secret = testWebhookSecret, timestamp = clock / 1000 } = {}) {
  const { payload, headers } = signedDelivery(event, secret, Math.floor(timestamp));
  return t.app.inject({ method: 'POST', url: webhookUrl, payload, headers });
}

async function deliverAll(events: FakeEvent[]) {
  for (const event of events) {
    const response = await post(event);
    expect(response.statusCode, `${event.type}: ${response.body}`).toBe(200);
  }
}

/** Goes through our Checkout call and has the fake customer pay; the events are not sent yet. */
async function checkout(client: Client, plan: 'basic' | 'pro') {
  const response = await client.post('/api/stripe-subscriptions/create-checkout-session', { plan });
  expect(response.statusCode, response.body).toBe(200);
  return fake.completeCheckout(response.json().url.split('/').pop());
}

async function me(client: Client) {
  const response = await client.get('/api/auth/getme');
  expect(response.statusCode).toBe(200);
  return response.json();
}

function alert(licenseNumber: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/webhook/handleWebhook',
    payload: { licenseNumber, symbol: 'EURUSD', position: 'buy', lot: 0.01 },
  });
}

function retrievals(subscriptionId: string) {
  return fake.calls.filter((c) => c.method === 'GET' && c.path.endsWith(subscriptionId)).length;
}

async function recorded(eventId: string) {
  const db = t.deps.database.db;
  return (await db.select().from(stripeEvents).where(eq(stripeEvents.id, eventId))).length;
}

describe('Stripe webhook', () => {
  it('starts the trial on Checkout and applies the plan to the quota at once', async () => {
    const { user, client } = await signedIn('free');
    // The license cache now holds the free plan.
    expect((await alert(user.licenseNumber)).statusCode).toBe(403);

    const { subscription, events } = await checkout(client, 'basic');
    await deliverAll(events);

    const current = await me(client);
    expect(current).toMatchObject({
      productType: 'basic',
      subscriptionStatus: 'trialing',
      isTrialing: true,
      subscriptionCancelAtPeriodEnd: false,
      stripeSubscriptionId: subscription.id,
      stripeCustomerId: subscription.customer,
    });
    const trialEnd = new Date(subscription.trial_end! * 1000).toISOString();
    expect(current.trialEndDate).toBe(trialEnd);
    expect(current.subscriptionExpiration).toBe(trialEnd);
    expect(Date.parse(trialEnd) - clock).toBeGreaterThan(13.9 * day);

    // The announcement travels through Redis pub/sub, so allow it its round trip; without it
    // the cached free plan would last a minute.
    await expect.poll(async () => (await alert(user.licenseNumber)).statusCode).toBe(200);
    expect((await client.get('/api/auth/dashboard-access')).statusCode).toBe(200);
  });

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
    clock += 15 * day;
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

  it('keeps the plan through a short grace after a failed renewal, then blocks signals', async () => {
    const { user, client, resume } = await signedIn();
    const { subscription, events } = await checkout(client, 'pro');
    await deliverAll(events);
    clock += 14 * day + 60_000;
    const renewedAt = clock;
    await deliverAll(fake.failPayment(subscription.id));
    await resume();

    const current = await me(client);
    expect(current.subscriptionStatus).toBe('past_due');
    expect(current.subscriptionExpiration).toBe(
      new Date(Math.floor(renewedAt / 1000) * 1000 + pastDueGraceMs).toISOString(),
    );
    expect((await client.get('/api/auth/dashboard-access')).statusCode).toBe(200);
    expect((await alert(user.licenseNumber)).statusCode).toBe(200);

    const mail = await mailTo(smtp, user.email, 'payment failed');
    expect(mail.text).toContain("Unfortunately, we couldn't process your payment at this time.");
    expect(mail.text).toContain(`${t.deps.config.publicUrl}/billing-portal`);

    // Past the grace, and past the minute the license cache may keep the owner.
    clock += pastDueGraceMs + 61_000;
    const access = await client.get('/api/auth/dashboard-access');
    expect(access.statusCode).toBe(403);
    expect(access.json().error).toBe('Subscription expired');
    expect((await alert(user.licenseNumber)).statusCode).toBe(403);
  });

  it('mails the trial reminder, unless the trial was cancelled', async () => {
    const first = await signedIn();
    const started = await checkout(first.client, 'basic');
    await deliverAll([...started.events, fake.trialWillEnd(started.subscription.id)]);
    const mail = await mailTo(smtp, first.user.email, 'free trial ends');
    expect(mail.text).toContain('basic plan then continues as a monthly subscription');

    const second = await signedIn();
    const other = await checkout(second.client, 'pro');
    await deliverAll(other.events);
    await deliverAll([
      fake.cancelAtPeriodEnd(other.subscription.id),
      fake.trialWillEnd(other.subscription.id),
    ]);
    // A later mail to the first user proves the job queue ran past the second user's job.
    await deliverAll([fake.trialWillEnd(started.subscription.id)]);
    await mailTo(smtp, first.user.email, 'free trial ends', 1);
    expect(smtp.messages.some((m) => m.envelope.to.includes(second.user.email))).toBe(false);
  });

  it('marks an ended subscription cancelled and expired', async () => {
    const { user, client } = await signedIn();
    const { subscription, events } = await checkout(client, 'basic');
    await deliverAll(events);
    await deliverAll([fake.endSubscription(subscription.id)]);

    const current = await me(client);
    expect(current).toMatchObject({
      productType: 'basic',
      subscriptionStatus: 'cancelled',
      isTrialing: false,
      subscriptionCancelAtPeriodEnd: false,
    });
    clock += 1000;
    const access = await client.get('/api/auth/dashboard-access');
    expect(access.statusCode).toBe(403);
    expect(access.json().error).toBe('Subscription expired');
    expect((await alert(user.licenseNumber)).statusCode).toBe(403);
  });

  it('rejects a forged or replayed delivery with 400 and changes nothing', async () => {
    const { client } = await signedIn();
    const { events } = await checkout(client, 'pro');
    const created = events[0]!;

    const forged = await post(created, { secret: 'whsec_not_ours' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe('Invalid Stripe signature or timestamp.');
    const replayed = await post(created, { timestamp: clock / 1000 - 301 });
    expect(replayed.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: webhookUrl,
      payload: JSON.stringify(created),
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    // Bytes changed after signing (re-serialised JSON) do not verify either.
    const { payload, headers } = signedDelivery(created, testWebhookSecret, clock / 1000);
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
    clock += 14 * day + 60 * 60 * 1000 + 1000;
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
