import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/services.ts';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy.ts';
import { type Database, inTimeMarginMs, openDatabase } from './db.ts';

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

/** Adds a mark if the statement reaches Postgres before its deadline (`$1`). */
const addMark = (name: string, timeoutMs = 1500) =>
  database.inTime(
    'add_mark',
    'insert into marks select $2 where statement_timestamp() < $1 returning name',
    [name],
    timeoutMs,
  );

describe('inTime across a network partition', () => {
  it('writes in one statement and returns its rows', async () => {
    expect(await addMark('committed')).toEqual([{ name: 'committed' }]);
    expect(await marks()).toEqual(['committed']);
  });

  it('gives up in time, and the pool drops the broken connection', async () => {
    proxy.stall();
    const started = Date.now();
    await expect(addMark('abandoned', 500)).rejects.toThrow(/within 500 ms/);
    expect(Date.now() - started).toBeLessThan(2000);
    await proxy.restore();
    await new Promise((r) => setTimeout(r, 500));
    expect(await marks()).toEqual(['committed']);
    expect(await addMark('after')).toEqual([{ name: 'after' }]);
  });

  it('a statement held up in the network past its deadline changes nothing when it lands', async () => {
    proxy.stall();
    // Deadline 1000 ms after sending (1500 - the 500 ms margin); the network heals at 1200 ms,
    // before we give up, so the INSERT does reach Postgres and is answered: too late to count.
    const late = addMark('late');
    await new Promise((r) => setTimeout(r, 1000 + inTimeMarginMs / 2 - 50));
    await proxy.restore();
    expect(await late).toEqual([]);
    expect(await marks()).toEqual(['after', 'committed']);
  });
});
