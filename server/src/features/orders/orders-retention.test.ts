import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { insertManyOrders } from '../../../test/stored-orders.ts';
import { createTestUser } from '../../../test/users.ts';
import type { Db } from '../../db/db.ts';
import { orders, orderTombstones } from '../../db/schema/orders.ts';
import type { Plan } from '../../db/schema/users.ts';
import { startJobs } from '../../jobs.ts';
import { createOrderPruning, retentionCutoff } from './orders-retention.ts';
import { createOrderTombstones } from './orders-tombstones.ts';

let t: TestApp;
let db: Db;
const hour = 60 * 60 * 1000;
const day = 24 * hour;

beforeAll(async () => {
  // Jobs are started by the test itself, once the rows to prune are in place.
  t = await createTestApp({ redis: true, RUN_JOBS: false });
  db = t.deps.database.db;
});
afterAll(() => t.close());

/** Closed orders opened 10, 40 and 100 days ago, and one open for 200 days. */
async function userWithAges(plan: Plan) {
  const user = await createTestUser(db, { plan });
  const now = Date.now();
  await db.insert(orders).values(
    [10, 40, 100, 200].map((age) => ({
      userId: user.id,
      platform: 'mt5' as const,
      account: '1',
      ticket: String(age),
      symbol: 'EURUSD',
      orderType: 'buy' as const,
      lots: 1,
      openPrice: 1,
      status: age === 200 ? ('open' as const) : ('closed' as const),
      openTime: new Date(now - age * day),
      closeTime: age === 200 ? null : new Date(now - age * day + hour),
    })),
  );
  return user;
}

async function ticketsOf(userId: string) {
  const rows = await db
    .select({ ticket: orders.ticket })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(orders.openTime);
  return rows.map((r) => r.ticket);
}

describe('order history retention', () => {
  it('moves the window once an hour, by plan', () => {
    const now = Date.UTC(2025, 5, 1, 12, 34, 56);
    expect(retentionCutoff('free', now)?.toISOString()).toBe('2025-05-02T12:00:00.000Z');
    expect(retentionCutoff('basic', now)?.toISOString()).toBe('2025-03-03T12:00:00.000Z');
    expect(retentionCutoff('pro', now)).toBeNull();
  });

  it('the job in jobs.ts prunes closed orders past each plan’s window and keeps open ones', async () => {
    const free = await userWithAges('free');
    const basic = await userWithAges('basic');
    const pro = await userWithAges('pro');
    await startJobs(t.deps);
    await expect.poll(() => ticketsOf(free.id), { timeout: 10_000 }).toEqual(['200', '10']);
    await expect.poll(() => ticketsOf(basic.id), { timeout: 10_000 }).toEqual(['200', '40', '10']);
    expect(await ticketsOf(pro.id)).toEqual(['200', '100', '40', '10']);
  });

  it('prunes in batches and drops tombstones nobody has mentioned for 100 days', async () => {
    const user = await createTestUser(db, { plan: 'free' });
    const now = Date.now();
    await insertManyOrders(db, 4500, {
      userId: user.id,
      account: '2',
      status: 'closed',
      openTime: new Date(now - 31 * day),
      closeTime: new Date(now - 31 * day + hour),
    });
    await db.insert(orderTombstones).values([
      {
        userId: user.id,
        platform: 'mt4',
        account: '2',
        ticket: '9001',
        seenAt: new Date(now - 101 * day),
      },
      {
        userId: user.id,
        platform: 'mt4',
        account: '2',
        ticket: '9002',
        seenAt: new Date(now - 99 * day),
      },
    ]);
    const nowFn = () => now;
    const pruning = createOrderPruning({
      db,
      jobs: t.deps.jobs,
      tombstones: createOrderTombstones({ db, now: nowFn }),
      now: nowFn,
    });
    const pruned = await pruning.pruneOnce();
    expect(pruned.orders).toBeGreaterThanOrEqual(4500);
    expect(pruned.tombstones).toBeGreaterThanOrEqual(1);
    expect(await ticketsOf(user.id)).toEqual([]);
    const left = await db
      .select({ ticket: orderTombstones.ticket })
      .from(orderTombstones)
      .where(eq(orderTombstones.userId, user.id));
    expect(left).toEqual([{ ticket: '9002' }]);
  });
});
