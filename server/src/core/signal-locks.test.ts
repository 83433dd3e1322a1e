import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg, { type QueryConfig } from 'pg';
import { describe, expect, it } from 'vitest';
import { userWithTerminal, useSignalStore } from '../../test/signal-store.ts';
import { newSignal } from '../../test/signals.ts';
import { createTestUser } from '../../test/users.ts';
import { rowsOf } from '../db/db.ts';
import { signals, terminals } from '../db/schema/signals.ts';
import { columnsOf, givenUpMessage } from './signal-insert.ts';
import {
  givenUpSql,
  markDeliveredSql,
  recordReceivedSql,
  recordResultSql,
} from './signal-statements.ts';

const setup = useSignalStore();

/** A basket this size keeps each statement busy long enough for the others to overlap it. */
const basket = 200;

/** The results statement, run as the relay runs it: each of `ids` a success on `terminalId`. */
function writeSuccesses(name: string, ids: string[], userId: string, terminalId: string, at: Date) {
  const each = <T>(value: T) => ids.map(() => value);
  return setup.testDatabase.database.prepared(name, recordResultSql, [
    ids,
    each(userId),
    each(terminalId),
    each(at),
    each('success'),
    each(null),
    each(null),
    ids.map((_, i) => String(1000 + i)),
    each(1.1),
    each(at),
    each('success'),
    each(at),
    each(0.01),
    each(null),
  ]);
}

/**
 * Runs `statements` while another transaction, on a connection of its own, has run `hold`
 * (and so holds the locks it took), and commits that transaction once every statement waits
 * for a lock: each then goes on to meet the others' locks in the order its own plan takes
 * them, so two statements that lock in opposite orders always deadlock.
 */
