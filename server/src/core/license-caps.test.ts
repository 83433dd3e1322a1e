import { closeCodes } from '@signalrelay/contracts/ea-protocol';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { helloFrame, openEaSocket } from '../../test/ea-socket.ts';
import { reportedOrder, reportOrders } from '../../test/orders.ts';
import { createTestUser } from '../../test/users.ts';
import { orders } from '../db/schema/orders.ts';
import { terminals } from '../db/schema/signals.ts';
import { licenseCaps } from './license-caps.ts';

/** Issue 19: one license cannot fill the database with terminals or orders. */

let t: TestApp;
let baseUrl: string;
const day = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

/** `count` terminal rows of `userId`, accounts 1…count, last seen `ageMs` ago. */
async function seedTerminals(userId: string, count: number, ageMs: number) {
  const seen = new Date(Date.now() - ageMs);
  await t.deps.database.db.insert(terminals).values(
    Array.from({ length: count }, (_, i) => ({
      userId,
      platform: 'mt5' as const,
      account: String(i + 1),
      broker: 'B',
      firstSeenAt: seen,
      lastSeenAt: seen,
    })),
  );
}

const poll = (licenseNumber: string, account: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/ea/poll',
    payload: { v: 1, licenseNumber, platform: 'mt5', account, broker: 'B', waitMs: 0 },
  });

describe(`terminals per license (${licenseCaps.terminals})`, () => {
  it('refuses a new terminal past the cap on both transports, and serves the known ones', async () => {
    const user = await createTestUser(t.deps.database.db);
    await seedTerminals(user.id, licenseCaps.terminals, 60_000);

    const ea = await openEaSocket(baseUrl);
    ea.send(
      helloFrame(user.licenseNumber, { v: 2, platform: 'mt5', account: '900001', broker: 'B' }),
    );
    const error = await ea.next((f) => f.type === 'error');
    expect(error).toMatchObject({
      code: 'LIMIT_REACHED',
      message: expect.stringContaining(
        `This license already has ${licenseCaps.terminals} terminals`,
      ),
    });
    expect((await ea.closed).code).toBe(closeCodes.tryAgainLater);
    // A v1 EA knows no LIMIT_REACHED: it hears RATE_LIMITED, which means the same to it.
    const v1 = await openEaSocket(baseUrl);
    v1.send(helloFrame(user.licenseNumber, { platform: 'mt5', account: '900003', broker: 'B' }));
    expect(await v1.next((f) => f.type === 'error')).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await v1.closed).code).toBe(closeCodes.tryAgainLater);

    const refused = await poll(user.licenseNumber, '900002');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'LIMIT_REACHED',
      message: expect.stringContaining('Remove the EA from terminals you no longer use'),
    });

    expect((await poll(user.licenseNumber, '7')).statusCode).toBe(200);
    const known = await openEaSocket(baseUrl);
    known.send(helloFrame(user.licenseNumber, { platform: 'mt5', account: '3', broker: 'B' }));
    await known.next((f) => f.type === 'welcome');
    known.close();

    const rows = await t.deps.database.db
      .select()
      .from(terminals)
      .where(eq(terminals.userId, user.id));
    expect(rows).toHaveLength(licenseCaps.terminals);
  });

  it('stops counting terminals not seen for the active window', async () => {
    const user = await createTestUser(t.deps.database.db);
    await seedTerminals(user.id, licenseCaps.terminals, licenseCaps.terminalActiveMs + day);
    expect((await poll(user.licenseNumber, '900003')).statusCode).toBe(200);
  });
});

describe(`orders per license (${licenseCaps.orders.toLocaleString('en-US')})`, () => {
  it('stores changes to stored orders but refuses new ones past the cap, with 409', async () => {
    const user = await createTestUser(t.deps.database.db);
    const db = t.deps.database.db;
    // All but one place taken (tickets 1…99999), on a connection of its own: the app's pool
    // has a statement timeout shorter than this insert.
    const client = new pg.Client({ connectionString: t.deps.config.DATABASE_URL });
    await client.connect();
    try {
      await client.query(
        `insert into orders (id, user_id, platform, account, ticket, symbol, order_type, lots,
           open_price, status, open_time)
         select gen_random_uuid(), $1, 'mt5', '5012345', n, 'EURUSD', 'buy', 0.1, 1.1, 'open', now()
         from generate_series(1, $2::int) as n`,
        [user.id, licenseCaps.orders - 1],
      );
    } finally {
      await client.end();
    }

    const res = await reportOrders(t.app, user.licenseNumber, [
      reportedOrder(1),
      reportedOrder(200001),
      reportedOrder(200002),
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'LIMIT_REACHED',
      message: expect.stringContaining(
        'This license already stores 100,000 orders, the most it keeps: 1 new orders were not stored',
      ),
      overLimit: 1,
    });
    const [count] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(orders)
      .where(eq(orders.userId, user.id));
    expect(count?.n).toBe(licenseCaps.orders);
    // The stored order was updated (closed) all the same.
    const [first] = await db
      .select()
      .from(orders)
      .where(sql`${orders.userId} = ${user.id} and ${orders.ticket} = '1'`);
    expect(first?.status).toBe('closed');

    // At the cap, a report of stored orders alone is answered as usual.
    expect((await reportOrders(t.app, user.licenseNumber, [reportedOrder(2)])).statusCode).toBe(
      200,
    );
  }, 60_000);
});
