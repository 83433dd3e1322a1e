import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { reportedOrder, reportOrders } from '../../../test/orders.ts';
import { sessionCookie } from '../../../test/sessions.ts';
import { insertManyOrders } from '../../../test/stored-orders.ts';
import { createTestUser } from '../../../test/users.ts';
import { createLicenseDirectory } from '../../core/license-directory.ts';
import { orders } from '../../db/schema/orders.ts';
import { createOrderReports } from './orders-report.ts';
import { createOrderTombstones } from './orders-tombstones.ts';

let t: TestApp;
let origin: string;

beforeAll(async () => {
  t = await createTestApp({ redis: true });
  origin = t.app.auth.publicOrigin;
});
afterAll(() => t.close());

async function traderWith(tickets: number[], terminal: { account?: string } = {}) {
  const db = t.deps.database.db;
  const user = await createTestUser(db);
  const res = await reportOrders(
    t.app,
    user.licenseNumber,
    tickets.map((n) => reportedOrder(n)),
    terminal,
  );
  expect(res.statusCode).toBe(200);
  return { ...user, cookie: await sessionCookie(t.app, db, user.id) };
}
type Trader = Awaited<ReturnType<typeof traderWith>>;

async function ticketsOf(user: Trader) {
  const rows = await t.deps.database.db
    .select({ ticket: orders.ticket, account: orders.account })
    .from(orders)
    .where(eq(orders.userId, user.id))
    .orderBy(orders.ticket, orders.account);
  return rows.map((r) => `${r.ticket}@${r.account}`);
}

function del(url: string, user: Trader | null, headers: Record<string, string> = { origin }) {
  return t.app.inject({
    method: 'DELETE',
    url,
    headers: { ...(user ? { cookie: user.cookie } : {}), ...headers },
  });
}

describe('DELETE /api/orders/{ticket}', () => {
  it('deletes one of my orders and says how many rows went', async () => {
    const me = await traderWith([1, 2, 3]);
    const res = await del(
      `/api/orders/2?licenseNumber=${encodeURIComponent(me.licenseNumber)}`,
      me,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, deleted: 1 });
    expect(await ticketsOf(me)).toEqual(['1@5012345', '3@5012345']);
  });

  it('accepts the JSON content type the spec sends, with no body', async () => {
    const me = await traderWith([1]);
    const res = await del('/api/orders/1', me, { origin, 'content-type': 'application/json' });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('answers 404 with a clear message for an unknown ticket, or one of another user', async () => {
    const me = await traderWith([1]);
    const other = await traderWith([77]);
    for (const ticket of ['999', '77']) {
      const res = await del(`/api/orders/${ticket}`, me);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        code: 'NOT_FOUND',
        message: `Order #${ticket} was not found in your order history.`,
        error: `Order #${ticket} was not found in your order history.`,
      });
    }
    expect(await ticketsOf(other)).toEqual(['77@5012345']);
  });

  it("refuses another user's license number and a ticket that is not digits", async () => {
    const me = await traderWith([1]);
    const other = await traderWith([1]);
    const foreign = await del(
      `/api/orders/1?licenseNumber=${encodeURIComponent(other.licenseNumber)}`,
      me,
    );
    expect(foreign.statusCode).toBe(403);
    expect((await del('/api/orders/abc', me)).statusCode).toBe(400);
    expect(await ticketsOf(me)).toEqual(['1@5012345']);
  });

  it('narrows to one account when the dashboard names it', async () => {
    const me = await traderWith([5]);
    await reportOrders(t.app, me.licenseNumber, [reportedOrder(5)], { account: '42' });
    expect((await del('/api/orders/5?platform=mt5&account=42', me)).statusCode).toBe(200);
    expect(await ticketsOf(me)).toEqual(['5@5012345']);
  });

  it('needs a session and a same-origin request', async () => {
    const me = await traderWith([1]);
    expect((await del('/api/orders/1', null)).statusCode).toBe(401);
    const noOrigin = await del('/api/orders/1', me, {});
    expect(noOrigin.statusCode).toBe(403);
    expect(noOrigin.json().code).toBe('CSRF_REJECTED');
    const crossSite = await del('/api/orders/1', me, { origin: 'https://evil.example' });
    expect(crossSite.statusCode).toBe(403);
    expect(await ticketsOf(me)).toEqual(['1@5012345']);
  });

  it('stays deleted when the tracker reports the order again; new orders still arrive', async () => {
    const me = await traderWith([1, 2]);
    await del('/api/orders/1', me);
    const res = await reportOrders(t.app, me.licenseNumber, [
      reportedOrder(1),
      reportedOrder(2),
      reportedOrder(3),
    ]);
    expect(res.json()).toEqual({ accepted: 3 });
    expect(await ticketsOf(me)).toEqual(['2@5012345', '3@5012345']);
  });
  it('does not bring back an order whose deletion lands while a report is being written', async () => {
    const me = await traderWith([1, 2]);
    const db = t.deps.database.db;
    const now = () => Date.now();
    const tombstones = createOrderTombstones({ db, now });
    const reports = createOrderReports({
      db,
      licenses: createLicenseDirectory({ database: t.deps.database, bus: t.deps.bus, now }),
      // The report checked for tombstones just before the user's deletion committed.
      tombstones: { ...tombstones, deletedAmong: async () => new Set<string>() },
      publishLive: () => undefined,
      now,
    });
    await del('/api/orders/1', me);
    const outcome = await reports.report({
      v: 1,
      licenseNumber: me.licenseNumber,
      platform: 'mt5',
      account: '5012345',
      broker: 'MetaQuotes-Demo',
      orders: [reportedOrder(1), reportedOrder(2)],
    });
    expect(outcome.accepted).toBe(2);
    expect(await ticketsOf(me)).toEqual(['2@5012345']);
  });
});

