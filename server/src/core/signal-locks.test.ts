import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/services.ts';
import { newSignal } from '../../test/signals.ts';
import { createTestUser } from '../../test/users.ts';
import { signals, terminals } from '../db/schema/signals.ts';
import { createMemoryRecordQueue } from '../ports/record-queue-memory.ts';
import { markDeliveredSql, recordReceivedSql, recordResultSql } from './signal-statements.ts';
import { createSignalStore } from './signal-store.ts';

let testDatabase: TestDatabase;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
});
afterAll(() => testDatabase?.drop());

/** A basket this size keeps each statement busy long enough for the others to overlap it. */
const basket = 200;

describe('signal store: statements that write the same signals at once', () => {
  it('lock them in one order: a basket handed over, acknowledged and answered at once never deadlocks', async () => {
    const { database } = testDatabase;
    const store = createSignalStore(database, { records: createMemoryRecordQueue() });
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
        Array.from({ length: basket }, () => store.insert(newSignal(user.id))),
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
        database.prepared('test_result', recordResultSql, [
          ids,
          each(user.id),
          each(poll!.id),
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
        ]),
      ]);
      expect(written.filter((w) => w.status === 'rejected')).toEqual([]);
      const stored = await database.db
        .select({ status: signals.status, deliveredAt: signals.deliveredAt })
        .from(signals)
        .where(eq(signals.userId, user.id));
      expect(stored.filter((row) => row.status !== 'success' || !row.deliveredAt)).toEqual([]);
    }
  }, 60_000);
});
