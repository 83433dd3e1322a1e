import type { OrderView } from '@signalrelay/contracts/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { reportedOrder, reportOrders } from '../../../test/orders.ts';
import { sessionCookie } from '../../../test/sessions.ts';
import { createTestUser } from '../../../test/users.ts';
import type { Db } from '../../db/db.ts';
import { orders } from '../../db/schema/orders.ts';
import type { Plan } from '../../db/schema/users.ts';

let t: TestApp;
let db: Db;
const hour = 60 * 60 * 1000;
const day = 24 * hour;
const now = Date.now();

type Seed = Partial<typeof orders.$inferInsert> & { ticket: string };

async function seedUser(plan: Plan, rows: Seed[]) {
  const user = await createTestUser(db, { plan });
  if (rows.length > 0) {
    await db.insert(orders).values(
      rows.map((row) => ({
        userId: user.id,
        platform: 'mt5' as const,
        account: '5012345',
        symbol: 'EURUSD',
        orderType: 'buy' as const,
        lots: 0.1,
        openPrice: 1.08,
        closePrice: row.status === 'open' ? null : 1.09,
        status: 'closed' as const,
        openTime: new Date(now - hour),
        closeTime: row.status === 'open' ? null : new Date(now - hour / 2),
        ...row,
      })),
    );
  }
  return { ...user, cookie: await sessionCookie(t.app, db, user.id) };
}

type User = Awaited<ReturnType<typeof seedUser>>;

async function history(user: User, query: Record<string, string | number> = {}) {
  const qs = new URLSearchParams({
    licenseNumber: user.licenseNumber,
    ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });
  return t.app.inject({
    method: 'GET',
    url: `/api/orders/history?${qs}`,
    headers: { cookie: user.cookie },
  });
}

