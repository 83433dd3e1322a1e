import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { browserClient } from '../../../test/auth.ts';
import {
  type FakeEvent,
  signedDelivery,
  stripeTestConfig,
  testPrices,
  testWebhookSecret,
} from '../../../test/stripe-events.ts';
import { type StripeFake, startStripeFake } from '../../../test/stripe-fake.ts';
import { createTestUser } from '../../../test/users.ts';
import type { Plan } from '../../db/schema/users.ts';

const base = '/api/stripe-subscriptions';
/** The calls that change a subscription: each needs a signed-in user and a configured Stripe. */
const billingCalls = [
  'create-checkout-session',
  'create-portal-session',
  'reactivate-subscription',
] as const;

async function signedIn(t: TestApp, plan: Plan = 'free') {
  const user = await createTestUser(t.deps.database.db, { plan });
  const client = browserClient(t.app, t.deps.config.publicUrl);
  const { id } = await t.app.auth.sessions.create(user.id, 'test');
  client.jar.set(t.app.auth.cookieName, id);
  return { user, client };
}

describe('billing with Stripe', () => {
  let fake: StripeFake;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startStripeFake();
    t = await createTestApp(stripeTestConfig(fake));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  async function deliver(events: FakeEvent[]) {
    for (const event of events) {
      const { payload, headers } = signedDelivery(event, testWebhookSecret);
      const response = await t.app.inject({
        method: 'POST',
        url: `${base}/webhook`,
        payload,
        headers,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
  }

  async function subscribe(client: ReturnType<typeof browserClient>, plan: 'basic' | 'pro') {
    const response = await client.post(`${base}/create-checkout-session`, { plan });
    expect(response.statusCode, response.body).toBe(200);
    const completed = fake.completeCheckout(response.json().url.split('/').pop());
    await deliver(completed.events);
    return completed.subscription;
  }

  it('says billing is on', async () => {
    const response = await t.app.inject({ url: `${base}/status` });
    expect(response.json()).toEqual({ enabled: true, trialDays: 14, selfHostedPlan: null });
  });

  it('opens Checkout for the chosen plan with the 14-day trial', async () => {
    const { user, client } = await signedIn(t);
    const response = await client.post(`${base}/create-checkout-session`, { plan: 'pro' });
    expect(response.statusCode).toBe(200);
    const { url } = response.json();
    expect(url).toMatch(new RegExp(`^${fake.url}/checkout/cs_test_`));
    const call = fake.calls.at(-1)!;
    expect(call.path).toBe('/v1/checkout/sessions');
    const publicUrl = t.deps.config.publicUrl;
    expect(call.params).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': testPrices.pro,
      'line_items[0][quantity]': '1',
      client_reference_id: user.id,
      customer_email: user.email,
      'subscription_data[trial_period_days]': '14',
      'subscription_data[metadata][userId]': user.id,
      success_url: `${publicUrl}/dashboard#licenses`,
      cancel_url: `${publicUrl}/payment-failed?plan=pro`,
    });
  });

  it('checks the plan, the session and the Origin', async () => {
    const { client } = await signedIn(t);
    const bad = await client.post(`${base}/create-checkout-session`, { plan: 'gold' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('plan: plan must be basic or pro');

    const foreign = await client.post(
      `${base}/create-checkout-session`,
      { plan: 'basic' },
      { origin: 'https://evil.example' },
    );
    expect(foreign.statusCode).toBe(403);

    const anonymous = browserClient(t.app, t.deps.config.publicUrl);
    for (const path of billingCalls) {
      const response = await anonymous.post(`${base}/${path}`, { plan: 'basic' });
      expect(response.statusCode, path).toBe(401);
    }
  });

  it('refuses a second Checkout while a subscription bills, and no second trial after one', async () => {
    const { client } = await signedIn(t);
    const sub = await subscribe(client, 'basic');
    const again = await client.post(`${base}/create-checkout-session`, { plan: 'pro' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('You already have a subscription');

    await deliver([fake.endSubscription(sub.id)]);
    const resubscribe = await client.post(`${base}/create-checkout-session`, { plan: 'pro' });
    expect(resubscribe.statusCode).toBe(200);
    const call = fake.calls.at(-1)!;
    expect(call.params.customer).toBe(sub.customer);
    expect(call.params['subscription_data[trial_period_days]']).toBeUndefined();
  });

  it('follows the new subscription after a re-subscription, whatever old events still arrive', async () => {
    const { client } = await signedIn(t);
    const old = await subscribe(client, 'basic');
    const ended = fake.endSubscription(old.id);
    await deliver([ended]);
    const renewed = await subscribe(client, 'pro');
    // A late copy of the old subscription's last event.
    await deliver([fake.updateSubscription(old.id, { metadata: { ...old.metadata } })]);
    const me = (await client.get('/api/auth/getme')).json();
    expect(me).toMatchObject({
      productType: 'pro',
      subscriptionStatus: 'active',
      stripeSubscriptionId: renewed.id,
    });
  });

  it('opens the customer portal for a customer, and explains when there is none', async () => {
    const { client } = await signedIn(t);
    const none = await client.post(`${base}/create-portal-session`);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(
      'No billing account yet: choose a plan on the payment page first.',
    );

    const sub = await subscribe(client, 'basic');
    const portal = await client.post(`${base}/create-portal-session`);
    expect(portal.statusCode).toBe(200);
    expect(portal.json().url).toMatch(new RegExp(`^${fake.url}/portal/`));
    expect(fake.calls.at(-1)!.params).toEqual({
      customer: sub.customer,
      return_url: `${t.deps.config.publicUrl}/dashboard#licenses`,
    });
  });

  it('reactivates a subscription set to cancel at period end', async () => {
    const { client } = await signedIn(t);
    const sub = await subscribe(client, 'pro');
    await deliver([fake.cancelAtPeriodEnd(sub.id)]);
    expect((await client.get('/api/auth/getme')).json().subscriptionCancelAtPeriodEnd).toBe(true);

    const response = await client.post(`${base}/reactivate-subscription`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Subscription reactivated successfully! Auto-renewal has been restored.',
      user: { subscriptionCancelAtPeriodEnd: false, subscriptionStatus: 'trialing' },
    });
    expect(fake.subscriptions.get(sub.id)!.cancel_at_period_end).toBe(false);
    const update = fake.calls.find((c) => c.method === 'POST' && c.path.endsWith(sub.id));
    expect(update?.params).toEqual({ cancel_at_period_end: 'false' });
    // Stripe's own `updated` event for the change agrees.
    await deliver([fake.events.at(-1)!]);
    expect((await client.get('/api/auth/getme')).json().subscriptionCancelAtPeriodEnd).toBe(false);
  });

  it('cannot reactivate what has ended or never existed', async () => {
    const { client } = await signedIn(t);
    const none = await client.post(`${base}/reactivate-subscription`);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('There is no subscription to reactivate.');

    const sub = await subscribe(client, 'basic');
    await deliver([fake.endSubscription(sub.id)]);
    const ended = await client.post(`${base}/reactivate-subscription`);
    expect(ended.statusCode).toBe(409);
    expect(ended.json().message).toBe(
      'This subscription has ended and cannot be reactivated. Please subscribe again.',
    );
  });

  it('answers Subscription required for a paid plan that never had a subscription', async () => {
    const { client } = await signedIn(t, 'pro');
    const access = await client.get('/api/auth/dashboard-access');
    expect(access.statusCode).toBe(403);
    expect(access.json().error).toBe('Subscription required');
  });
});

describe('billing without Stripe', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SELF_HOSTED_PLAN: 'basic' });
  });
  afterAll(() => t?.close());

  it('says billing is off, with the self-hosted plan', async () => {
    const response = await t.app.inject({ url: `${base}/status` });
    expect(response.json()).toEqual({ enabled: false, trialDays: 14, selfHostedPlan: 'basic' });
  });

  it('answers 501 with a clear message on every billing call', async () => {
    const { client } = await signedIn(t, 'basic');
    for (const path of billingCalls) {
      const response = await client.post(`${base}/${path}`, { plan: 'basic' });
      expect(response.statusCode, path).toBe(501);
      expect(response.json()).toMatchObject({
        code: 'NOT_CONFIGURED',
        message:
          'Billing is not configured on this server: every account has the self-hosted plan.',
      });
    }
    const webhook = await t.app.inject({
      method: 'POST',
      url: `${base}/webhook`,
      payload: '{}',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
    });
    expect(webhook.statusCode).toBe(501);
  });

  it('lets a paid plan without a subscription into the dashboard', async () => {
    const { client } = await signedIn(t, 'pro');
    expect((await client.get('/api/auth/dashboard-access')).statusCode).toBe(200);
  });
});
