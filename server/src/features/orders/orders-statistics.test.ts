import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { reportedOrder, reportOrders } from '../../../test/orders.ts';
import { signedInTestUser } from '../../../test/sessions.ts';
import { orderStats, orders } from '../../db/schema/orders.ts';
import type { Plan } from '../../db/schema/users.ts';

let t: TestApp;
const day = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp({ redis: true });
});
afterAll(() => t.close());

const trader = (plan: Plan = 'pro') => signedInTestUser(t, { plan });

async function statistics(user: Awaited<ReturnType<typeof trader>>) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/orders/statistics?licenseNumber=${encodeURIComponent(user.licenseNumber)}`,
    headers: { cookie: user.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Closes at these UTC instants; New York switched to daylight time at 2025-03-09 07:00Z. */
const at = (iso: string) => Date.parse(iso);
const closed = (
  ticket: number,
  closeIso: string,
  money: { profit: number; commission: number; swap: number },
  orderType = 'buy',
) =>
  reportedOrder(ticket, {
    ...money,
    orderType,
    openTime: at(closeIso) - 3_600_000,
    closeTime: at(closeIso),
  });

/**
 * The hand-computed fixture. Nets (profit + commission + swap) by close time:
 *   #1  100 − 5 − 2       =  93     2025-03-09 03:30Z → NY 2025-03-08
 *   #2  −50 − 5 + 0       = −55     2025-03-09 12:00Z → NY 2025-03-09
 *   #3  0.3 − 0.1 − 0.2   =   0     2025-03-10 03:59Z → NY 2025-03-09 (break-even, not a win)
 *   #4  30.1 − 0.1 + 0.2  =  30.2   2025-03-10 04:00Z → NY 2025-03-10
 *   #5  −80 − 5 − 1.5     = −86.5   2025-03-10 15:00Z → NY 2025-03-10
 * plus an open buy (floating +500: counted as an open trade, not in any money figure), a
 * cancelled buy limit and a waiting sell stop (orders, not trades).
 * Equity 93, 38, 38, 68.2, −18.3 → peak 93, maximum drawdown 93 − (−18.3) = 111.3.
 */
const fixture = [
  closed(1, '2025-03-09T03:30:00Z', { profit: 100, commission: -5, swap: -2 }),
  closed(2, '2025-03-09T12:00:00Z', { profit: -50, commission: -5, swap: 0 }, 'sell'),
  closed(3, '2025-03-10T03:59:00Z', { profit: 0.3, commission: -0.1, swap: -0.2 }),
  closed(4, '2025-03-10T04:00:00Z', { profit: 30.1, commission: -0.1, swap: 0.2 }),
  closed(5, '2025-03-10T15:00:00Z', { profit: -80, commission: -5, swap: -1.5 }, 'sell'),
  reportedOrder(6, { status: 'open', closeTime: 0, closePrice: 0, profit: 500 }),
  closed(7, '2025-03-10T16:00:00Z', { profit: 0, commission: 0, swap: 0 }, 'buylimit'),
  reportedOrder(8, { orderType: 'sellstop', status: 'open', closeTime: 0, profit: 0 }),
];

describe('GET /api/orders/statistics', () => {
  it('needs a session and the caller’s own license', async () => {
    const me = await trader();
    const other = await trader();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/orders/statistics?licenseNumber=${encodeURIComponent(other.licenseNumber)}`,
      headers: { cookie: me.cookie },
    });
    expect(res.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/orders/statistics?licenseNumber=${encodeURIComponent(me.licenseNumber)}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers zeros, not nulls, without orders', async () => {
    expect(await statistics(await trader('free'))).toEqual({
      totalTrades: 0,
      winRate: 0,
      winningTrades: 0,
      losingTrades: 0,
      totalProfit: 0,
      totalCommission: 0,
      totalSwap: 0,
      netProfit: 0,
      openTrades: 0,
      closedTrades: 0,
      grossProfit: 0,
      grossLoss: 0,
      profitFactor: null,
      expectancy: 0,
      maxDrawdown: 0,
      equityCurve: [],
      dailyPnl: [],
      historyDays: 30,
    });
  });

  it('matches the hand-computed fixture exactly', async () => {
    const me = await trader();
    expect((await reportOrders(t.app, me.licenseNumber, fixture)).statusCode).toBe(200);
    expect(await statistics(me)).toEqual({
      totalTrades: 6,
      openTrades: 1,
      closedTrades: 5,
      winningTrades: 2,
      losingTrades: 2,
      winRate: 40,
      totalProfit: 0.4,
      totalCommission: -15.2,
      totalSwap: -3.5,
      netProfit: -18.3,
      grossProfit: 123.2,
      grossLoss: -141.5,
      profitFactor: 0.87,
      expectancy: -3.66,
      maxDrawdown: 111.3,
      equityCurve: [
        { time: '2025-03-09T03:30:00.000Z', equity: 93 },
        { time: '2025-03-09T12:00:00.000Z', equity: 38 },
        { time: '2025-03-10T03:59:00.000Z', equity: 38 },
        { time: '2025-03-10T04:00:00.000Z', equity: 68.2 },
        { time: '2025-03-10T15:00:00.000Z', equity: -18.3 },
      ],
      dailyPnl: [
        { day: '2025-03-08', net: 93, trades: 1 },
        { day: '2025-03-09', net: -55, trades: 2 },
        { day: '2025-03-10', net: -56.3, trades: 2 },
      ],
      historyDays: null,
    });
  });

  it('recomputes after a change that matters, and only then', async () => {
    const me = await trader();
    await reportOrders(t.app, me.licenseNumber, fixture);
    const first = await statistics(me);
    const snapshot = async () =>
      (await t.deps.database.db.select().from(orderStats).where(eq(orderStats.userId, me.id)))[0]!;
    const computed = await snapshot();
    expect(computed.statsVersion).toBe(computed.version);

    // The open position's floating profit moves: figures and snapshot stay.
    await reportOrders(t.app, me.licenseNumber, [
      reportedOrder(6, { status: 'open', closeTime: 0, profit: 650 }),
    ]);
    expect(await statistics(me)).toEqual(first);
    expect((await snapshot()).computedAt).toEqual(computed.computedAt);

    // It closes: one more closed trade, one fewer open.
    await reportOrders(t.app, me.licenseNumber, [
      reportedOrder(6, { profit: 20, commission: -1, swap: 0, closeTime: Date.now() - 1000 }),
    ]);
    const after = await statistics(me);
    expect(after).toMatchObject({
      totalTrades: 6,
      openTrades: 0,
      closedTrades: 6,
      winningTrades: 3,
      netProfit: 0.7,
      winRate: 50,
    });
    expect(after.equityCurve.at(-1).equity).toBe(0.7);
  });

  it("counts only the plan's window, and open trades whatever their age", async () => {
    const me = await trader('free');
    const old = Date.now() - 40 * day;
    const recent = Date.now() - 5 * day;
    // Stored directly: the intake would not keep the old closed one on the free plan.
    await t.deps.database.db.insert(orders).values(
      [
        { ticket: '1', openTime: old, closeTime: old + 1000, profit: 1000, status: 'closed' },
        { ticket: '2', openTime: recent, closeTime: recent + 1000, profit: 10, status: 'closed' },
        { ticket: '3', openTime: old, closeTime: null, profit: 5, status: 'open' },
      ].map((row) => ({
        userId: me.id,
        platform: 'mt5' as const,
        account: '1',
        symbol: 'EURUSD',
        orderType: 'buy' as const,
        lots: 1,
        openPrice: 1,
        ...row,
        status: row.status as 'open' | 'closed',
        openTime: new Date(row.openTime),
        closeTime: row.closeTime === null ? null : new Date(row.closeTime),
      })),
    );
    expect(await statistics(me)).toMatchObject({
      totalTrades: 2,
      openTrades: 1,
      closedTrades: 1,
      netProfit: 10,
      historyDays: 30,
    });
  });

  it('returns at most 500 equity points, ending at the net profit, with the true drawdown', async () => {
    const me = await trader();
    const start = Date.now() - 30 * day;
    // 1,234 trades: +1 each, except one deep loss of −300 in the middle.
    await t.deps.database.db.insert(orders).values(
      Array.from({ length: 1234 }, (_, i) => ({
        userId: me.id,
        platform: 'mt5' as const,
        account: '1',
        ticket: String(i + 1),
        symbol: 'EURUSD',
        orderType: 'buy' as const,
        lots: 1,
        openPrice: 1,
        closePrice: 1,
        profit: i === 617 ? -300 : 1,
        status: 'closed' as const,
        openTime: new Date(start + i * 60_000),
        closeTime: new Date(start + i * 60_000 + 1000),
      })),
    );
    const stats = await statistics(me);
    expect(stats.equityCurve.length).toBeLessThanOrEqual(500);
    expect(stats.equityCurve.length).toBeGreaterThan(400);
    expect(stats.equityCurve.at(-1).equity).toBe(1233 - 300);
    expect(stats.netProfit).toBe(933);
    expect(stats.maxDrawdown).toBe(300);
  });
});
