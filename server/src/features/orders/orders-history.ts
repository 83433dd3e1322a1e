import { planLimits } from '@signalrelay/contracts/billing';
import type {
  OrderHistoryQuery,
  OrderHistoryReply,
  OrderPeriod,
  OrderSortField,
  OrderView,
} from '@signalrelay/contracts/orders';
import { type AnyColumn, and, asc, desc, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import { setNewest } from '../../core/bounded-map.ts';
import type { Db } from '../../db/db.ts';
import { orders } from '../../db/schema/orders.ts';
import type { Plan } from '../../db/schema/users.ts';
import { retentionCutoff, withinRetention } from './orders-retention.ts';
import { ordersVersion } from './orders-statistics.ts';

const hour = 60 * 60 * 1000;
const periodMs: Record<Exclude<OrderPeriod, 'all'>, number> = {
  '24h': 24 * hour,
  '7d': 7 * 24 * hour,
  '30d': 30 * 24 * hour,
};

/** Tickets are digit strings: sort them as numbers, or 9 would come after 10. */
const sortColumns: Record<OrderSortField, SQL | AnyColumn> = {
  openTime: orders.openTime,
  closeTime: orders.closeTime,
  profit: orders.profit,
  symbol: orders.symbol,
  ticket: sql`${orders.ticket}::numeric`,
  lots: orders.lots,
};

type OrderRow = typeof orders.$inferSelect;

/** The API's order: the row without its owner and write time, times as ISO strings. */
export function toOrderView(row: OrderRow): OrderView {
  const { id, userId: _owner, updatedAt: _written, openTime, closeTime, ...fields } = row;
  return {
    _id: id,
    ...fields,
    openTime: openTime.toISOString(),
    closeTime: closeTime?.toISOString() ?? null,
  };
}

const groupKey = (status: string, platform: string, orderType: string) =>
  `${status}|${platform}|${orderType}`;
/** Count snapshots kept per instance; each is a few dozen numbers. */
const maxCachedCounts = 5000;

/**
 * The Order History page: filters, sort and paging on the server, inside the plan's window.
 * Two things keep it fast at 100k orders: the page's ids are read from the sort's index alone
 * before the 100 rows are fetched (a deep page skips index entries, not table rows), and the
 * total is summed from per-(status, platform, type) counts kept until the user's orders
 * change (the version `markStatisticsStale` moves; status and type changes move it too).
 */
export function createOrderHistory({ db, now }: { db: Db; now: () => number }) {
  const countsCache = new Map<string, Map<string, number>>();

  async function groupCounts(userId: string, cutoff: Date | null) {
    const key = `${userId}|${await ordersVersion(db, userId)}|${cutoff?.getTime() ?? 'all'}`;
    const cached = countsCache.get(key);
    if (cached) return cached;
    const rows = await db
      .select({
        status: orders.status,
        platform: orders.platform,
        orderType: orders.orderType,
        count: sql<number>`count(*)`.mapWith(Number),
      })
      .from(orders)
      .where(and(eq(orders.userId, userId), withinRetention(cutoff)))
      .groupBy(orders.status, orders.platform, orders.orderType);
    const counts = new Map(rows.map((r) => [groupKey(r.status, r.platform, r.orderType), r.count]));
    setNewest(countsCache, key, counts, maxCachedCounts);
    return counts;
  }

  async function total(
    userId: string,
    cutoff: Date | null,
    q: OrderHistoryQuery,
    where: SQL | undefined,
  ) {
    if (q.period !== 'all') {
      // Bounded by the period's range of the open-time index; counted directly.
      const [row] = await db
        .select({ total: sql<number>`count(*)`.mapWith(Number) })
        .from(orders)
        .where(where);
      return row?.total ?? 0;
    }
    let sum = 0;
    for (const [key, count] of await groupCounts(userId, cutoff)) {
      const [status, platform, orderType] = key.split('|');
      if (q.status !== 'all' && status !== q.status) continue;
      if (q.platform !== 'all' && platform !== q.platform) continue;
      if (q.orderType !== 'all' && orderType !== q.orderType) continue;
      sum += count;
    }
    return sum;
  }

  return {
    async page(userId: string, plan: Plan, q: OrderHistoryQuery): Promise<OrderHistoryReply> {
      const at = now();
      const cutoff = retentionCutoff(plan, at);
      const where = and(
        eq(orders.userId, userId),
        withinRetention(cutoff),
        q.status === 'all' ? undefined : eq(orders.status, q.status),
        q.platform === 'all' ? undefined : eq(orders.platform, q.platform),
        q.orderType === 'all' ? undefined : eq(orders.orderType, q.orderType),
        q.period === 'all' ? undefined : gte(orders.openTime, new Date(at - periodMs[q.period])),
      );
      // An open order has no close time yet, and Postgres sorts null as larger than any value:
      // it counts as closing later than every closed one (first on desc, last on asc), which
      // also lets the (user, close_time, id) index serve both directions.
      const direction = q.sortOrder === 'asc' ? asc : desc;
      const order = [direction(sortColumns[q.sortBy]), direction(orders.id)] as const;
      // The id (UUIDv7) breaks ties so pages never overlap.
      const pageIds = db
        .select({ id: orders.id })
        .from(orders)
        .where(where)
        .orderBy(...order)
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize);
      const [rows, count] = await Promise.all([
        db
          .select()
          .from(orders)
          .where(inArray(orders.id, pageIds))
          .orderBy(...order),
        total(userId, cutoff, q, where),
      ]);
      return {
        orders: rows.map(toOrderView),
        total: count,
        page: q.page,
        pageSize: q.pageSize,
        historyDays: planLimits[plan].historyDays,
      };
    },
  };
}

export type OrderHistory = ReturnType<typeof createOrderHistory>;
