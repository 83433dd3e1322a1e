import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { reportOrders } from '../../../test/orders.ts';
import { createTestUser } from '../../../test/users.ts';
import { orders } from '../../db/schema/orders.ts';

/**
 * Property-based tests of the OrderTracker report against the real database: whatever mix of
 * good and bad rows, repeats and orderings an EA sends, the answer accounts for every row, the
 * stored history is the last good copy of each ticket, and sending it again changes nothing.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const hour = 60 * 60 * 1000;
const money = fc.integer({ min: -1e8, max: 1e8 }).map((n) => n / 100);
const price = fc.integer({ min: 1, max: 1e9 }).map((n) => n / 1e5);

/** A row the server must accept; tickets from a small pool so reports repeat them. */
const goodRow = fc
  .record({
    ticket: fc.integer({ min: 1, max: 12 }).map(String),
    symbol: fc.stringMatching(/^[A-Z][A-Z0-9.]{1,11}$/),
    orderType: fc.constantFrom('buy', 'sell', 'buylimit', 'selllimit', 'buystop', 'sellstop'),
    lots: fc.integer({ min: 1, max: 10_000 }).map((n) => n / 100),
    openPrice: price,
    closePrice: price,
    stopLoss: price,
    takeProfit: price,
    profit: money,
    commission: money,
    swap: money,
    magicNumber: fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
    comment: fc.string({ maxLength: 40 }).filter((s) => !s.includes('\u0000')),
    closed: fc.boolean(),
    ageHours: fc.integer({ min: 1, max: 24 * 60 }),
    heldHours: fc.integer({ min: 0, max: 48 }),
  })
  .map(({ closed, ageHours, heldHours, ...row }) => {
    const openTime = Date.now() - ageHours * hour;
    return closed
      ? {
          ...row,
          status: 'closed',
          openTime,
          closeTime: Math.min(openTime + heldHours * hour, Date.now()),
        }
      : { ...row, status: 'open', closePrice: 0, openTime, closeTime: 0 };
  });

/** A row the server must refuse (and name), whatever else the report holds. */
const badRow = fc.oneof(
  goodRow.map((r) => ({ ...r, ticket: 'T-1' })),
  goodRow.map((r) => ({ ...r, lots: -1 })),
  goodRow.map((r) => ({ ...r, orderType: 'hedge' })),
  goodRow.map((r) => ({ ...r, openTime: Math.floor(r.openTime / 1000) })),
  goodRow.map((r) => ({ ...r, status: 'closed', closeTime: 0 })),
  goodRow.map((r) => ({ ...r, symbol: 'EUR\u0000USD' })),
  goodRow.map((r) => ({ ...r, openTime: Date.now() + 3 * 24 * hour })),
  fc.jsonValue(),
);

type Row = Record<string, unknown>;
const isGood = (row: unknown): boolean =>
  typeof row === 'object' && row !== null && (row as { __good?: boolean }).__good === true;

/** What the history should hold for a report: the last good copy of each ticket. */
function expectedHistory(rows: Row[]) {
  const byTicket = new Map<string, Row>();
  for (const row of rows) if (isGood(row)) byTicket.set(String(row.ticket), row);
  return [...byTicket.values()]
    .map((r) => ({
      ticket: r.ticket,
      symbol: r.symbol,
      orderType: r.orderType,
      lots: r.lots,
      openPrice: r.openPrice,
      closePrice: r.status === 'closed' ? r.closePrice : null,
      stopLoss: r.stopLoss,
      takeProfit: r.takeProfit,
      profit: r.profit,
      commission: r.commission,
      swap: r.swap,
      magicNumber: r.magicNumber,
      comment: r.comment,
      status: r.status,
      openTime: new Date(r.openTime as number),
      closeTime: r.status === 'closed' ? new Date(r.closeTime as number) : null,
    }))
    .sort((a, b) => Number(a.ticket) - Number(b.ticket));
}

async function history(userId: string) {
  const rows = await t.deps.database.db.select().from(orders).where(eq(orders.userId, userId));
  return rows
    .map(({ id: _id, userId: _u, platform: _p, account: _a, broker: _b, ...r }) => r)
    .sort((a, b) => Number(a.ticket) - Number(b.ticket));
}

/** Sends rows without the test's marker; returns the answer's accounting. */
async function send(licenseNumber: string, rows: Row[]) {
  const res = await reportOrders(
    t.app,
    licenseNumber,
    rows.map((row) => {
      if (!isGood(row)) return row;
      const { __good: _g, ...sent } = row;
      return sent;
    }),
  );
  const body = res.json() as { accepted: number; rejected?: { index: number }[] };
  return { status: res.statusCode, accepted: body.accepted, rejected: body.rejected ?? [] };
}

const report = fc.array(
  fc.oneof(
    { weight: 3, arbitrary: goodRow.map((r) => ({ ...r, __good: true })) },
    { weight: 1, arbitrary: badRow.map((r) => ({ value: r })) },
  ),
  { minLength: 1, maxLength: 25 },
);
/** Bad rows may be any JSON; wrapped so the marker cannot collide with them. */
const unwrap = (rows: (Row | { value: unknown })[]): Row[] =>
  rows.map((r) => ('value' in r && !('__good' in r) ? (r.value as Row) : (r as Row)));

describe('orders report, property-based (real database)', () => {
  it('accounts for every row, names each bad one, and stores the last good copy per ticket', async () => {
    await fc.assert(
      fc.asyncProperty(report, async (wrapped) => {
        const rows = unwrap(wrapped);
        const user = await createTestUser(t.deps.database.db);
        const answer = await send(user.licenseNumber, rows);
        const bad = rows.flatMap((r, i) => (isGood(r) ? [] : [i]));
        expect(answer.status).toBe(bad.length === 0 ? 200 : 400);
        expect(answer.accepted).toBe(rows.length - bad.length);
        expect(answer.rejected.map((r) => r.index)).toEqual(bad);
        expect(await history(user.id)).toMatchObject(expectedHistory(rows));
        expect(await history(user.id)).toHaveLength(expectedHistory(rows).length);
      }),
      { numRuns: 40 },
    );
  });

  it('gives the same history whatever the order and however often a report is sent', async () => {
    const distinct = fc.uniqueArray(goodRow, {
      selector: (r) => r.ticket,
      minLength: 1,
      maxLength: 12,
    });
    await fc.assert(
      fc.asyncProperty(
        distinct.chain((rows) =>
          fc.tuple(fc.constant(rows), fc.shuffledSubarray(rows, { minLength: rows.length })),
        ),
        fc.integer({ min: 1, max: 3 }),
        async ([rows, shuffled], repeats) => {
          const user = await createTestUser(t.deps.database.db);
          await send(
            user.licenseNumber,
            rows.map((r) => ({ ...r, __good: true })),
          );
          const first = await t.deps.database.db
            .select()
            .from(orders)
            .where(eq(orders.userId, user.id));
          for (let i = 0; i < repeats; i++) {
            const answer = await send(
              user.licenseNumber,
              shuffled.map((r) => ({ ...r, __good: true })),
            );
            expect(answer).toMatchObject({ status: 200, accepted: rows.length });
          }
          const after = await t.deps.database.db
            .select()
            .from(orders)
            .where(eq(orders.userId, user.id));
          // Nothing rewritten: same rows, same ids, same update times.
          const key = (r: { ticket: string }) => r.ticket;
          expect([...after].sort((a, b) => key(a).localeCompare(key(b)))).toEqual(
            [...first].sort((a, b) => key(a).localeCompare(key(b))),
          );
        },
      ),
      { numRuns: 25 },
    );
  });
});