describe('DELETE /api/orders/delete-history', () => {
  it('deletes all of my orders, none of anyone else, and keeps them deleted', async () => {
    const me = await traderWith([1, 2, 3]);
    const other = await traderWith([1, 2]);
    const res = await del('/api/orders/delete-history', me);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, deleted: 3 });
    expect(await ticketsOf(me)).toEqual([]);
    expect(await ticketsOf(other)).toEqual(['1@5012345', '2@5012345']);

    await reportOrders(t.app, me.licenseNumber, [reportedOrder(2), reportedOrder(4)]);
    expect(await ticketsOf(me)).toEqual(['4@5012345']);

    const stats = await t.app.inject({
      method: 'GET',
      url: `/api/orders/statistics?licenseNumber=${encodeURIComponent(me.licenseNumber)}`,
      headers: { cookie: me.cookie },
    });
    expect(stats.json()).toMatchObject({ totalTrades: 1, closedTrades: 1 });
  });

  it('answers 200 with nothing to delete, and checks session, origin and license', async () => {
    const me = await traderWith([]);
    expect((await del('/api/orders/delete-history', me)).json()).toEqual({ ok: true, deleted: 0 });
    const other = await traderWith([1]);
    expect((await del('/api/orders/delete-history', null)).statusCode).toBe(401);
    expect((await del('/api/orders/delete-history', other, {})).statusCode).toBe(403);
    const foreign = await del(
      `/api/orders/delete-history?licenseNumber=${encodeURIComponent(me.licenseNumber)}`,
      other,
    );
    expect(foreign.statusCode).toBe(403);
    expect(await ticketsOf(other)).toEqual(['1@5012345']);
  });

  it('deletes more rows than one statement takes', async () => {
    const me = await traderWith([]);
    await insertManyOrders(t.deps.database.db, 12_345, {
      userId: me.id,
      account: '9',
      status: 'open',
      openTime: new Date(),
    });
    const res = await del('/api/orders/delete-history', me);
    expect(res.json()).toEqual({ ok: true, deleted: 12_345 });
  });
});
