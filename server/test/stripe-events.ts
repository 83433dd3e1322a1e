import Stripe from 'stripe';

/**
 * Stripe's side of a webhook delivery for tests: the shapes the Stripe fake (stripe-fake.ts)
 * produces, signing with the SDK's own test-header helper, delivery to a running server, and
 * the configuration that points the app at the fake.
 */

type Json = Record<string, unknown>;

export type FakeSubscription = {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  created: number;
  start_date: number;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  trial_start: number | null;
  trial_end: number | null;
  metadata: Record<string, string>;
  items: {
    object: 'list';
    data: {
      id: string;
      object: 'subscription_item';
      price: { id: string; object: 'price' };
      current_period_start: number;
      current_period_end: number;
    }[];
  };
};

export type FakeEvent = {
  id: string;
  object: 'event';
  type: string;
  created: number;
  api_version: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: Json; previous_attributes?: Json };
};

const signer = new Stripe('sk_test_signer');

/**
 * The body and headers of a webhook delivery as Stripe makes it, signed with `secret`.
 * `timestamp` (seconds) backdates the signature to make a replay.
 */
export function signedDelivery(
  event: FakeEvent,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
) {
  const payload = JSON.stringify(event);
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  return {
    payload,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
  };
}

/** POSTs a signed event to a running server's webhook URL, as Stripe does. */
export async function deliver(
  event: FakeEvent,
  target: { url: string; secret: string },
): Promise<Response> {
  const { payload, headers } = signedDelivery(event, target.secret);
  const response = await fetch(target.url, { method: 'POST', body: payload, headers });
  if (!response.ok)
    throw new Error(`webhook answered ${response.status}: ${await response.text()}`);
  return response;
}

export const testWebhookSecret = 'whsec_signalrelay_test';
export const testPrices = { basic: 'price_basic_test', pro: 'price_pro_test' };

/** The configuration that turns billing on against `fake` (for createTestApp/startServer). */
export function stripeTestConfig(fake: { url: string }) {
  return {
    STRIPE_SECRET_KEY: 'sk_test_signalrelay',
    STRIPE_WEBHOOK_SECRET: testWebhookSecret,
    STRIPE_PRICE_BASIC: testPrices.basic,
    STRIPE_PRICE_PRO: testPrices.pro,
    STRIPE_API_BASE: fake.url,
  };
}
