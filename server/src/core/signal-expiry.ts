import type { PublishLive } from '../core/live-events.ts';
import { receiptGraceMs, type SignalStore } from '../core/signal-store.ts';
import { toSignalView } from '../core/signal-view.ts';
import type { Db } from '../db/db.ts';
import type { Jobs } from '../ports/jobs.ts';
import type { Metrics } from './metrics.ts';
import { findDeliveries } from './signal-deliveries.ts';

export const expireJob = 'signals.expire';
/** Safety net: also sweep on a fixed period (silent EAs, timers lost with a crashed process). */
const sweepEveryMs = 30_000;
const bucketMs = 1000;

/**
 * Signals nobody received within their TTL become `failed`. Rather than one timer per signal,
 * expiries are grouped into one-second buckets: one job per bucket, scheduled once per
 * instance, which fails everything due by then.
 */
export function createSignalExpiry({
  jobs,
  db,
  store,
  publishLive,
  metrics,
  now,
  onError,
}: {
  jobs: Jobs;
  db: Db;
  store: SignalStore;
  publishLive: PublishLive;
  metrics: Metrics;
  now: () => number;
  onError: (err: unknown) => void;
}) {
  const scheduled = new Set<number>();

  async function expireDue() {
    const rows = await store.expireDue(now());
    // A signal received but never answered still names the terminal that has it.
    const deliveries = await findDeliveries(
      db,
      rows.filter((row) => row.deliveredAt !== null).map((row) => row.id),
    );
    for (const row of rows) {
      metrics.signalsByStatus.inc({ status: row.status });
      publishLive(row.userId, {
        type: 'signal',
        signal: toSignalView(row, deliveries.get(row.id) ?? null),
      });
    }
  }

  return {
    /** Call before jobs.start(). */
    define() {
      jobs.define(expireJob, expireDue);
    },

    async startSweeping() {
      await jobs.repeat(expireJob, sweepEveryMs);
    },

    /**
     * Makes sure a job runs just after a signal expiring at `expiresAt` is due (its receipt
     * grace included). Never throws: the sweep is the fallback.
     */
    schedule(expiresAt: number) {
      const bucket = Math.ceil((expiresAt + receiptGraceMs) / bucketMs) * bucketMs;
      if (scheduled.has(bucket)) return;
      scheduled.add(bucket);
      for (const old of scheduled) if (old < now() - 60_000) scheduled.delete(old);
      jobs
        .schedule(
          expireJob,
          { bucket },
          { delayMs: bucket - now() + 50, jobId: `expire-${bucket}` },
        )
        .catch((err) => {
          scheduled.delete(bucket);
          onError(err);
        });
    },
  };
}

export type SignalExpiry = ReturnType<typeof createSignalExpiry>;
