import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/services.ts';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy.ts';
import { type Database, openDatabase } from './db.ts';

// The app's database reached through a proxy that can break the network like a partition.
let testDatabase: TestDatabase;
let proxy: TcpProxy;
let database: Database;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  const url = new URL(testDatabase.url);
  proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.host = `127.0.0.1:${proxy.port}`;
  database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  await database.db.execute(sql`create table marks (name text primary key)`);
});

afterAll(async () => {
  await database?.close();
  await proxy?.close();
  await testDatabase?.drop();
});

async function marks(): Promise<string[]> {
  const rows = await testDatabase.database.db.execute(sql`select name from marks order by name`);
  return (rows as unknown as { rows: { name: string }[] }).rows.map((r) => r.name);
}

describe('atomically across a network partition', () => {
  it('commits and returns what the work returned', async () => {
    const result = await database.atomically(async (db) => {
      await db.execute(sql`insert into marks values ('committed')`);
      return 42;
    });
    expect(result).toBe(42);
    expect(await marks()).toEqual(['committed']);
  });

  it('gives up in time, and an INSERT held up in the network never lands after it heals', async () => {
    proxy.stall();
    const started = Date.now();
    await expect(
      database.atomically((db) => db.execute(sql`insert into marks values ('late')`), 500),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(2000);
    await proxy.restore();
    await new Promise((r) => setTimeout(r, 500));
    expect(await marks()).toEqual(['committed']);
    // The pool dropped the broken connection and serves again.
    await database.atomically((db) => db.execute(sql`insert into marks values ('after')`));
    expect(await marks()).toEqual(['after', 'committed']);
  });
});
