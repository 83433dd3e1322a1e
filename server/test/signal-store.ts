import { afterAll, beforeAll } from 'vitest';
import { createSignalStore, type SignalStore } from '../src/core/signal-store.ts';
import { createMemoryRecordQueue } from '../src/ports/record-queue-memory.ts';
import { createTestDatabase, type TestDatabase } from './services.ts';

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
