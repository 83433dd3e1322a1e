import { planLimits } from '@signalrelay/contracts/billing';
import type { createQuotaDayClock } from '@signalrelay/contracts/quota-day';
import type { WebhookAlert, WebhookReply } from '@signalrelay/contracts/signals';
import type { AlertsUnderWay } from '../../core/alerts-under-way.ts';
import {
  type LicenseDirectory,
  type LicenseOwner,
  unverifiedLicenseMessage,
} from '../../core/license-directory.ts';
import type { PublishLive } from '../../core/live-events.ts';
import type { Metrics } from '../../core/metrics.ts';
import { olderEaMessage, onlyOlderEas } from '../../core/older-eas.ts';
import type { RelayHub } from '../../core/relay-hub.ts';
import type { SignalExpiry } from '../../core/signal-expiry.ts';
import { eaSignalOf, type NewSignal, type SignalRow } from '../../core/signal-rows.ts';
import type { SignalStore } from '../../core/signal-store.ts';
import { displayStatusOf, signalEvent } from '../../core/signal-view.ts';
import type { Db } from '../../db/db.ts';
import { AppError } from '../../errors.ts';
import type { Presence } from '../../ports/presence.ts';
import type { Quota } from '../../ports/quota.ts';
import { connectedWindowMs } from '../relay/relay-heartbeats.ts';
import type { RuleGuard } from '../rules/rules-intake.ts';
import type { WebhookLimits } from './signals-limits.ts';
import { newSignal } from './signals-new-row.ts';

/** A repeated alertId within this window returns the first signal. */
export const alertDedupeWindowMs = 24 * 60 * 60 * 1000;

export const quotaKey = (userId: string, day: string) => `quota:${userId}:${day}`;

type Deps = {
  db: Db;
  presence: Presence;
  licenses: LicenseDirectory;
  store: SignalStore;
  quota: Quota;
  hub: RelayHub;
  underWay: AlertsUnderWay;
  expiry: SignalExpiry;
  publishLive: PublishLive;
  metrics: Metrics;
  quotaDay: ReturnType<typeof createQuotaDayClock>;
  limits: Pick<WebhookLimits, 'uncounted'>;
  rules: RuleGuard;
  ttlMs: number;
  now: () => number;
};

/** Where the alert stands with the day's quota (step 3 of `accept`). */
type Counted = {
  /** Stored as `quota_blocked` and answered 403/429 instead of pushed. */
  blocked: boolean;
  /** The day's count after this alert, when it was counted (null: test signal or free plan). */
  used: number | null;
  limit: number;
  key: string;
  resetsAt: number;
};

/**
 * The hot path (DESIGN.md section 4): license → idempotency → account rules → quota → persist
 * → push.
 * Nothing here answers 5xx once the signal is stored: TradingView would resend it.
 */
