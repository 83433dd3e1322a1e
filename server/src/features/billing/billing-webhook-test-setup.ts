import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { browserClient } from '../../../test/auth.ts';
import { type SmtpReceiver, startSmtpReceiver } from '../../../test/smtp-receiver.ts';
import {
  type FakeEvent,
  signedDelivery,
  stripeTestConfig,
  testWebhookSecret,
} from '../../../test/stripe-events.ts';
import { type StripeFake, startStripeFake } from '../../../test/stripe-fake.ts';
import { createTestUser } from '../../../test/users.ts';
import type { Plan } from '../../db/schema/users.ts';

/**
 * What the Stripe webhook tests share: the app billing through the local Stripe fake and
 * mailing to a local SMTP receiver, signed-in users, and helpers to check out and deliver
 * Stripe's events. A test file calls `useStripeWebhookApp()` once at its top; the bindings
 * below are set before its tests run.
 */
export const day = 24 * 60 * 60 * 1000;
export const webhookUrl = '/api/stripe-subscriptions/webhook';

/** One clock for the app and the Stripe fake, so a test can let days pass (`clock.now += …`). */
export const clock = { now: Date.now() };
export const now = () => clock.now;

export let fake: StripeFake;
export let smtp: SmtpReceiver;
export let t: TestApp;

/** Starts the fake, the receiver and the app before the calling file's tests; closes them after. */
export function useStripeWebhookApp() {
  beforeAll(async () => {
    [fake, smtp] = await Promise.all([startStripeFake({ now }), startSmtpReceiver()]);
    t = await createTestApp({ ...stripeTestConfig(fake), SMTP_URL: smtp.url, redis: true, now });
  });

  afterAll(async () => {
    await t?.close();
    await Promise.all([fake?.close(), smtp?.close()]);
  });
}

/**
 * A user with a session on the app's clock. Tests that let days pass call `resume()` first,
 * as a returning user signs in again after the 7-day idle limit.
 */
export async function signedIn(plan: Plan = 'free') {
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

export function post(
  event: FakeEvent,
  { secret = testWebhookSecret, timestamp = clock.now / 1000 } = {},
) {
  const { payload, headers } = signedDelivery(event, secret, Math.floor(timestamp));
  return t.app.inject({ method: 'POST', url: webhookUrl, payload, headers });
}

export async function deliverAll(events: FakeEvent[]) {
  for (const event of events) {
    const response = await post(event);
    expect(response.statusCode, `${event.type}: ${response.body}`).toBe(200);
  }
}

/** Goes through our Checkout call and has the fake customer pay; the events are not sent yet. */
export async function checkout(client: Client, plan: 'basic' | 'pro') {
  const response = await client.post('/api/stripe-subscriptions/create-checkout-session', { plan });
  expect(response.statusCode, response.body).toBe(200);
  return fake.completeCheckout(response.json().url.split('/').pop());
}

export async function me(client: Client) {
  const response = await client.get('/api/auth/getme');
  expect(response.statusCode).toBe(200);
  return response.json();
}
