import type { FastifyBaseLogger } from 'fastify';
import { createRateLimiter, type Verdict } from '../../core/throttle.ts';
import { createLicenseMisses, licenseMissesPerIp } from '../../http/license-misses.ts';

/**
 * Webhook budgets, per server instance. Never per IP for valid licenses: TradingView sends
 * every user's alerts from the same four addresses. Alerts a license's daily quota lets
 * through are not limited further (the quota caps them); the ones it does not count, test
 * signals and alerts past the quota, are stored too, and a leaked license must not turn them
 * into a flood of rows: 500 at once, then one a second. Per IP only the calls naming unknown
 * licenses are counted.
 */
export const webhookLimits = {
  uncountedPerLicense: { burst: 500, perSecond: 1 },
  missesPerIp: licenseMissesPerIp,
} as const;

export function createWebhookLimits({ now, log }: { now: () => number; log: FastifyBaseLogger }) {
  const uncounted = createRateLimiter(webhookLimits.uncountedPerLicense, { now });
  const misses = createLicenseMisses({ now, log, route: 'webhook' });
  return {
    /** A test signal or one past the quota, for this user: may it be stored? */
    uncounted: (userId: string): Verdict => uncounted.take(userId),
    miss: (ip: string): Verdict => misses.miss(ip),
  };
}

export type WebhookLimits = ReturnType<typeof createWebhookLimits>;
