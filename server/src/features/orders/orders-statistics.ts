import { planLimits } from '@signalrelay/contracts/billing';
import { maxEquityPoints, type OrderStatistics } from '@signalrelay/contracts/orders';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { zerosFor } from '../../db/aggregates.ts';
import { type Db, rowsOf } from '../../db/db.ts';
import { quotaZoneSql } from '../../db/quota-zone.ts';
import { orderStats, orders } from '../../db/schema/orders.ts';
import type { Plan } from '../../db/schema/users.ts';
import { retentionCutoff, withinRetention } from './orders-retention.ts';

/** A filled position; pending order rows (buylimit…) are orders, not trades. */
const isTrade = sql`${orders.orderType} in ('buy', 'sell')`;
const isClosedTrade = sql`${isTrade} and ${orders.status} = 'closed'`;
const net = sql`(${orders.profit} + ${orders.commission} + ${orders.swap})`;
/**
 * Money has cent resolution: a net within half a cent of 0 is break-even, not a win, even when
 * binary floating point leaves 0.1 + 0.2 - 0.3 a hair above 0. Sums are taken in double
 * precision (numeric is ten times slower) and rounded to cents, which is exact for cent inputs.
 */
const halfCent = 0.005;
const cents = (value: SQL) => sql`round(coalesce(${value}, 0)::numeric, 2)`.mapWith(Number);
const count = (condition: SQL) => sql`count(*) filter (where ${condition})`.mapWith(Number);

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The trade counts and money totals, in one pass over the visible orders. */
const totalsFigures = {
  totalTrades: count(isTrade),
  openTrades: count(sql`${isTrade} and ${orders.status} = 'open'`),
  closedTrades: count(isClosedTrade),
  winningTrades: count(sql`${isClosedTrade} and ${net} >= ${halfCent}`),
  losingTrades: count(sql`${isClosedTrade} and ${net} <= ${-halfCent}`),
  totalProfit: cents(sql`sum(${orders.profit}) filter (where ${isClosedTrade})`),
  totalCommission: cents(sql`sum(${orders.commission}) filter (where ${isClosedTrade})`),
  totalSwap: cents(sql`sum(${orders.swap}) filter (where ${isClosedTrade})`),
  netProfit: cents(sql`sum(${net}) filter (where ${isClosedTrade})`),
  grossProfit: cents(sql`sum(${net}) filter (where ${isClosedTrade} and ${net} >= ${halfCent})`),
  grossLoss: cents(sql`sum(${net}) filter (where ${isClosedTrade} and ${net} <= ${-halfCent})`),
};

/** Called by every write that can change the figures: the next read recomputes them. */
export async function markStatisticsStale(db: Db, userId: string) {
  await db
    .insert(orderStats)
    .values({ userId, version: 1 })
    .onConflictDoUpdate({
      target: orderStats.userId,
      set: { version: sql`${orderStats.version} + 1` },
    });
}

/** The user's change counter (0 before any change): snapshots made at it are current. */
export async function ordersVersion(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ version: orderStats.version })
    .from(orderStats)
    .where(eq(orderStats.userId, userId))
    .limit(1);
  return row?.version ?? 0;
}

/**
 * The statistics object (spec section 3, "Order statistics", and the definitions in
 * orders-schemas.ts), computed in SQL over the plan's retention window: totals in one pass,
 * the closed-trade equity curve with its maximum drawdown in one ordered pass, and the net
 * per New York day. Over 100k trades that takes hundreds of milliseconds, so the result is
 * kept as a snapshot per user and served until a change marks it stale.
 */
export function createOrderStatistics({ db, now }: { db: Db; now: () => number }) {
  async function compute(userId: string, cutoff: Date | null) {
    const visible = and(eq(orders.userId, userId), withinRetention(cutoff));
    const closedTrades = and(visible, isClosedTrade);

    const [totalsRows, curveResult, dailyResult] = await Promise.all([
      db.select(totalsFigures).from(orders).where(visible),
      // Every closed trade takes part in the drawdown; only every `step`-th point (and the
      // last) is returned, so the chart gets at most maxEquityPoints points.
      db.execute(sql`
        with curve as (
          select ${orders.closeTime} as close_time,
            sum(${net}) over w as equity,
            row_number() over w as n
          from ${orders} where ${closedTrades}
          window w as (order by ${orders.closeTime}, ${orders.id})
        ), marked as (
          select close_time, equity, n,
            count(*) over () as total,
            max(equity) over (order by n) as peak
          from curve
        ), measured as (
          select close_time, equity, n, total,
            max(greatest(peak, 0) - equity) over () as max_drawdown
          from marked
        )
        select close_time, round(equity::numeric, 2) as equity,
          round(max_drawdown::numeric, 2) as max_drawdown
        from measured
        where n % ceil(total / ${maxEquityPoints}::numeric) = 0 or n = total
        order by n`),
      db.execute(sql`
        select to_char(${orders.closeTime} at time zone ${quotaZoneSql}, 'YYYY-MM-DD') as day,
          round(sum(${net})::numeric, 2) as net, count(*) as trades
        from ${orders} where ${closedTrades}
        group by 1 order by 1`),
    ]);

    const totals = totalsRows[0] ?? zerosFor(totalsFigures);
    const curve = rowsOf<{ close_time: string | Date; equity: string; max_drawdown: string }>(
      curveResult,
    );
    const closed = totals.closedTrades;
    return {
      ...totals,
      winRate: closed === 0 ? 0 : round2((totals.winningTrades / closed) * 100),
      profitFactor: totals.grossLoss === 0 ? null : round2(totals.grossProfit / -totals.grossLoss),
      expectancy: closed === 0 ? 0 : round2(totals.netProfit / closed),
      maxDrawdown: Number(curve[0]?.max_drawdown ?? 0),
      equityCurve: curve.map((p) => ({
        time: new Date(p.close_time).toISOString(),
        equity: Number(p.equity),
      })),
      dailyPnl: rowsOf<{ day: string; net: string; trades: string | number }>(dailyResult).map(
        (d) => ({ day: d.day, net: Number(d.net), trades: Number(d.trades) }),
      ),
    };
  }

  return {
    async of(userId: string, plan: Plan): Promise<OrderStatistics> {
      const cutoff = retentionCutoff(plan, now());
      const historyDays = planLimits[plan].historyDays;
      const [snapshot] = await db
        .select()
        .from(orderStats)
        .where(eq(orderStats.userId, userId))
        .limit(1);
      const version = snapshot?.version ?? 0;
      if (
        snapshot?.stats &&
        snapshot.statsVersion === version &&
        (snapshot.cutoff?.getTime() ?? null) === (cutoff?.getTime() ?? null)
      ) {
        return { ...(snapshot.stats as Omit<OrderStatistics, 'historyDays'>), historyDays };
      }
      // Read the version before computing: a change landing meanwhile moves it on, so this
      // snapshot is stored as already stale rather than hiding that change.
      const stats = await compute(userId, cutoff);
      await db
        .insert(orderStats)
        .values({
          userId,
          version,
          statsVersion: version,
          cutoff,
          stats,
          computedAt: new Date(now()),
        })
        .onConflictDoUpdate({
          target: orderStats.userId,
          set: { statsVersion: version, cutoff, stats, computedAt: new Date(now()) },
          setWhere: eq(orderStats.version, version),
        });
      return { ...stats, historyDays };
    },
  };
}

export type OrderStatisticsService = ReturnType<typeof createOrderStatistics>;
