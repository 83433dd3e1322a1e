import { signalHistoryQuerySchema, signalStatsQuerySchema } from '@signalrelay/contracts/signals';
import type { FastifyInstance } from 'fastify';
import type { Core } from '../../core/core.ts';
import { normalizeLicense } from '../../core/licenses.ts';
import type { Metrics } from '../../core/metrics.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { requireUser, signedInUser } from '../../http/auth-guards.ts';
import type { SessionUser } from '../../http/sessions.ts';
import { parseInput } from '../../http/validate.ts';
import { createSignalHistory } from './signals-history.ts';
import { createSignalIntake } from './signals-intake.ts';
import { createWebhookLimits } from './signals-limits.ts';
import { createRefusalRecorder } from './signals-refusals.ts';
import { webhookRoute } from './signals-webhook.ts';

type Options = { deps: AppDeps; core: Core; metrics: Metrics };

/** History is readable by the license's owner only. */
function assertOwnLicense(user: SessionUser, licenseNumber: string) {
  if (normalizeLicense(licenseNumber) !== normalizeLicense(user.licenseNumber)) {
    throw new AppError('FORBIDDEN', 'This license number does not belong to your account.');
  }
}

/** `/api/webhook/*`: alert intake and the signal history. */
export default async function signalsRoutes(
  app: FastifyInstance,
  { deps, core, metrics }: Options,
) {
  const limits = createWebhookLimits({ now: deps.now, log: app.log });
  const intake = createSignalIntake({
    db: deps.database.db,
    presence: deps.presence,
    licenses: core.licenses,
    store: core.store,
    quota: deps.quota,
    hub: core.hub,
    expiry: core.expiry,
    publishLive: core.publishLive,
    metrics,
    quotaDay: core.quotaDay,
    limits,
    ttlMs: deps.config.SIGNAL_TTL_MS,
    now: deps.now,
  });
  const history = createSignalHistory({
    db: deps.database.db,
    quota: deps.quota,
    quotaDay: core.quotaDay,
    now: deps.now,
  });

  const refusals = createRefusalRecorder({
    db: deps.database.db,
    licenses: core.licenses,
    limits,
    metrics,
    publishLive: core.publishLive,
    now: deps.now,
  });
  await app.register(webhookRoute, { intake, limits, refusals, metrics });

  app.get('/signalHistory', { preHandler: requireUser }, async (request) => {
    const query = parseInput(signalHistoryQuerySchema, request.query);
    const user = signedInUser(request);
    assertOwnLicense(user, query.licenseNumber);
    return history.page(user.id, user.productType, query);
  });

  app.get('/signalStats', { preHandler: requireUser }, async (request) => {
    const query = parseInput(signalStatsQuerySchema, request.query);
    const user = signedInUser(request);
    assertOwnLicense(user, query.licenseNumber);
    return history.daily(user.id, query.days);
  });
}
