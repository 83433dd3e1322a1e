import { planLimits } from '@signalrelay/contracts/billing';
import type { createQuotaDayClock } from '@signalrelay/contracts/quota-day';
import type { SignalHistoryQuery } from '@signalrelay/contracts/signals';
import { and, asc, desc, eq, gte, type SQL, sql } from 'drizzle-orm';
import { toSignalView } from '../../core/signal-view.ts';
import type { Db } from '../../db/db.ts';
import { quotaZoneSql } from '../../db/quota-zone.ts';
import { signals } from '../../db/schema/signals.ts';
import type { Plan } from '../../db/schema/users.ts';
import type { Quota } from '../../ports/quota.ts';
import { quotaKey } from './signals-intake.ts';

const hour = 60 * 60 * 1000;
const periodMs = { '24h': 24 * hour, '7d': 7 * 24 * hour, '30d': 30 * 24 * hour } as const;

/** SQL for a display status (core/signal-view.ts displayStatusOf, as a WHERE clause). */
function statusCondition(status: SignalHistoryQuery['status']): SQL | undefined {
  const testDone = sql`${signals.isTest} and ${signals.status} in ('success', 'failed')`;
  switch (status) {
    case 'all':
      return undefined;
    case 'test_success':
      return testDone;
    case 'success':
    case 'failed':
      return and(eq(signals.status, status), eq(signals.isTest, false));
    default:
      return eq(signals.status, status);
  }
}

/** Signal History reads: the filtered page, the summary cards, quota and daily statistics. */
export function createSignalHistory({
  db,
  quota,
  quotaDay,
  now,
}: {
  db: Db;
  quota: Quota;
  quotaDay: ReturnType<typeof createQuotaDayClock>;
  now: () => number;
}) {
  async function quotaOf(userId: string, plan: Plan) {
    const day = quotaDay(now());
    const limit = planLimits[plan].signalsPerDay;
    const used = limit === 0 ? 0 : await quota.get(quotaKey(userId, day.day));
    return { used, limit, remaining: Math.max(0, limit - used), resetsAt: day.resetsAt };
  }

  return {
    quotaOf,

    async page(userId: string, plan: Plan, q: SignalHistoryQuery) {
      const where = and(
        eq(signals.userId, userId),
        q.period === 'all'
          ? undefined
          : gte(signals.receivedAt, new Date(now() - periodMs[q.period])),
        statusCondition(q.status),
        q.platform === 'all' ? undefined : eq(signals.platform, q.platform),
      );
      const direction = q.sort === 'asc' ? asc : desc;
      const dayStart = new Date(quotaDay(now()).startsAt);
      const [rows, [counts], quotaNow] = await Promise.all([
        db
          .select()
          .from(signals)
          .where(where)
          // The id (UUIDv7) breaks ties so pages never overlap.
          .orderBy(direction(signals.receivedAt), direction(signals.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db
          .select({
            matching: sql<number>`count(*) filter (where ${where})`.mapWith(Number),
            total: sql<number>`count(*)`.mapWith(Number),
            successful: sql<number>`count(*) filter (where ${signals.status} = 'success')`.mapWith(
              Number,
            ),
            failed:
              sql<number>`count(*) filter (where ${signals.status} in ('failed', 'error') and not ${signals.isTest})`.mapWith(
                Number,
              ),
            today:
              sql<number>`count(*) filter (where ${signals.receivedAt} >= ${dayStart})`.mapWith(
                Number,
              ),
          })
          .from(signals)
          .where(eq(signals.userId, userId)),
        quotaOf(userId, plan),
      ]);
      return {
        signals: rows.map(toSignalView),
        total: counts?.matching ?? 0,
        page: q.page,
        pageSize: q.pageSize,
        summary: {
          total: counts?.total ?? 0,
          successful: counts?.successful ?? 0,
          failed: counts?.failed ?? 0,
          today: counts?.today ?? 0,
        },
        quota: quotaNow,
      };
    },

    /** Per New York day: signals received, outcomes, and delivery latency percentiles. */
    async daily(userId: string, days: number) {
      const since = new Date(quotaDay(now()).startsAt - (days - 1) * 24 * hour);
      const day = sql`to_char(${signals.receivedAt} at time zone ${quotaZoneSql}, 'YYYY-MM-DD')`;
      const deliveryMs = sql`extract(epoch from (${signals.deliveredAt} - ${signals.receivedAt})) * 1000`;
      const rows = await db
        .select({
          day: sql<string>`${day}`,
          total: sql<number>`count(*)`.mapWith(Number),
          successful: sql<number>`count(*) filter (where ${signals.status} = 'success')`.mapWith(
            Number,
          ),
          failed:
            sql<number>`count(*) filter (where ${signals.status} in ('failed', 'error'))`.mapWith(
              Number,
            ),
          blocked: sql<number>`count(*) filter (where ${signals.status} = 'quota_blocked')`.mapWith(
            Number,
          ),
          p50DeliveryMs: sql<
            number | null
          >`percentile_cont(0.5) within group (order by ${deliveryMs})`.mapWith((v) =>
            v === null ? null : Number(v),
          ),
          p95DeliveryMs: sql<
            number | null
          >`percentile_cont(0.95) within group (order by ${deliveryMs})`.mapWith((v) =>
            v === null ? null : Number(v),
          ),
        })
        .from(signals)
        .where(and(eq(signals.userId, userId), gte(signals.receivedAt, since)))
        .groupBy(day)
        .orderBy(day);
      return { days: rows };
    },
  };
}

export type SignalHistory = ReturnType<typeof createSignalHistory>;
