import { afterAll, beforeAll } from 'vitest';
import { createSignalStore, type SignalStore, type TerminalRef } from '../src/core/signal-store.ts';
import type { Database } from '../src/db/db.ts';
import { terminals } from '../src/db/schema/signals.ts';
import { createMemoryRecordQueue } from '../src/ports/record-queue-memory.ts';
import { createTestDatabase, type TestDatabase } from './services.ts';
import { createTestUser } from './users.ts';

export type SignalStoreSetup = { testDatabase: TestDatabase; store: SignalStore };

/**
 * A test database and a signal store on it, made before the tests of the enclosing file and
 * dropped after them. The fields of the object it returns are there once the tests run.
 */
export function useSignalStore(): SignalStoreSetup {
  const setup = {} as SignalStoreSetup;
  beforeAll(async () => {
    const testDatabase = await createTestDatabase();
    const store = createSignalStore(testDatabase.database, { records: createMemoryRecordQueue() });
    Object.assign(setup, { testDatabase, store });
  });
  afterAll(() => setup.testDatabase?.drop());
  return setup;
}

/** A new user with one MT5 terminal on `account`, the terminal as the relay refers to it. */
export async function userWithTerminal(db: Database['db'], account: string) {
  const user = await createTestUser(db);
  const [row] = await db
    .insert(terminals)
    .values({ userId: user.id, platform: 'mt5', account, broker: 'Demo' })
    .returning({ id: terminals.id });
  const terminal: TerminalRef = { id: row!.id, userId: user.id, platform: 'mt5' };
  return { user, terminal };
}
