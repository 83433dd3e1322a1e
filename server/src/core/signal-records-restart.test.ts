import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../../bridge/test/wait.ts';
import {
  createTestDatabase,
  createTestRedis,
  type TestDatabase,
  type TestRedis,
} from '../../test/services.ts';
import { newSignal } from '../../test/signals.ts';
import { createTestUser } from '../../test/users.ts';
import { type Database, openDatabase } from '../db/db.ts';
import { signals } from '../db/schema/signals.ts';
import { createRedisRecordQueue } from '../ports/record-queue-redis.ts';
import { createSignalInsert, type GivenUpListener, givenUpMessage } from './signal-insert.ts';
import type { SignalRow } from './signal-rows.ts';

/**
 * An alert answered 503 while Postgres is away must still be recorded as failed once it is
 * back, even if the instance that answered was restarted meanwhile (a deploy during an
 * outage): its record waits in Redis, and the next instance writes it.
 */
let testDatabase: TestDatabase;
let redis: TestRedis;
/** Postgres as an instance sees it while it is away: nothing listens at that address. */
let away: Database;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  redis = await createTestRedis();
  away = await openDatabase({ databaseUrl: 'postgres://127.0.0.1:1/away', dataDir: '' });
});
afterAll(async () => {
  await away.close();
  await redis.close();
  await testDatabase.drop();
});

function listener() {
  const heard = { failed: [] as SignalRow[], waiting: 0, lost: 0 };
  const givenUp: GivenUpListener = {
    recorded: ({ failed }) => heard.failed.push(...failed),
    waiting: (_err, count) => {
      heard.waiting += count;
    },
    lost: (_err, count) => {
      heard.lost += count;
    },
  };
  return { heard, givenUp };
}

describe('the record of an alert answered 503', { timeout: 20_000 }, () => {
  it('outlives the instance that could not write it: the next one writes it', async () => {
    const user = await createTestUser(testDatabase.database.db);
    const values = newSignal(user.id, { symbol: 'XAUUSD', alertId: 'restart-1' });

    const first = listener();
    const before = createSignalInsert(away, {
      records: createRedisRecordQueue(redis.redis),
      givenUp: first.givenUp,
    });
    await expect(before.insert(values)).rejects.toThrow();
    await until(() => first.heard.waiting === 1, 10_000, 'the record is kept for later');
    before.close();
    expect(await redis.redis.llen('records:waiting')).toBe(1);

    const second = listener();
    const nextRedis = await createTestRedis(redis.prefix);
    const after = createSignalInsert(testDatabase.database, {
      records: createRedisRecordQueue(nextRedis.redis),
      givenUp: second.givenUp,
    });
    try {
      await until(() => second.heard.failed.length === 1, 10_000, 'the next instance wrote it');
    } finally {
      after.close();
      await nextRedis.redis.quit();
    }
    const [row] = await testDatabase.database.db
      .select()
      .from(signals)
      .where(eq(signals.userId, user.id));
    expect(row).toMatchObject({
      id: second.heard.failed[0]!.id,
      symbol: 'XAUUSD',
      status: 'failed',
      // Freed: TradingView's resend of the alert is a signal of its own.
      alertId: null,
      errorMessage: givenUpMessage,
      receivedAt: values.receivedAt,
      expiresAt: values.expiresAt,
    });
    expect(await redis.redis.llen('records:waiting')).toBe(0);
    expect(first.heard.lost + second.heard.lost).toBe(0);
  });
});