async function raced(hold: QueryConfig, statements: () => Promise<unknown>[]) {
  const holder = new pg.Client({ connectionString: setup.testDatabase.url });
  await holder.connect();
  try {
    await holder.query('begin');
    await holder.query(hold);
    const running = statements();
    let ended = 0;
    for (const statement of running) void statement.finally(() => ended++).catch(() => {});
    const settled = Promise.allSettled(running);
    // Asked on another connection: within a transaction, pg_stat_activity keeps its first
    // answer. A statement that ended without waiting counts too: the test's checks say the rest.
    for (;;) {
      const [activity] = rowsOf<{ waiting: number }>(
        await setup.testDatabase.database.db.execute(sql`
          select count(*)::int as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`),
      );
      if (activity!.waiting + ended >= running.length) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await holder.query('commit');
    return await settled;
  } finally {
    await holder.end();
  }
}

/** Every statement raced ran to its end, and every signal of `userId` is a success. */
async function expectNoDeadlockAndAllSucceeded(
  written: PromiseSettledResult<unknown>[],
  userId: string,
) {
  expect(written.filter((w) => w.status === 'rejected')).toEqual([]);
  const stored = await setup.testDatabase.database.db
    .select({ status: signals.status })
    .from(signals)
    .where(eq(signals.userId, userId));
  expect(stored.filter((row) => row.status !== 'success')).toEqual([]);
}

/** Holds the signal `id`'s row. */
const lockOf = (id: string): QueryConfig => ({
  text: 'select 1 from signals where id = $1 for update',
  values: [id],
});

describe('signal store: statements that write the same signals at once', () => {
  it('lock them in one order: a basket handed over, acknowledged and answered at once never deadlocks', async () => {
    const { database } = setup.testDatabase;
    const user = await createTestUser(database.db);
    const [poll, socket] = await database.db
      .insert(terminals)
      .values([
        { userId: user.id, platform: 'mt4', account: '4001', broker: 'Demo' },
        { userId: user.id, platform: 'mt5', account: '5001', broker: 'Demo' },
      ])
      .returning({ id: terminals.id });

    // Several tries: without one lock order, each is likely to deadlock, and Postgres then
    // fails one statement after `deadlock_timeout` (1 s).
    for (let attempt = 0; attempt < 4; attempt++) {
      const rows = await Promise.all(
        Array.from({ length: basket }, () => setup.store.insert(newSignal(user.id))),
      );
      const ids = rows.map((row) => row!.id).sort();
      const at = new Date();
      const each = <T>(value: T) => ids.map(() => value);
      // Each statement gets the basket in its own order, as the relay builds them.
      const handedOver = [...ids].reverse();
      const acknowledged = ids
        .filter((_, i) => i % 2 === 1)
        .concat(ids.filter((_, i) => i % 2 === 0));
      const written = await Promise.allSettled([
        database.prepared('test_handed_over', markDeliveredSql, [handedOver, each(at)]),
        database.prepared('test_received', recordReceivedSql, [
          acknowledged,
          each(user.id),
          each(socket!.id),
          each(at),
        ]),
        writeSuccesses('test_result', ids, user.id, poll!.id, at),
      ]);
      expect(written.filter((w) => w.status === 'rejected')).toEqual([]);
      const stored = await database.db
        .select({ status: signals.status, deliveredAt: signals.deliveredAt })
        .from(signals)
        .where(eq(signals.userId, user.id));
      expect(stored.filter((row) => row.status !== 'success' || !row.deliveredAt)).toEqual([]);
    }
  }, 60_000);

  it('expiry locks them in the same order: a basket that expires as its results come never deadlocks', async () => {
    const { database } = setup.testDatabase;
    const { user, terminal } = await userWithTerminal(database.db, '5002');
    // Stored, and due, in the reverse order of their ids: expiry, however it reads them,
    // meets them in the order opposite to the results'.
    const ids = Array.from({ length: basket }, () => randomUUID()).sort();
    const dueFrom = Date.now() - 2 * 60_000;
    await database.db.insert(signals).values(
      [...ids].reverse().map((id, i) => ({
        id,
        ...newSignal(user.id, { expiresAt: new Date(dueFrom + i) }),
      })),
    );

    const written = await raced(lockOf(ids[basket / 2]!), () => [
      setup.store.expireDue(Date.now()),
      writeSuccesses('test_expiring_result', ids, user.id, terminal.id, new Date()),
    ]);

    // Expired first or not, a signal whose result came is a success.
    await expectNoDeadlockAndAllSucceeded(written, user.id);
  }, 30_000);

  it('the record of an INSERT given up on locks them in the same order: a basket it fails as its results come never deadlocks', async () => {
    const { database } = setup.testDatabase;
    const { user, terminal } = await userWithTerminal(database.db, '5004');
    // The INSERT stored the basket after all, and a terminal that read it before the gates
    // closed answers it while the record fails it. The record carries the basket in the
    // reverse order of its ids, the results in their order.
    const ids = Array.from({ length: basket }, () => randomUUID()).sort();
    const values = ids.map(() => newSignal(user.id));
    await database.db.insert(signals).values(ids.map((id, i) => ({ id, ...values[i]! })));
    const recordOrder = [...ids.keys()].reverse();

    const written = await raced(lockOf(ids[basket / 2]!), () => [
      database.settle('test_given_up', givenUpSql, [
        givenUpMessage,
        ...columnsOf(
          recordOrder.map((i) => ids[i]!),
          recordOrder.map((i) => values[i]!),
        ),
      ]),
      writeSuccesses('test_given_up_result', ids, user.id, terminal.id, new Date()),
    ]);

    // Failed first or not, a signal whose result came is a success.
    await expectNoDeadlockAndAllSucceeded(written, user.id);
  }, 30_000);

  it('expiry sees an acknowledgement that was stored while it waited: the signal was received', async () => {
    const { database } = setup.testDatabase;
    const { user, terminal } = await userWithTerminal(database.db, '5003');
    const receivedAt = new Date(Date.now() - 60_000);
    const [due] = await database.db
      .insert(signals)
      .values(newSignal(user.id, { expiresAt: new Date(receivedAt.getTime() + 1000) }))
      .returning({ id: signals.id });

    // The terminal's acknowledgement (received before the signal was due) is being stored
    // when expiry reads the due signals: expiry waits for it, then must see it.
    const [expired] = await raced(
      { text: recordReceivedSql, values: [[due!.id], [user.id], [terminal.id], [receivedAt]] },
      () => [setup.store.expireDue(Date.now())],
    );

    expect(expired).toMatchObject({ status: 'fulfilled' });
    const failed = (expired as PromiseFulfilledResult<{ id: string }[]>).value;
    expect(failed.filter((row) => row.id === due!.id)).toEqual([]);
    const [stored] = await database.db
      .select({ status: signals.status, deliveredAt: signals.deliveredAt })
      .from(signals)
      .where(eq(signals.id, due!.id));
    expect(stored).toEqual({ status: 'pending', deliveredAt: receivedAt });
  }, 30_000);
});
