import { planLimits } from '@signalrelay/contracts/billing';
import type { createQuotaDayClock } from '@signalrelay/contracts/quota-day';
import type { WebhookAlert, WebhookReply } from '@signalrelay/contracts/signals';
import { type LicenseDirectory, unverifiedLicenseMessage } from '../../core/license-directory.ts';
import type { PublishLive } from '../../core/live-events.ts';
import type { Metrics } from '../../core/metrics.ts';
import type { RelayHub } from '../../core/relay-hub.ts';
import type { SignalExpiry } from '../../core/signal-expiry.ts';
import { eaSignalOf, type NewSignal, type SignalRow } from '../../core/signal-rows.ts';
import type { SignalStore } from '../../core/signal-store.ts';
import { displayStatusOf, toSignalView } from '../../core/signal-view.ts';
import { AppError } from '../../errors.ts';
import type { Quota } from '../../ports/quota.ts';
import type { WebhookLimits } from './signals-limits.ts';

/** A repeated alertId within this window returns the first signal. */
export const alertDedupeWindowMs = 24 * 60 * 60 * 1000;

export const quotaKey = (userId: string, day: string) => `quota:${userId}:${day}`;

type Deps = {
  licenses: LicenseDirectory;
  store: SignalStore;
  quota: Quota;
  hub: RelayHub;
  expiry: SignalExpiry;
  publishLive: PublishLive;
  metrics: Metrics;
  quotaDay: ReturnType<typeof createQuotaDayClock>;
  limits: Pick<WebhookLimits, 'uncounted'>;
  ttlMs: number;
  now: () => number;
};

/**
 * The hot path (DESIGN.md section 4): licence → idempotency → quota → persist → push.
 * Nothing here answers 5xx once the signal is stored: TradingView would resend it.
 */
export function createSignalIntake(deps: Deps) {
  const {
    licenses,
    store,
    quota,
    hub,
    expiry,
    publishLive,
    metrics,
    quotaDay,
    limits,
    ttlMs,
    now,
  } = deps;

  function replyFor(row: SignalRow, delivered: boolean, duplicate = false): WebhookReply {
    return {
      ok: true,
      signalId: row.id,
      status: displayStatusOf(row),
      delivered,
      ...(duplicate ? { duplicate } : {}),
    };
  }

  async function earlierAlert(userId: string, alertId: string, at: number) {
    const earlier = await store.findByAlertId(userId, alertId);
    if (!earlier) return null;
    if (at - earlier.receivedAt.getTime() < alertDedupeWindowMs) return earlier;
    await store.releaseAlertId(earlier.id);
    return null;
  }

  async function storeOrUnavailable(values: NewSignal): Promise<SignalRow | null> {
    try {
      return await store.insert(values);
    } catch (err) {
      // Not stored: a 503 makes TradingView retry, which is what we want.
      throw new AppError('UNAVAILABLE', undefined, undefined, { cause: err });
    }
  }

  return {
    async accept(alert: WebhookAlert): Promise<WebhookReply> {
      const receivedAt = now();
      const owner = await licenses.lookup(alert.licenseNumber);
      if (!owner) throw new AppError('LICENSE_INVALID');
      if (!owner.verified) throw new AppError('EMAIL_NOT_VERIFIED', unverifiedLicenseMessage);
      const { userId } = owner;

      if (alert.alertId) {
        const earlier = await earlierAlert(userId, alert.alertId, receivedAt);
        if (earlier) return replyFor(earlier, earlier.deliveredAt !== null, true);
      }

      const limit = planLimits[owner.plan].signalsPerDay;
      const day = quotaDay(receivedAt);
      const key = quotaKey(userId, day.day);
      let blocked = false;
      let used: number | null = null;
      if (!alert.isTest) {
        if (limit === 0) {
          blocked = true;
        } else {
          used = await quota.increment(key, day.resetsAt);
          if (used > limit) {
            blocked = true;
            used = await quota.decrement(key);
          }
        }
      }

      if (alert.isTest || blocked) {
        // Not counted by the quota, so capped here before it becomes a row.
        const budget = limits.uncounted(userId);
        if (!budget.allowed) {
          throw new AppError(
            'RATE_LIMITED',
            'Too many alerts for this licence at once. This one was not stored.',
            { retryAfterSeconds: budget.retryAfterSeconds },
          );
        }
      }

      const values: NewSignal = {
        userId,
        symbol: alert.symbol,
        position: alert.position,
        lot: alert.lot,
        price: alert.price,
        slpoint: alert.slpoint,
        tppoint: alert.tppoint,
        trailingStop: alert.trailingStop,
        breakEvenPips: alert.breakEvenPips,
        riskPercentage: alert.riskPercentage,
        isTest: alert.isTest,
        senderPlatform: alert.senderPlatform ?? null,
        platform: alert.platform ?? null,
        status: blocked ? 'quota_blocked' : 'pending',
        alertId: alert.alertId ?? null,
        receivedAt: new Date(receivedAt),
        expiresAt: new Date(receivedAt + ttlMs),
      };
      let row: SignalRow | null;
      try {
        row = await storeOrUnavailable(values);
      } catch (err) {
        if (used !== null && !blocked) await quota.decrement(key).catch(() => undefined);
        throw err;
      }
      if (!row) {
        // Same alertId stored concurrently by another request: that one trades.
        if (used !== null && !blocked) await quota.decrement(key).catch(() => undefined);
        const first = alert.alertId ? await store.findByAlertId(userId, alert.alertId) : null;
        if (!first) throw new AppError('UNAVAILABLE');
        return replyFor(first, first.deliveredAt !== null, true);
      }

      metrics.signalsByStatus.inc({ status: row.status });
      publishLive(userId, { type: 'signal', signal: toSignalView(row) });
      if (used !== null) {
        publishLive(userId, {
          type: 'quota',
          used,
          limit,
          remaining: Math.max(0, limit - used),
          resetsAt: day.resetsAt,
        });
      }
      if (blocked) {
        throw limit === 0
          ? new AppError('PLAN_FREE', undefined, { signalId: row.id })
          : new AppError(
              'QUOTA_EXCEEDED',
              `Daily signal quota (${limit}) exceeded. Signal was not transferred to terminal.`,
              { signalId: row.id },
            );
      }

      const delivered = await hub.dispatch({
        userId,
        platform: row.platform,
        expiresAt: row.expiresAt.getTime(),
        signal: eaSignalOf(row),
      });
      expiry.schedule(row.expiresAt.getTime());
      return replyFor(row, delivered);
    },
  };
}

export type SignalIntake = ReturnType<typeof createSignalIntake>;
