import { ordersReportRejectionSchema } from '@signalrelay/contracts/ea-protocol';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { reportedOrder, reportOrders } from '../../../test/orders.ts';
import { createTestUser } from '../../../test/users.ts';
import { liveChannel } from '../../core/live-events.ts';
import { orders } from '../../db/schema/orders.ts';
import { licenseMissesPerIp } from '../../http/license-misses.ts';

let t: TestApp;
const day = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp({ redis: true });
});
afterAll(() => t.close());

async function storedOf(userId: string) {
  return t.deps.database.db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(orders.ticket);
}

/** Live events published for `userId` while `action` runs (and shortly after). */
async function liveEventsDuring(userId: string, action: () => Promise<unknown>) {
  const events: unknown[] = [];
  const off = await t.deps.bus.subscribe(liveChannel(userId), (m) => events.push(JSON.parse(m)));
  try {
    await action();
    await new Promise((resolve) => setTimeout(resolve, 150));
  } finally {
    await off();
  }
  return events;
}

describe('POST /api/orders/report', () => {
  it('stores the rows of a valid report and answers {accepted}', async () => {
    const user = await createTestUser(t.deps.database.db);
    const res = await reportOrders(t.app, user.licenseNumber, [
      reportedOrder(1001),
      reportedOrder(1002, { status: 'open', closePrice: 0, closeTime: 0, profit: -3.5 }),
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accepted: 2 });
    const rows = await storedOf(user.id);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      ticket: '1001',
      platform: 'mt5',
      account: '5012345',
      broker: 'MetaQuotes-Demo',
      status: 'closed',
      profit: 11,
      commission: -0.7,
    });
    // An open order has no close price or time, whatever the EA sent.
    expect(rows[1]).toMatchObject({ ticket: '1002', closePrice: null, closeTime: null });
  });

  it('refuses an unknown license with 401 LICENSE_INVALID', async () => {
    const res = await reportOrders(t.app, 'SR-NOT-A-REAL-LICENSE', [reportedOrder(1)]);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'LICENSE_INVALID' });
  });

  it('answers 429 RATE_LIMITED instead of 401 once one address has guessed past its budget', async () => {
    const answers: string[] = [];
    for (let i = 0; i <= licenseMissesPerIp.burst; i++) {
      const res = await reportOrders(t.app, `SR-GUESS-${i}`, [reportedOrder(1)]);
      answers.push(`${res.statusCode} ${res.json().code}`);
    }
    expect(answers[0]).toBe('401 LICENSE_INVALID');
    expect(answers.at(-1)).toBe('429 RATE_LIMITED');
  });

  it('names the envelope field that is wrong', async () => {
    const user = await createTestUser(t.deps.database.db);
    const res = await reportOrders(t.app, user.licenseNumber, [reportedOrder(1)], {
      platform: 'mt6',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^platform: /);
    const noRows = await t.app.inject({
      method: 'POST',
      url: '/api/orders/report',
      payload: { v: 1, licenseNumber: user.licenseNumber, platform: 'mt5', account: '1' },
    });
    expect(noRows.statusCode).toBe(400);
    expect(noRows.json().message).toMatch(/^(broker|orders): /);
  });

  it('accepts 500 rows and refuses 501 with 413 and a clear message, storing none', async () => {
    const user = await createTestUser(t.deps.database.db);
    const five = Array.from({ length: 500 }, (_, i) => reportedOrder(10_000 + i));
    const ok = await reportOrders(t.app, user.licenseNumber, five);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ accepted: 500 });

    const other = await createTestUser(t.deps.database.db);
    const tooMany = Array.from({ length: 501 }, (_, i) => reportedOrder(20_000 + i));
    const res = await reportOrders(t.app, other.licenseNumber, tooMany);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'TOO_LARGE' });
    expect(res.json().message).toContain('at most 500 rows per report, got 501');
    expect(await storedOf(other.id)).toHaveLength(0);
  });

  const now = Date.now();
  const badRows: [string, Record<string, unknown>, string][] = [
    ['a ticket that is not digits', { ticket: '12a' }, 'ticket'],
    ['a missing ticket', { ticket: undefined }, 'ticket'],
    ['an empty symbol', { symbol: '' }, 'symbol'],
    ['an unknown order type', { orderType: 'buystoplimit' }, 'orderType'],
    ['negative lots', { lots: -1 }, 'lots'],
    ['lots as a string', { lots: '0.1' }, 'lots'],
    ['an unknown status', { status: 'cancelled' }, 'status'],
    ['open time in seconds', { openTime: Math.floor(now / 1000) }, 'openTime'],
    ['open time in the future', { openTime: now + 3 * day, closeTime: now + 3 * day }, 'openTime'],
    ['a closed order without close time', { closeTime: 0 }, 'closeTime'],
    ['a close before the open', { openTime: now - 1000, closeTime: now - 2000 }, 'closeTime'],
    ['a NUL in the comment', { comment: 'a\u0000b' }, 'comment'],
    ['a magic number beyond 2^53', { magicNumber: 2 ** 60 }, 'magicNumber'],
  ];

  it.each(badRows)(
    'rejects a row with %s, names it, and keeps the good rows',
    async (_, bad, field) => {
      const user = await createTestUser(t.deps.database.db);
      const res = await reportOrders(t.app, user.licenseNumber, [
        reportedOrder(1),
        reportedOrder(2, bad),
        reportedOrder(3),
      ]);
      expect(res.statusCode).toBe(400);
      // The reply follows the protocol's contract for a report with bad rows.
      const body = ordersReportRejectionSchema.parse(res.json());
      expect(body.message).toMatch(new RegExp(`^orders\\[1\\]\\.${field}: `));
      expect(body.message).toContain('2 good rows were stored');
      expect(body.accepted).toBe(2);
      expect(body.rejected).toEqual([{ index: 1, field, message: expect.any(String) }]);
      expect((await storedOf(user.id)).map((r) => r.ticket)).toEqual(['1', '3']);
    },
  );

  it('lists every bad row when several are wrong', async () => {
    const user = await createTestUser(t.deps.database.db);
    const res = await reportOrders(t.app, user.licenseNumber, [
      'not an object',
      reportedOrder(5),
      reportedOrder(6, { lots: -2 }),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().rejected.map((r: { index: number }) => r.index)).toEqual([0, 2]);
    expect(res.json().message).toContain('and 1 more bad rows');
    expect((await storedOf(user.id)).map((r) => r.ticket)).toEqual(['5']);
  });

  it('is idempotent: the same report again changes nothing and publishes nothing', async () => {
    const user = await createTestUser(t.deps.database.db);
    const batch = [reportedOrder(7), reportedOrder(8, { status: 'open', closeTime: 0 })];
    const first = await liveEventsDuring(user.id, () =>
      reportOrders(t.app, user.licenseNumber, batch),
    );
    expect(first).toEqual([{ type: 'orders', changed: 2 }]);
    const before = await storedOf(user.id);

    const again = await liveEventsDuring(user.id, async () => {
      const res = await reportOrders(t.app, user.licenseNumber, batch);
      expect(res.json()).toEqual({ accepted: 2 });
    });
    expect(again).toEqual([]);
    expect(await storedOf(user.id)).toEqual(before);

    // A changed row is written and announced; its id stays.
    const moved = await liveEventsDuring(user.id, () =>
      reportOrders(t.app, user.licenseNumber, [
        batch[0]!,
        reportedOrder(8, { status: 'open', closeTime: 0, profit: 4.2 }),
      ]),
    );
    expect(moved).toEqual([{ type: 'orders', changed: 1 }]);
    const after = await storedOf(user.id);
    expect(after[1]).toMatchObject({ id: before[1]!.id, profit: 4.2 });
  });

  it('keeps the last copy of a ticket repeated within one report', async () => {
    const user = await createTestUser(t.deps.database.db);
    const res = await reportOrders(t.app, user.licenseNumber, [
      reportedOrder(9, { profit: 1 }),
      reportedOrder(9, { profit: 2 }),
    ]);
    expect(res.json()).toEqual({ accepted: 2 });
    const rows = await storedOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.profit).toBe(2);
  });

  it('answers concurrent reports of the same tickets, in any order, without a failure', async () => {
    const user = await createTestUser(t.deps.database.db);
    const tickets = Array.from({ length: 500 }, (_, i) => 30_000 + i);
    // Stored first, so each report updates (and locks) existing rows in its own order.
    await reportOrders(
      t.app,
      user.licenseNumber,
      tickets.map((ticket) => reportedOrder(ticket)),
    );
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, n) => {
        const order = n % 2 ? [...tickets].reverse() : tickets;
        return reportOrders(
          t.app,
          user.licenseNumber,
          order.map((ticket) => reportedOrder(ticket, { profit: n + 1 })),
        );
      }),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(await storedOf(user.id)).toHaveLength(500);
  });

  it('keeps the same ticket apart per platform and account', async () => {
    const user = await createTestUser(t.deps.database.db);
    await reportOrders(t.app, user.licenseNumber, [reportedOrder(11)]);
    await reportOrders(t.app, user.licenseNumber, [reportedOrder(11)], { account: '777' });
    await reportOrders(t.app, user.licenseNumber, [reportedOrder(11)], { platform: 'mt4' });
    expect(await storedOf(user.id)).toHaveLength(3);
  });

  it('does not store closed orders past the plan window, and drops a copy that just closed', async () => {
    const db = t.deps.database.db;
    const user = await createTestUser(db, { plan: 'free' });
    const old = Date.now() - 40 * day;
    const res = await reportOrders(t.app, user.licenseNumber, [
      reportedOrder(21, { openTime: old, closeTime: old + 1000 }),
      reportedOrder(22, { openTime: old, status: 'open', closeTime: 0 }),
    ]);
    expect(res.json()).toEqual({ accepted: 2 });
    // Still open: kept whatever its age.
    expect((await storedOf(user.id)).map((r) => r.ticket)).toEqual(['22']);

    await reportOrders(t.app, user.licenseNumber, [
      reportedOrder(22, { openTime: old, closeTime: Date.now() - 1000 }),
    ]);
    expect(await storedOf(user.id)).toEqual([]);

    // The same rows on pro are kept.
    const pro = await createTestUser(db, { plan: 'pro' });
    await reportOrders(t.app, pro.licenseNumber, [
      reportedOrder(21, { openTime: old, closeTime: old + 1000 }),
    ]);
    const kept = await db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, pro.id), eq(orders.ticket, '21')));
    expect(kept).toHaveLength(1);
  });
});
