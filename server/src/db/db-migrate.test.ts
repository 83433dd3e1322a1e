import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/services.ts';

let testDatabase: TestDatabase;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
});

afterAll(async () => {
  await testDatabase?.drop();
});

describe('migrations', () => {
  it('wait out what holds them up longer than the hot path’s time-outs allow', async () => {
    // A lock held 2.5 s on drizzle's journal, as a long migration, a busy machine or a
    // stalled disk can hold them up: longer than the pool's statement (1.5 s) and query (2 s)
    // time-outs, which are there for the webhook, not for start-up.
    const holder = new pg.Client({ connectionString: testDatabase.url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table drizzle.__drizzle_migrations in access exclusive mode');
      const started = Date.now();
      const migrated = testDatabase.database.migrate().then(
        () => 'migrated',
        (err: Error) => err,
      );
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await holder.query('commit');
      expect(await migrated).toBe('migrated');
      expect(Date.now() - started).toBeGreaterThanOrEqual(2500);
    } finally {
      await holder.end();
    }
  });
});
