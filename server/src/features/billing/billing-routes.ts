import { type BillingStatus, checkoutBody, trialDays } from '@signalrelay/contracts/billing';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { billingConfigured } from '../../core/plans.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { requireSameOrigin, requireUser, signedInUser } from '../../http/auth-guards.ts';
import { parseInput } from '../../http/validate.ts';
import { createStripeEventProcessor, type EventOutcome } from './billing-events.ts';
import { queueBillingMail } from './billing-mail-jobs.ts';
import { type BillingService, createBillingService } from './billing-service.ts';
import { openStripeBilling } from './billing-stripe.ts';
import { createSubscriptionSync } from './billing-sync.ts';
import stripeWebhookRoute from './billing-webhook.ts';

type Options = { deps: AppDeps };

export const notConfiguredMessage =
  'Billing is not configured on this server: every account has the self-hosted plan.';

/** The billing services, or null without Stripe (DESIGN.md section 3). */
function openBilling({ config, database, bus, logger, now }: AppDeps) {
  const billing = openStripeBilling(config);
  if (!billing) return null;
  const sync = createSubscriptionSync({ billing, now, logger });
  return {
    billing,
    service: createBillingService({
      db: database.db,
      billing,
      sync,
      bus,
      logger,
      publicUrl: config.publicUrl,
    }),
    processEvent: createStripeEventProcessor({ db: database.db, sync, logger }),
  };
}

/** `/api/stripe-subscriptions/*`: Checkout, the customer portal, reactivation, the webhook. */
export default async function billingRoutes(app: FastifyInstance, { deps }: Options) {
  const { config, jobs, logger, now } = deps;
  const opened = openBilling(deps);

  /** 501 with a clear message when Stripe is not configured, else the service. */
  function service(): BillingService {
    if (!opened) throw new AppError('NOT_CONFIGURED', notConfiguredMessage);
    return opened.service;
  }
  const guarded = {
    preHandler: [
      async () => {
        service();
      },
      requireSameOrigin,
      requireUser,
    ],
  };

  app.get('/status', async (): Promise<BillingStatus> => {
    const enabled = billingConfigured(config);
    return { enabled, trialDays, selfHostedPlan: enabled ? null : config.SELF_HOSTED_PLAN };
  });

  app.post('/create-checkout-session', guarded, async (request) => {
    const { plan } = parseInput(checkoutBody, request.body);
    return { url: await service().checkout(signedInUser(request), plan) };
  });

  app.post('/create-portal-session', guarded, async (request) => {
    return { url: await service().portal(signedInUser(request)) };
  });

  app.post('/reactivate-subscription', guarded, async (request) => {
    const { id } = signedInUser(request);
    const user = await service().reactivate(id);
    request.log.info({ userId: id }, 'subscription reactivated');
    return {
      message: 'Subscription reactivated successfully! Auto-renewal has been restored.',
      user,
    };
  });

  /** After the event's transaction: tell every instance, and the user when it matters. */
  async function afterEvent(event: Stripe.Event, outcome: EventOutcome) {
    if (outcome.outcome !== 'applied' || !opened) return;
    await opened.service.announce(outcome.userId);
    if (outcome.notice) {
      await queueBillingMail(jobs, event.id, {
        kind: outcome.notice,
        userId: outcome.userId,
      }).catch((err) =>
        logger.warn({ err, eventId: event.id }, 'could not queue a billing e-mail'),
      );
    }
  }

  await app.register(stripeWebhookRoute, {
    stripe: opened ? { billing: opened.billing, processEvent: opened.processEvent } : null,
    afterEvent,
    now,
  });
}
