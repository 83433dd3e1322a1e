import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FakeSubscription } from './stripe-events.ts';

/* The Stripe fake's REST side (stripe-fake.ts): the API calls the billing feature makes. */

export type Json = Record<string, unknown>;

/** A Stripe-looking object id: `cus_…`, `sub_…`. */
export const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

export type Call = { method: string; path: string; params: Record<string, string> };

/** An API call the fake answers with a Stripe error once (`failNext`). */
export type Failure = { method: string; path: string; status: number; message: string };

type FakeState = {
  readonly url: string;
  sessions: Map<string, Json>;
  subscriptions: Map<string, FakeSubscription>;
  failures: Failure[];
  /** Records a subscription's `updated` event. */
  updated(sub: FakeSubscription, previous: Json): unknown;
};

/**
 * Answers Checkout and portal sessions, and subscription retrieve/update, as Stripe does for
 * the fields the app reads; anything else is Stripe's 404.
 */
export function stripeApi(state: FakeState) {
  const { sessions, subscriptions, failures, updated } = state;

  function stripeError(res: ServerResponse, status: number, message: string) {
    send(res, status, { error: { type: 'invalid_request_error', message } });
  }

  function api(call: Call, res: ServerResponse) {
    const { method, path, params } = call;
    const failure = failures.findIndex((f) => f.method === method && f.path === path);
    if (failure >= 0) {
      const [f] = failures.splice(failure, 1);
      return stripeError(res, f!.status, f!.message);
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const session: Json = {
        id: id('cs_test'),
        object: 'checkout.session',
        mode: params.mode,
        status: 'open',
        client_reference_id: params.client_reference_id ?? null,
        customer: params.customer ?? null,
        customer_email: params.customer_email ?? null,
        subscription: null,
        success_url: params.success_url,
        cancel_url: params.cancel_url,
        metadata: {},
      };
      session.url = `${state.url}/checkout/${session.id}`;
      sessions.set(session.id as string, { ...session, params });
      return send(res, 200, session);
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const portalId = id('bps');
      return send(res, 200, {
        id: portalId,
        object: 'billing_portal.session',
        customer: params.customer,
        return_url: params.return_url,
        url: `${state.url}/portal/${portalId}`,
      });
    }
    const subMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    const sub = subMatch ? subscriptions.get(decodeURIComponent(subMatch[1]!)) : undefined;
    if (subMatch && !sub) return stripeError(res, 404, `No such subscription: '${subMatch[1]}'`);
    if (sub && method === 'GET') return send(res, 200, sub);
    if (sub && method === 'POST') {
      if (sub.status === 'canceled') {
        return stripeError(res, 400, 'A canceled subscription can only update its metadata.');
      }
      const previous: Json = {};
      if (params.cancel_at_period_end !== undefined) {
        previous.cancel_at_period_end = sub.cancel_at_period_end;
        previous.cancel_at = sub.cancel_at;
        sub.cancel_at_period_end = params.cancel_at_period_end === 'true';
        sub.cancel_at = sub.cancel_at_period_end ? sub.items.data[0]!.current_period_end : null;
        if (!sub.cancel_at_period_end) sub.canceled_at = null;
      } else if (params.cancel_at !== undefined) {
        previous.cancel_at = sub.cancel_at;
        sub.cancel_at = params.cancel_at === '' ? null : Number(params.cancel_at);
        if (sub.cancel_at === null) sub.canceled_at = null;
      }
      updated(sub, previous);
      return send(res, 200, sub);
    }
    stripeError(res, 404, `Unrecognized request URL (${method}: ${path}).`);
  }

  return api;
}

export function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

export function html(res: ServerResponse, body: string) {
  res
    .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    .end(`<!doctype html><html><body>${body}</body></html>`);
}
