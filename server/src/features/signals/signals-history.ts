import { planLimits } from '@signalrelay/contracts/billing';
import type { createQuotaDayClock } from '@signalrelay/contracts/quota-day';
import type {
  QuotaView,
  SignalHistoryQuery,
  SignalHistoryReply,
  SignalStatsReply,
} from '@signalrelay/contracts/signals';
import { and, asc, desc, eq, gte, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { findDeliveries } from '../../core/signal-deliveries.ts';
import { toSignalView } from '../../core/signal-view.ts';
import type { Db } from '../../db/db.ts';
import { quotaZoneSql } from '../../db/quota-zone.ts';
import { signals } from '../../db/schema/signals.ts';
import type { Plan } from '../../db/schema/users.ts';
import type { Quota } from '../../ports/quota.ts';
import { quotaKey } from './signals-intake.ts';

const hour = 60 * 60 * 1000;
const periodMs = { '24h': 24 * hour, '7d': 7 * 24 * hour, '30d': 30 * 24 * hour } as const;

/**
 * SQL for a display status (core/signal-view.ts displayStatusOf, as a WHERE clause). The
 * counters and daily statistics count with it too, so each agrees with the list its filter shows.
 */
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

const countWhere = (condition: SQL | undefined) =>
  sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
/** The Failed counter: what the Failed and Error filters list (refused alerts included). */
const failedOrError = or(statusCondition('failed'), statusCondition('error'));
/**
 * The signals the daily quota counted (signals-intake.ts): neither tests nor blocked ones, nor
 * alerts refused for their content, the only rows that keep their raw body (signals-refusals.ts).
 */
const countedByQuota = and(
  eq(signals.isTest, false),
  ne(signals.status, 'quota_blocked'),
  isNull(signals.rawBody),
);

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
  async function quotaOf(userId: string, plan: Plan): Promise<QuotaView> {
    const day = quotaDay(now());
    const limit = planLimits[plan].signalsPerDay;
    const used = limit === 0 ? 0 : await quota.get(quotaKey(userId, day.day));
    return { used, limit, remaining: Math.max(0, limit - used), resetsAt: day.resetsAt };
  }

  return {
    quotaOf,

    async page(userId: string, plan: Plan, q: SignalHistoryQuery): Promise<SignalHistoryReply> {
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
            successful: countWhere(statusCondition('success')),
            failed: countWhere(failedOrError),
            today: countWhere(gte(signals.receivedAt, dayStart)),
            countedToday: countWhere(and(gte(signals.receivedAt, dayStart), countedByQuota)),
          })
          .from(signals)
          .where(eq(signals.userId, userId)),
        quotaOf(userId, plan),
      ]);
      const deliveries = await findDeliveries(
        db,
        rows.map((row) => row.id),
      );
      return {
        signals: rows.map((row) => toSignalView(row, deliveries.get(row.id) ?? null)),
        total: counts?.matching ?? 0,
        page: q.page,
        pageSize: q.pageSize,
        summary: {
          total: counts?.total ?? 0,
          successful: counts?.successful ?? 0,
          failed: counts?.failed ?? 0,
          today: counts?.today ?? 0,
          countedToday: counts?.countedToday ?? 0,
        },
        quota: quotaNow,
      };
    },

    /** Per New York day: signals received, outcomes, and delivery latency percentiles. */
    async daily(userId: string, days: number): Promise<SignalStatsReply> {
      const since = new Date(quotaDay(now()).startsAt - (days - 1) * 24 * hour);
      const day = sql`to_char(${signals.receivedAt} at time zone ${quotaZoneSql}, 'YYYY-MM-DD')`;
      const deliveryMs = sql`extract(epoch from (${signals.deliveredAt} - ${signals.receivedAt})) * 1000`;
      const rows = await db
        .select({
          day: sql<string>`${day}`,
          total: sql<number>`count(*)`.mapWith(Number),
          successful: countWhere(statusCondition('success')),
          failed: countWhere(failedOrError),
          blocked: countWhere(statusCondition('quota_blocked')),
          tests: countWhere(statusCondition('test_success')),
          pending: countWhere(statusCondition('pending')),
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
