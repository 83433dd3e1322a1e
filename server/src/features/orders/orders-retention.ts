import { planLimits } from '@signalrelay/contracts/billing';
import { eq, or, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/db.ts';
import { orders } from '../../db/schema/orders.ts';
import { type Plan, plans, users } from '../../db/schema/users.ts';
import type { AppDeps } from '../../deps.ts';
import type { Jobs } from '../../ports/jobs.ts';
import { createOrderTombstones, type OrderTombstones } from './orders-tombstones.ts';

const hour = 60 * 60 * 1000;
const day = 24 * hour;

/**
 * The retention rule (spec section 6: free 30 days, basic 90, pro unlimited). The window is on
 * openTime, the one time every order has. An order that is still open stays visible whatever
 * its age: it is live exposure the trader must see (a swing position opened 40 days ago on the
 * free plan), and it will leave the window on the first look after it closes. The history,
 * the statistics, the intake and the pruning job all use this one rule.
 */
export function retentionCutoff(plan: Plan, now: number): Date | null {
  const days = planLimits[plan].historyDays;
  // Moves once an hour, so a statistics snapshot stays valid for the hour.
  return days === null ? null : new Date(Math.floor(now / hour) * hour - days * day);
}

/** WHERE clause: the order is inside the plan's window (undefined: no limit). */
export function withinRetention(cutoff: Date | null): SQL | undefined {
  if (!cutoff) return undefined;
  return or(sql`${orders.openTime} >= ${cutoff}`, eq(orders.status, 'open'));
}

export const pruneJob = 'orders.prune';
const pruneEveryMs = hour;
/** Deleted per statement, so no statement holds locks long or meets the statement timeout. */
const pruneBatch = 2000;

/**
 * The periodic job that deletes closed orders past their owner's retention window, and the
 * tombstones no report has mentioned for a long time. Statistics snapshots need no
 * invalidation here: they were computed for the same hourly cutoff, which excludes these rows.
 */
export function createOrderPruning({
  db,
  jobs,
  tombstones,
  now,
}: {
  db: Db;
  jobs: Jobs;
  tombstones: OrderTombstones;
  now: () => number;
}) {
  async function pruneOnce(): Promise<{ orders: number; tombstones: number }> {
    let total = 0;
    for (const plan of plans) {
      const cutoff = retentionCutoff(plan, now());
      if (!cutoff) continue;
      for (;;) {
        const deleted = await db.execute(sql`
          delete from ${orders} where ctid in (
            select ${orders}.ctid from ${orders} join ${users} on ${users.id} = ${orders.userId}
            where ${users.productType} = ${plan} and ${orders.status} = 'closed'
              and ${orders.openTime} < ${cutoff}
            limit ${pruneBatch})
          returning 1`);
        const count = rowsOf(deleted).length;
        total += count;
        if (count < pruneBatch) break;
      }
    }
    return { orders: total, tombstones: await tombstones.prune() };
  }

  return {
    pruneOnce,
    /** Call before jobs.start(). */
    define() {
      jobs.define(pruneJob, async () => {
        await pruneOnce();
      });
    },
    async start() {
      await jobs.repeat(pruneJob, pruneEveryMs);
    },
  };
}

/** For jobs.ts: defines the pruning job; call `start()` on the result after `jobs.start()`. */
export function defineOrderPruning(deps: Pick<AppDeps, 'database' | 'jobs' | 'now'>) {
  const db = deps.database.db;
  const pruning = createOrderPruning({
    db,
    jobs: deps.jobs,
    tombstones: createOrderTombstones({ db, now: deps.now }),
    now: deps.now,
  });
  pruning.define();
  return pruning;
}
