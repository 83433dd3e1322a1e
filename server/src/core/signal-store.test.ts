import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { userWithTerminal, useSignalStore } from '../../test/signal-store.ts';
import { newSignal } from '../../test/signals.ts';
import { createTestUser } from '../../test/users.ts';
import { type Database, openDatabase } from '../db/db.ts';
import { signalDeliveries, signals, terminals } from '../db/schema/signals.ts';
import { createMemoryRecordQueue } from '../ports/record-queue-memory.ts';
import {
  createSignalStore,
  receiptGraceMs,
  resultGraceMs,
  type TerminalRef,
} from './signal-store.ts';

const setup = useSignalStore();

describe('signal store: results that arrive together', () => {
  async function signalWithTerminals(count: number) {
    const user = await createTestUser(setup.testDatabase.database.db);
    const signal = (await setup.store.insert(newSignal(user.id)))!;
    const rows = await setup.testDatabase.database.db
      .insert(terminals)
      .values(
        Array.from({ length: count }, (_, i) => ({
          userId: user.id,
          platform: 'mt5' as const,
          account: String(5000 + i),
          broker: 'Demo',
          lastSeenAt: new Date(),
        })),
      )
      .returning({ id: terminals.id });
    const refs = rows.map((r) => ({ id: r.id, userId: user.id, platform: 'mt5' as const }));
    return { signal, terminals: refs };
  }

  it('counts any success over errors, keeps the first result per terminal and the latest error', async () => {
    const ok = await signalWithTerminals(3);
    const [a, b, c] = ok.terminals as [TerminalRef, TerminalRef, TerminalRef];
    const failing = await signalWithTerminals(2);
    const [d, e] = failing.terminals as [TerminalRef, TerminalRef];
    const at = Date.now();
    const results = await Promise.all([
      setup.store.recordResult(a, { id: ok.signal.id, status: 'error', message: 'No money' }, at),
      setup.store.recordResult(
        b,
        { id: ok.signal.id, status: 'success', ticket: '77', price: 1.1 },
        at,
      ),
      setup.store.recordResult(b, { id: ok.signal.id, status: 'error', message: 'resent' }, at),
      setup.store.recordResult(c, { id: ok.signal.id, status: 'success', ticket: '78' }, at),
      setup.store.recordResult(
        d,
        { id: failing.signal.id, status: 'error', message: 'Market closed' },
        at,
      ),
      setup.store.recordResult(e, { id: failing.signal.id, status: 'error', retcode: 10018 }, at),
    ]);

    // As if written one after the other, in arrival order.
    expect(results.map((row) => row?.status ?? null)).toEqual([
      'error',
      'success',
      null,
      'success',
      'error',
      'error',
    ]);
    expect(results[1]).toMatchObject({ ticket: '77', executedPrice: 1.1 });
    expect(results[1]!.deliveredAt!.getTime()).toBe(at);
    expect(results[5]).toMatchObject({
      errorMessage: 'The terminal refused the order.',
      retcode: 10018,
    });

    // Each terminal's own result, first one kept; a later resend changes nothing.
    const stored = await setup.testDatabase.database.db
      .select({ terminalId: signalDeliveries.terminalId, status: signalDeliveries.resultStatus })
      .from(signalDeliveries)
      .where(eq(signalDeliveries.signalId, ok.signal.id));
    expect(new Map(stored.map((row) => [row.terminalId, row.status]))).toEqual(
      new Map([
        [a.id, 'error'],
        [b.id, 'success'],
        [c.id, 'success'],
      ]),
    );
    expect(
      await setup.store.recordResult(a, { id: ok.signal.id, status: 'success' }, at),
    ).toBeNull();
  });

  it('stores the others when Postgres refuses one result of the batch', async () => {
    const one = await signalWithTerminals(1);
    const two = await signalWithTerminals(1);
    const at = Date.now();
    const [refused, stored] = await Promise.allSettled([
      setup.store.recordResult(
        one.terminals[0]!,
        { id: one.signal.id, status: 'error', retcode: 2 ** 40 },
        at,
      ),
      setup.store.recordResult(two.terminals[0]!, { id: two.signal.id, status: 'success' }, at),
    ]);
    expect(refused.status).toBe('rejected');
    expect(stored).toMatchObject({ status: 'fulfilled', value: { status: 'success' } });
  });
});

describe('signal store: hand-over marks of long-poll replies', () => {
  it('go together in one statement; a signal handed to two terminals keeps the earlier time, reported once', async () => {
    const { db } = setup.testDatabase.database;
    let statements = 0;
    const counted = createSignalStore(
      {
        ...setup.testDatabase.database,
        prepared(name, text, params) {
          if (name === 'signal_handed_over') statements++;
          return setup.testDatabase.database.prepared(name, text, params);
        },
      },
      { records: createMemoryRecordQueue() },
    );
    const user = await createTestUser(db);
    const [a, b] = await Promise.all([
      counted.insert(newSignal(user.id, { symbol: 'EURUSD' })),
      counted.insert(newSignal(user.id, { symbol: 'GBPUSD' })),
    ]);
    const t = Date.now();
    const [later, other, earlier] = await Promise.all([
      counted.markDelivered([a!.id], t + 5),
      counted.markDelivered([b!.id], t + 7),
      counted.markDelivered([a!.id], t),
    ]);
    expect(statements).toBe(1);
    expect(later).toEqual([]);
    expect(other.map((row) => row.deliveredAt?.getTime())).toEqual([t + 7]);
    expect(earlier.map((row) => row.deliveredAt?.getTime())).toEqual([t]);
    const stored = await db.select().from(signals).where(eq(signals.userId, user.id));
    expect(
      Object.fromEntries(stored.map((row) => [row.symbol, row.deliveredAt?.getTime()])),
    ).toEqual({ EURUSD: t, GBPUSD: t + 7 });
    // Set once: a later hand-over leaves it.
    expect(await counted.markDelivered([a!.id], t + 50)).toEqual([]);
    counted.close();
  });
});