async function tickets(user: User, query: Record<string, string | number> = {}) {
  const res = await history(user, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().orders.map((o: OrderView) => o.ticket);
}

let trader: User;

beforeAll(async () => {
  t = await createTestApp({ redis: true });
  db = t.deps.database.db;
  // Tickets 1…12, opened one hour apart going back; a mix of platforms, types and statuses.
  const types = ['buy', 'sell', 'buylimit', 'selllimit', 'buystop', 'sellstop'] as const;
  trader = await seedUser(
    'pro',
    Array.from({ length: 12 }, (_, i) => {
      const open = i % 4 === 0;
      return {
        ticket: String(i + 1),
        symbol: ['EURUSD', 'XAUUSD', 'GBPUSD'][i % 3]!,
        platform: i % 3 === 0 ? ('mt4' as const) : ('mt5' as const),
        orderType: types[i % 6]!,
        lots: ((i * 7) % 12) / 100 + 0.01,
        profit: (i % 2 ? -1 : 1) * i * 10,
        status: open ? ('open' as const) : ('closed' as const),
        openTime: new Date(now - (i + 1) * hour - (i === 11 ? 10 * day : 0)),
        closeTime: open ? null : new Date(now - (i + 1) * hour + 30 * 60_000),
      };
    }),
  );
});
afterAll(() => t.close());

describe('GET /api/orders/history', () => {
  it('needs a session and the caller’s own license', async () => {
    const noSession = await t.app.inject({
      method: 'GET',
      url: `/api/orders/history?licenseNumber=${trader.licenseNumber}`,
    });
    expect(noSession.statusCode).toBe(401);
    const other = await seedUser('pro', []);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/orders/history?licenseNumber=${trader.licenseNumber}`,
      headers: { cookie: other.cookie },
    });
    expect(res.statusCode).toBe(403);
  });

  it("returns the spec's order shape, newest open time first", async () => {
    const res = await history(trader);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 12, page: 1, pageSize: 100, historyDays: null });
    expect(body.orders.map((o: OrderView) => o.ticket)).toEqual(
      Array.from({ length: 12 }, (_, i) => String(i + 1)),
    );
    const open = body.orders[0];
    expect(Object.keys(open).sort()).toEqual(
      [
        '_id',
        'ticket',
        'symbol',
        'platform',
        'account',
        'broker',
        'orderType',
        'lots',
        'openPrice',
        'closePrice',
        'stopLoss',
        'takeProfit',
        'profit',
        'commission',
        'swap',
        'magicNumber',
        'comment',
        'status',
        'openTime',
        'closeTime',
      ].sort(),
    );
    expect(open).toMatchObject({ status: 'open', closePrice: null, closeTime: null });
    expect(open.openTime).toBe(new Date(now - hour).toISOString());
    expect(body.orders[1].closeTime).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
  });

  it('filters by status, platform, order type and period on the server', async () => {
    expect(await tickets(trader, { status: 'open' })).toEqual(['1', '5', '9']);
    expect(await tickets(trader, { platform: 'mt4' })).toEqual(['1', '4', '7', '10']);
    expect(await tickets(trader, { orderType: 'sell' })).toEqual(['2', '8']);
    expect(await tickets(trader, { period: '24h', status: 'closed', platform: 'mt5' })).toEqual([
      '2',
      '3',
      '6',
      '8',
      '11',
    ]);
    expect(await tickets(trader, { period: '7d' })).toHaveLength(11);
    const res = await history(trader, { status: 'open', orderType: 'buystop' });
    expect(res.json()).toMatchObject({ orders: [{ ticket: '5' }], total: 1 });
  });

  it('sorts by each field in both directions, tickets as numbers', async () => {
    expect(await tickets(trader, { sortBy: 'ticket', sortOrder: 'asc' })).toEqual(
      Array.from({ length: 12 }, (_, i) => String(i + 1)),
    );
    expect((await tickets(trader, { sortBy: 'ticket' }))[0]).toBe('12');
    const profits = async (sortOrder: string) =>
      (await history(trader, { sortBy: 'profit', sortOrder }))
        .json()
        .orders.map((o: OrderView) => o.profit);
    const asc = await profits('asc');
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    expect(await profits('desc')).toEqual([...asc].reverse());
    const symbols = (await history(trader, { sortBy: 'symbol', sortOrder: 'asc' }))
      .json()
      .orders.map((o: OrderView) => o.symbol);
    expect(symbols).toEqual([...symbols].sort());
    const lots = (await history(trader, { sortBy: 'lots' }))
      .json()
      .orders.map((o: OrderView) => o.lots);
    expect(lots).toEqual([...lots].sort((a, b) => b - a));
    // Open orders close "later than anything": first on desc, last on asc.
    const closeDesc = await tickets(trader, { sortBy: 'closeTime' });
    expect(closeDesc.slice(0, 3).sort()).toEqual(['1', '5', '9']);
    expect(closeDesc[3]).toBe('2');
    const closeAsc = await tickets(trader, { sortBy: 'closeTime', sortOrder: 'asc' });
    expect(closeAsc.slice(0, 2)).toEqual(['12', '11']);
    expect(closeAsc.slice(-3).sort()).toEqual(['1', '5', '9']);
  });

  it('pages without overlap and counts the filtered total', async () => {
    const first = (await history(trader, { pageSize: 10, page: 1 })).json();
    const second = (await history(trader, { pageSize: 10, page: 2 })).json();
    expect(first.orders).toHaveLength(10);
    expect(second.orders.map((o: OrderView) => o.ticket)).toEqual(['11', '12']);
    expect(first.total).toBe(12);
    expect((await history(trader, { pageSize: 10, page: 3 })).json().orders).toEqual([]);
  });

  it.each([
    ['pageSize', { pageSize: 20 }],
    ['sortBy', { sortBy: 'magicNumber' }],
    ['status', { status: 'pending' }],
    ['period', { period: '90d' }],
    ['page', { page: 0 }],
  ])('answers 400 naming %s when it is not allowed', async (field, query) => {
    const res = await history(trader, query);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(new RegExp(`^${field}: `));
  });

  it('keeps totals right as reports and deletions change the orders', async () => {
    const me = await seedUser('pro', []);
    const totals = async () => {
      const all = (await history(me)).json().total;
      const open = (await history(me, { status: 'open' })).json().total;
      const sells = (await history(me, { orderType: 'sell', platform: 'mt5' })).json().total;
      return { all, open, sells };
    };
    await reportOrders(t.app, me.licenseNumber, [
      reportedOrder(1),
      reportedOrder(2, { status: 'open', closeTime: 0 }),
    ]);
    expect(await totals()).toEqual({ all: 2, open: 1, sells: 0 });
    // Only the floating profit moves: nothing to recount.
    await reportOrders(t.app, me.licenseNumber, [
      reportedOrder(2, { status: 'open', closeTime: 0, profit: 99 }),
    ]);
    expect(await totals()).toEqual({ all: 2, open: 1, sells: 0 });
    // The open one closes and a sell arrives.
    await reportOrders(t.app, me.licenseNumber, [
      reportedOrder(2),
      reportedOrder(3, { orderType: 'sell' }),
    ]);
    expect(await totals()).toEqual({ all: 3, open: 0, sells: 1 });
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/orders/3',
      headers: { cookie: me.cookie, origin: t.app.auth.publicOrigin },
    });
    expect(res.statusCode).toBe(200);
    expect(await totals()).toEqual({ all: 2, open: 0, sells: 0 });
  });

  it("applies the plan's window on open time, keeping orders that are still open", async () => {
    const rows: Seed[] = [
      { ticket: '101', openTime: new Date(now - 10 * day), closeTime: new Date(now - 9 * day) },
      { ticket: '102', openTime: new Date(now - 40 * day), closeTime: new Date(now - 2 * day) },
      { ticket: '103', openTime: new Date(now - 100 * day), closeTime: new Date(now - 99 * day) },
      { ticket: '104', openTime: new Date(now - 200 * day), status: 'open' },
    ];
    const free = await seedUser('free', rows);
    const basic = await seedUser('basic', rows);
    const pro = await seedUser('pro', rows);
    expect(await tickets(free)).toEqual(['101', '104']);
    expect((await history(free)).json()).toMatchObject({ total: 2, historyDays: 30 });
    expect(await tickets(basic)).toEqual(['101', '102', '104']);
    expect((await history(basic)).json().historyDays).toBe(90);
    expect(await tickets(pro)).toEqual(['101', '102', '103', '104']);
  });
});