export function createSignalIntake(deps: Deps) {
  const {
    db,
    presence,
    licenses,
    store,
    quota,
    hub,
    underWay,
    expiry,
    publishLive,
    metrics,
    quotaDay,
    limits,
    rules,
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

  /** 1. Whose license: refused when unknown or when its owner's e-mail is unverified. */
  async function ownerOf(licenseNumber: string) {
    const owner = await licenses.lookup(licenseNumber);
    if (!owner) throw new AppError('LICENSE_INVALID');
    if (!owner.verified) throw new AppError('EMAIL_NOT_VERIFIED', unverifiedLicenseMessage);
    return owner;
  }

  /** 2. The signal an earlier alert with this alertId made within the dedupe window. */
  async function earlierAlert(userId: string, alertId: string, at: number) {
    const earlier = await store.findByAlertId(userId, alertId);
    if (!earlier) return null;
    if (at - earlier.receivedAt.getTime() < alertDedupeWindowMs) return earlier;
    await store.releaseAlertId(earlier.id);
    return null;
  }

  /** 3. Counts a real alert against the day's quota; past the limit it is taken back. */
  async function countQuota(owner: LicenseOwner, isTest: boolean, at: number): Promise<Counted> {
    const limit = planLimits[owner.plan].signalsPerDay;
    const day = quotaDay(at);
    const counted: Counted = {
      blocked: false,
      used: null,
      limit,
      key: quotaKey(owner.userId, day.day),
      resetsAt: day.resetsAt,
    };
    if (isTest) return counted;
    if (limit === 0) return { ...counted, blocked: true };
    counted.used = await quota.increment(counted.key, day.resetsAt);
    if (counted.used > limit) {
      counted.blocked = true;
      counted.used = await quota.decrement(counted.key);
    }
    return counted;
  }

  /** 4. Alerts the quota does not count (tests, blocked ones) are capped before they become rows. */
  function checkUncounted(userId: string) {
    const budget = limits.uncounted(userId);
    if (!budget.allowed) {
      throw new AppError(
        'RATE_LIMITED',
        'Too many alerts for this license at once. This one was not stored.',
        { retryAfterSeconds: budget.retryAfterSeconds },
      );
    }
  }

  /** Gives back the count of an alert that was counted but not stored by this request. */
  async function uncount(counted: Counted) {
    if (counted.used !== null && !counted.blocked) {
      await quota.decrement(counted.key).catch(() => undefined);
    }
  }

  /**
   * 6. Stores the signal (group commit: the INSERT carries the alerts of its moment). Null
   * when the same alertId was stored concurrently by another request: that one trades.
   */
  async function persist(
    values: NewSignal,
    counted: Counted,
    release: () => Promise<void>,
  ): Promise<SignalRow | null> {
    let row: SignalRow | null;
    try {
      row = await store.insert(values);
    } catch (err) {
      await uncount(counted);
      await release();
      // Not stored: a 503 makes TradingView retry, which is what we want.
      throw new AppError('UNAVAILABLE', undefined, undefined, { cause: err });
    }
    if (!row) {
      await uncount(counted);
      await release();
    }
    return row;
  }

  /** The reply to an alert whose alertId another request stored first. */
  async function duplicateReply(userId: string, alertId: string | undefined) {
    const first = alertId ? await store.findByAlertId(userId, alertId) : null;
    if (!first) throw new AppError('UNAVAILABLE');
    return replyFor(first, first.deliveredAt !== null, true);
  }

  /** 7. Metrics, and the owner's dashboard (events built only if a dashboard listens). */
  function report(row: SignalRow, counted: Counted) {
    metrics.signalsByStatus.inc({ status: row.status });
    publishLive(row.userId, signalEvent(row));
    const { used, limit, resetsAt } = counted;
    if (used !== null) {
      publishLive(row.userId, () => ({
        type: 'quota',
        used,
        limit,
        remaining: Math.max(0, limit - used),
        resetsAt,
      }));
    }
  }

  /** 8. A blocked alert is stored, and answered with why it was not sent. */
  function refusalOf(row: SignalRow, { limit }: Counted): AppError {
    return limit === 0
      ? new AppError('PLAN_FREE', undefined, { signalId: row.id })
      : new AppError(
          'QUOTA_EXCEEDED',
          `Daily signal quota (${limit}) exceeded. Signal was not transferred to terminal.`,
          { signalId: row.id },
        );
  }

  /**
   * 9. To the license's terminals, here and on other instances; whether one can have it now.
   * A signal that only EAs too old to run it would receive fails at once instead.
   */
  async function push(row: SignalRow): Promise<{ row: SignalRow; delivered: boolean }> {
    if (row.minProtocol > 1) {
      const older = await onlyOlderEas({ db, presence }, row, now() - connectedWindowMs);
      const [failed] = older
        ? await store.failForOlderEa([row.id], olderEaMessage(older, row))
        : [];
      if (failed) {
        metrics.signalsByStatus.inc({ status: failed.status });
        publishLive(failed.userId, signalEvent(failed));
        return { row: failed, delivered: false };
      }
    }
    const delivered = await hub.dispatch({
      userId: row.userId,
      platform: row.platform,
      account: row.account,
      minProtocol: row.minProtocol,
      expiresAt: row.expiresAt.getTime(),
      signal: eaSignalOf(row),
    });
    expiry.schedule(row.expiresAt.getTime());
    return { row, delivered };
  }

  /** Steps 2 to 9 for an alert whose license is known. */
  async function acceptFor(
    owner: LicenseOwner,
    alert: WebhookAlert,
    receivedAt: number,
  ): Promise<WebhookReply> {
    const { userId } = owner;
    if (alert.alertId) {
      const earlier = await earlierAlert(userId, alert.alertId, receivedAt);
      if (earlier) return replyFor(earlier, earlier.deliveredAt !== null, true);
    }
    // Account rules (features/rules): a signal one stops is kept, never counted or sent.
    const verdict = await rules.check(userId, alert, receivedAt);
    if (verdict.stop) {
      checkUncounted(userId);
      const values = newSignal(userId, verdict.alert, false, receivedAt, ttlMs);
      throw await rules.refuse({ ...values, expiresAt: values.receivedAt }, verdict.stop);
    }
    const counted = await countQuota(owner, alert.isTest, receivedAt);
    if (counted.blocked) await verdict.release();
    if (alert.isTest || counted.blocked) checkUncounted(userId);
    const values = newSignal(userId, verdict.alert, counted.blocked, receivedAt, ttlMs);
    const row = await persist(values, counted, verdict.release);
    if (!row) return duplicateReply(userId, alert.alertId);
    report(row, counted);
    if (counted.blocked) throw refusalOf(row, counted);
    const pushed = await push(row);
    return replyFor(pushed.row, pushed.delivered);
  }

  return {
    async accept(alert: WebhookAlert): Promise<WebhookReply> {
      const receivedAt = now();
      const owner = await ownerOf(alert.licenseNumber);
      // Until pushed or refused: a long-poll reply waits for it (core/alerts-under-way.ts).
      const done = underWay.begin(owner.userId);
      try {
        return await acceptFor(owner, alert, receivedAt);
      } finally {
        done();
      }
    },
  };
}

export type SignalIntake = ReturnType<typeof createSignalIntake>;
