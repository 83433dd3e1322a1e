import { signalHistoryQuerySchema, signalStatsQuerySchema } from '@signalrelay/contracts/signals';
import type { FastifyInstance } from 'fastify';
import type { Core } from '../../core/core.ts';
import type { Metrics } from '../../core/metrics.ts';
import type { AppDeps } from '../../deps.ts';
import { ownerReadRoute } from '../../http/auth-guards.ts';
import type { RulesBook } from '../rules/rules-book.ts';
import { createRuleGuard } from '../rules/rules-intake.ts';
import { createSignalHistory } from './signals-history.ts';
import { createSignalIntake } from './signals-intake.ts';
import { createWebhookLimits } from './signals-limits.ts';
import { createRefusalRecorder } from './signals-refusals.ts';
import { webhookRoute } from './signals-webhook.ts';

type Options = { deps: AppDeps; core: Core; metrics: Metrics; rules: RulesBook };

/** `/api/webhook/*`: alert intake and the signal history. */
export default async function signalsRoutes(
  app: FastifyInstance,
  { deps, core, metrics, rules }: Options,
) {
  const limits = createWebhookLimits({ now: deps.now, log: app.log });
  const ruleGuard = createRuleGuard({
    rules,
    quota: deps.quota,
    db: deps.database.db,
    publishLive: core.publishLive,
    metrics,
  });
  const intake = createSignalIntake({
    db: deps.database.db,
    presence: deps.presence,
    licenses: core.licenses,
    store: core.store,
    quota: deps.quota,
    hub: core.hub,
    underWay: core.underWay,
    expiry: core.expiry,
    publishLive: core.publishLive,
    metrics,
    quotaDay: core.quotaDay,
    limits,
    rules: ruleGuard,
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

  ownerReadRoute(app, '/signalHistory', signalHistoryQuerySchema, (user, query) =>
    history.page(user.id, user.productType, query),
  );
  ownerReadRoute(app, '/signalStats', signalStatsQuerySchema, (user, query) =>
    history.daily(user.id, query.days),
  );
}