/**
 * The statements that give signals back (see `signalRowOf`) against drizzle's own read of
 * each row: pending, acknowledged, handed over in a long-poll reply, with a result, expired.
 */
async function expectRowsAsDrizzleReads(database: Database) {
  const { db } = database;
  const store = createSignalStore(database, { records: createMemoryRecordQueue() });
  const { user, terminal: ref } = await userWithTerminal(db, '7001');
  const inserted = await Promise.all([
    store.insert(newSignal(user.id, { tps: [{ price: 1.1, percent: 50 }], comment: 'é "q" \\ ✓' })),
    store.insert(newSignal(user.id, { side: 'sell', closePercent: 100 / 3 })),
    store.insert(newSignal(user.id, { magic: 42, account: '7001', expiry: 5 })),
  ]);
  const [first, second, third] = inserted.map((row) => row!.id) as [string, string, string];
  const read = async (id: string) => (await db.select().from(signals).where(eq(signals.id, id)))[0];

  const pending = await store.pendingFor({ ...ref, account: '7001' }, Date.now());
  expect(pending.map((row) => row.id)).toEqual([first, second, third]);
  for (const row of pending) expect(row).toStrictEqual(await read(row.id));

  const at = Date.now();
  const [received] = await store.recordReceived([{ terminal: ref, signalId: first, at }]);
  expect(received).toStrictEqual(await read(first));
  expect(received!.deliveredAt!.getTime()).toBe(at);
  const [handedOver] = await store.markDelivered([second], at);
  expect(handedOver).toStrictEqual(await read(second));
  const result = await store.recordResult(
    ref,
    { id: third, status: 'success', ticket: '9', price: 1.08123, volume: 0.1 },
    at,
  );
  expect(result).toStrictEqual(await read(third));
  expect(result).toMatchObject({ ticket: '9', executedPrice: 1.08123, executedVolume: 0.1 });

  // Long after their TTL: the acknowledged one never answered, the one handed over never
  // acknowledged (so never known to be received), and the one with a result stays. Expiry
  // takes every user's due signals; this user's are these.
  const expireLate = async () =>
    (await store.expireDue(at + 30_000 + resultGraceMs + 1)).filter(
      (row) => row.userId === user.id,
    );
  const expired = await expireLate();
  expect(expired.map((row) => [row.id, row.status, row.errorMessage])).toEqual([
    [second, 'failed', null],
    [first, 'error', 'The EA received this signal but reported no result.'],
  ]);
  for (const row of expired) expect(row).toStrictEqual(await read(row.id));
  expect(await expireLate()).toEqual([]);
}

describe('signal store: expiry of signals nobody acknowledged', () => {
  it("waits out the receipt grace, so an acknowledgement of the TTL's last moment still counts", async () => {
    const { db } = setup.testDatabase.database;
    const { user, terminal } = await userWithTerminal(db, '7002');
    const now = Date.now();
    // Both ran out of time half a second ago; the EA's acknowledgement of the first is on its way.
    const insertDue = async () =>
      (await setup.store.insert(newSignal(user.id, { expiresAt: new Date(now - 500) })))!.id;
    const acknowledged = await insertDue();
    const unacknowledged = await insertDue();
    const expire = async (at: number) =>
      (await setup.store.expireDue(at))
        .filter((row) => row.userId === user.id)
        .map((row) => [row.id, row.status]);

    expect(await expire(now)).toEqual([]);
    await setup.store.recordReceived([{ terminal, signalId: acknowledged, at: now }]);
    expect(await expire(now + receiptGraceMs)).toEqual([[unacknowledged, 'failed']]);
    const [stored] = await db
      .select({ status: signals.status })
      .from(signals)
      .where(eq(signals.id, acknowledged));
    expect(stored).toEqual({ status: 'pending' });
  });
});

describe('signal store: the signals its statements give back', () => {
  it('are each exactly what drizzle reads, in a time zone ahead of UTC too', async () => {
    // Timestamps come back as text in the session's zone: one ahead of UTC must not move them.
    await setup.testDatabase.database.db.execute(
      sql`do $$ begin execute format('alter database %I set timezone = %L', current_database(), 'Asia/Kolkata'); end $$`,
    );
    const zoned = await openDatabase({ databaseUrl: setup.testDatabase.url, dataDir: '' });
    try {
      expect(await zoned.prepared('zone', 'show timezone', [])).toEqual([
        { TimeZone: 'Asia/Kolkata' },
      ]);
      await expectRowsAsDrizzleReads(zoned);
    } finally {
      await zoned.close();
      await setup.testDatabase.database.db.execute(
        sql`do $$ begin execute format('alter database %I reset timezone', current_database()); end $$`,
      );
    }
  });

  it('are each exactly what drizzle reads on the embedded database (PGlite)', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sr-store-'));
    const embedded = await openDatabase({ dataDir });
    try {
      expect(embedded.kind).toBe('pglite');
      await embedded.migrate();
      await expectRowsAsDrizzleReads(embedded);
    } finally {
      await embedded.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
