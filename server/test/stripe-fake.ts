import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { deliver, type FakeEvent, type FakeSubscription } from './stripe-events.ts';
import {
  type Call,
  type Failure,
  html,
  id,
  type Json,
  send,
  stripeApi,
} from './stripe-fake-api.ts';

/**
 * A local stand-in for the few Stripe endpoints the billing feature calls (Checkout sessions,
 * portal sessions, subscription retrieve/update), keeping subscriptions in memory, plus the
 * customer's side of Stripe: completing Checkout, a trial ending, a failed renewal, a
 * cancellation. Each of those returns the events Stripe would send; `signedDelivery`
 * (stripe-events.ts) signs them with the SDK's own test-header helper, so the app's real
 * verification runs. Point the app at it with `stripeTestConfig(fake)`.
 */

const day = 24 * 60 * 60;
const month = 30 * day;

export type StripeFakeOptions = {
  /** The clock Stripe's timestamps follow (ms); Date.now by default. */
  now?: () => number;
  /** Where the Checkout page delivers its events when the customer pays (browser tests). */
  deliverTo?: { url: string; secret: string };
};

export async function startStripeFake(options: StripeFakeOptions = {}) {
  const now = options.now ?? (() => Date.now());
  const seconds = () => Math.floor(now() / 1000);
  const calls: Call[] = [];
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, FakeSubscription>();
  const events: FakeEvent[] = [];
  const failures: Failure[] = [];
  let deliverTo = options.deliverTo;
  let url = '';

  function event(type: string, object: Json, previous?: Json): FakeEvent {
    const e: FakeEvent = {
      id: id('evt'),
      object: 'event',
      type,
      created: seconds(),
      api_version: Stripe.API_VERSION,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      // A snapshot, as Stripe sends it: later changes to the subscription do not show here.
      data: {
        object: structuredClone(object),
        ...(previous ? { previous_attributes: previous } : {}),
      },
    };
    events.push(e);
    return e;
  }

  function subscription(subId: string): FakeSubscription {
    const sub = subscriptions.get(subId);
    if (!sub) throw new Error(`no subscription ${subId} in the Stripe fake`);
    return sub;
  }

  function invoice(sub: FakeSubscription, paid: boolean): Json {
    return {
      id: id('in'),
      object: 'invoice',
      customer: sub.customer,
      status: paid ? 'paid' : 'open',
      billing_reason: 'subscription_cycle',
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: sub.id, metadata: sub.metadata },
      },
    };
  }

  /**
   * The next monthly period starts now (the trial ended or a month passed): its invoice is
   * paid and the subscription active, or the card is declined and it is past_due.
   */
  function renewal(subId: string, paid: boolean) {
    const sub = subscription(subId);
    const previous = { status: sub.status };
    const item = sub.items.data[0]!;
    item.current_period_start = seconds();
    item.current_period_end = seconds() + month;
    sub.status = paid ? 'active' : 'past_due';
    const type = paid ? 'invoice.paid' : 'invoice.payment_failed';
    return [event(type, invoice(sub, paid)), updated(sub, previous)];
  }

  function updated(sub: FakeSubscription, previous: Json) {
    return event('customer.subscription.updated', sub, previous);
  }

  const fake = {
    get url() {
      return url;
    },
    calls,
    sessions,
    subscriptions,
    /** Every event generated so far, as Stripe would have sent them. */
    events,
    event,
    deliverTo(target: { url: string; secret: string }) {
      deliverTo = target;
    },
    /** The next matching API call answers `status` with a Stripe error (then it works again). */
    failNext(method: string, path: string, status: number, message = 'fake failure') {
      failures.push({ method, path, status, message });
    },

    /** The customer pays on the Checkout page: a customer and a (trialing) subscription appear. */
    completeCheckout(sessionId: string) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no Checkout session ${sessionId}`);
      const params = session.params as Record<string, string>;
      const customer = params.customer ?? id('cus');
      const trialDays = Number(params['subscription_data[trial_period_days]'] ?? 0);
      const start = seconds();
      const trialEnd = trialDays > 0 ? start + trialDays * day : null;
      const metadata: Record<string, string> = {};
      for (const [key, value] of Object.entries(params)) {
        const m = /^subscription_data\[metadata\]\[(.+)\]$/.exec(key);
        if (m) metadata[m[1]!] = value;
      }
      const sub: FakeSubscription = {
        id: id('sub'),
        object: 'subscription',
        customer,
        status: trialEnd ? 'trialing' : 'active',
        created: start,
        start_date: start,
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        ended_at: null,
        trial_start: trialEnd ? start : null,
        trial_end: trialEnd,
        metadata,
        items: {
          object: 'list',
          data: [
            {
              id: id('si'),
              object: 'subscription_item',
              price: { id: params['line_items[0][price]']!, object: 'price' },
              current_period_start: start,
              current_period_end: trialEnd ?? start + month,
            },
          ],
        },
      };
      subscriptions.set(sub.id, sub);
      Object.assign(session, { status: 'complete', customer, subscription: sub.id });
      const { params: _params, ...sessionObject } = session;
      return {
        subscription: sub,
        events: [
          event('customer.subscription.created', sub),
          event('checkout.session.completed', sessionObject),
        ],
      };
    },

    /** Changes a subscription as the portal or the dashboard would, with its `updated` event. */
    updateSubscription(subId: string, patch: Partial<FakeSubscription>) {
      const sub = subscription(subId);
      const previous = Object.fromEntries(
        Object.keys(patch).map((k) => [k, sub[k as keyof FakeSubscription]]),
      );
      Object.assign(sub, patch);
      return updated(sub, previous);
    },

    /** Cancel at period end, as the customer portal does it. */
    cancelAtPeriodEnd(subId: string) {
      const sub = subscription(subId);
      return fake.updateSubscription(subId, {
        cancel_at_period_end: true,
        cancel_at: sub.items.data[0]!.current_period_end,
        canceled_at: seconds(),
      });
    },

    /** The trial is over and the first invoice is paid. */
    endTrial(subId: string) {
      return renewal(subId, true);
    },

    /** A renewal whose card is declined: past_due, with the failed invoice. */
    failPayment(subId: string) {
      return renewal(subId, false);
    },

    /** Three days before the trial ends, Stripe says so. */
    trialWillEnd(subId: string) {
      return event('customer.subscription.trial_will_end', subscription(subId));
    },

    /** The subscription ends (period over after a cancellation, or cancelled at once). */
    endSubscription(subId: string) {
      const sub = subscription(subId);
      Object.assign(sub, {
        status: 'canceled',
        ended_at: seconds(),
        canceled_at: sub.canceled_at ?? seconds(),
      });
      return event('customer.subscription.deleted', sub);
    },

    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const api = stripeApi({
    sessions,
    subscriptions,
    failures,
    updated,
    get url() {
      return url;
    },
  });

  /** The hosted pages a browser is sent to: Checkout (with a Pay button) and the portal. */
  async function page(req: IncomingMessage, res: ServerResponse, path: string) {
    const checkout = /^\/checkout\/([^/]+)(\/pay)?$/.exec(path);
    if (checkout && req.method === 'POST' && checkout[2]) {
      const sessionId = checkout[1]!;
      const session = sessions.get(sessionId);
      if (!session || !deliverTo) return send(res, 404, { error: 'unknown session' });
      const completed = fake.completeCheckout(sessionId);
      for (const e of completed.events) await deliver(e, deliverTo);
      res.writeHead(303, { location: session.success_url as string }).end();
      return;
    }
    if (checkout && req.method === 'GET' && sessions.has(checkout[1]!)) {
      const session = sessions.get(checkout[1]!)!;
      const params = session.params as Record<string, string>;
      return html(
        res,
        `<h1>Fake Stripe Checkout</h1><p>Price ${params['line_items[0][price]']}, trial ${params['subscription_data[trial_period_days]'] ?? 0} days</p>
<form method="post" action="/checkout/${checkout[1]}/pay"><button type="submit">Subscribe</button></form>
<a href="${session.cancel_url}">Back</a>`,
      );
    }
    if (path === '/favicon.ico') return void res.writeHead(204).end();
    if (/^\/portal\/[^/]+$/.test(path) && req.method === 'GET') {
      return html(res, '<h1>Fake Stripe customer portal</h1>');
    }
    return send(res, 404, { error: 'not found' });
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const target = new URL(req.url ?? '/', 'http://fake');
      const body = Buffer.concat(chunks).toString('utf8');
      if (!target.pathname.startsWith('/v1/')) {
        page(req, res, target.pathname).catch((err: Error) =>
          send(res, 500, { error: err.message }),
        );
        return;
      }
      const params = Object.fromEntries(
        new URLSearchParams(req.method === 'GET' ? target.search : body),
      );
      const call = { method: req.method ?? 'GET', path: target.pathname, params };
      calls.push(call);
      api(call, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

export type StripeFake = Awaited<ReturnType<typeof startStripeFake>>;
