import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/services.ts';
import { type Database, openDatabase, rowsOf } from './db.ts';

let testDatabase: TestDatabase;
let database: Database;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = await openDatabase({ databaseUrl: testDatabase.url, dataDir: '' });
});

afterAll(async () => {
  await database?.close();
  await testDatabase?.drop();
});

/** The Postgres backend serving the statement: a new one means a new connection. */
async function backend(): Promise<number> {
  const rows = await database.db.execute(sql`select pg_backend_pid() as pid`);
  return rowsOf<{ pid: number }>(rows)[0]!.pid;
}

it("keeps an idle connection through a quiet spell: a trader's alerts come minutes apart", async () => {
  const before = await backend();
  // The pool times idleness with setTimeout from each release on; ten minutes pass here.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    expect(await backend()).toBe(before);
    vi.advanceTimersByTime(10 * 60_000);
  } finally {
    vi.useRealTimers();
  }
  expect(await backend()).toBe(before);
});
