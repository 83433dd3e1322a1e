import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedApp, startEmbeddedApp } from '../../../test/embedded-app.ts';
import { reportedOrder, reportOrders } from '../../../test/orders.ts';
import { sessionCookie } from '../../../test/sessions.ts';
import { createTestUser } from '../../../test/users.ts';
import type { OpenDeps } from '../../open-deps.ts';
import { createOrderPruning } from './orders-retention.ts';
import { createOrderTombstones } from './orders-tombstones.ts';

/**
 * `npm start` with nothing configured runs on PGlite: the order queries (upsert with its
 * change check, ctid batches, window functions, New York days, the numeric ticket index)
 * must work there as they do on Postgres.
 */
let embedded: EmbeddedApp;
let deps: OpenDeps;
let app: EmbeddedApp['app'];

beforeAll(async () => {
  embedded = await startEmbeddedApp({ NODE_ENV: 'test' });
  ({ app, deps } = embedded);
  expect(deps.database.kind).toBe('pglite');
  await app.ready();
});

afterAll(() => embedded?.close());

describe('orders on the embedded database', () => {
  it('stores reports, pages, sorts, computes statistics, deletes and prunes', async () => {
    const db = deps.database.db;
    const user = await createTestUser(db, { plan: 'free' });
    const cookie = await sessionCookie(app, db, user.id);
    const now = Date.now();
    const rows = [
      reportedOrder(9, { profit: 20, commission: -1, swap: 0 }),
      reportedOrder(10, { profit: -5, commission: -1, swap: 0, openTime: now - 3_600_000 }),
      reportedOrder(11, { status: 'open', closeTime: 0, profit: 3 }),
    ];
    expect((await reportOrders(app, user.licenseNumber, rows)).json()).toEqual({ accepted: 3 });
    expect((await reportOrders(app, user.licenseNumber, rows)).json()).toEqual({ accepted: 3 });

    const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie } });
    const license = encodeURIComponent(user.licenseNumber);
    const page = (
      await get(`/api/orders/history?licenseNumber=${license}&sortBy=ticket&sortOrder=asc`)
    ).json();
    expect(page.orders.map((o: { ticket: string }) => o.ticket)).toEqual(['9', '10', '11']);
    expect(page).toMatchObject({ total: 3, historyDays: 30 });

    const stats = (await get(`/api/orders/statistics?licenseNumber=${license}`)).json();
    expect(stats).toMatchObject({
      totalTrades: 3,
      openTrades: 1,
      winningTrades: 1,
      losingTrades: 1,
      netProfit: 13,
      maxDrawdown: 6,
    });
    expect(stats.dailyPnl.reduce((sum: number, d: { net: number }) => sum + d.net, 0)).toBe(13);

    const deleted = await app.inject({
      method: 'DELETE',
      url: '/api/orders/10',
      headers: { cookie, origin: app.auth.publicOrigin },
    });
    expect(deleted.json()).toEqual({ ok: true, deleted: 1 });
    await reportOrders(app, user.licenseNumber, rows);
    expect((await get(`/api/orders/history?licenseNumber=${license}`)).json().total).toBe(2);

    const pruning = createOrderPruning({
      db,
      jobs: deps.jobs,
      tombstones: createOrderTombstones({ db, now: deps.now }),
      now: deps.now,
    });
    const pruned = await pruning.pruneOnce();
    expect(pruned).toEqual({ orders: 0, tombstones: 0 });
  });
});
