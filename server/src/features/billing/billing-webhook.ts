import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { AppError } from '../../errors.ts';
import type { EventOutcome, StripeEventProcessor } from './billing-events.ts';
import type { StripeBilling } from './billing-stripe.ts';

type Options = {
  /** Null when billing is not configured: the route answers 501. */
  stripe: { billing: StripeBilling; processEvent: StripeEventProcessor } | null;
  afterEvent: (event: Stripe.Event, outcome: EventOutcome) => Promise<void>;
  now: () => number;
};

/** Stripe's own default: a signed delivery older than this is a replay (reliability notes A1). */
export const signatureToleranceSeconds = 300;

/**
 * `POST /webhook`, in a plugin of its own: only here is a JSON body kept as the raw bytes,
 * because Stripe signs exactly those bytes and re-serialised JSON would not match. The route
 * takes no cookie and no Origin check; the signature is its authentication.
 */
export default async function stripeWebhookRoute(
  app: FastifyInstance,
  { stripe, afterEvent, now }: Options,
) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
    (_request, body, done) => done(null, body),
  );

  function verify(billing: StripeBilling, body: Buffer, signature: string): Stripe.Event {
    for (const secret of billing.webhookSecrets) {
      try {
        return billing.stripe.webhooks.constructEvent(
          body,
          signature,
          secret,
          signatureToleranceSeconds,
          undefined,
          now(),
        );
      } catch {
        // Try the next secret (rotation); the error below covers every failure alike.
      }
    }
    throw new AppError('BAD_REQUEST', 'Invalid Stripe signature or timestamp.');
  }

  app.post('/webhook', async (request) => {
    if (!stripe) {
      throw new AppError('NOT_CONFIGURED', 'Billing is not configured on this server.');
    }
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
      throw new AppError('BAD_REQUEST', 'stripe-signature: a signed JSON body is required.');
    }
    const event = verify(stripe.billing, request.body, signature);
    const outcome = await stripe.processEvent(event);
    request.log.info(
      { eventId: event.id, type: event.type, outcome: outcome.outcome },
      'stripe event',
    );
    await afterEvent(event, outcome);
    return { received: true };
  });
}
