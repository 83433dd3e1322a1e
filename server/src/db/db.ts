import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { migrationsFolder } from '../paths.ts';
import * as schema from './schema/index.ts';

/** Both drivers expose the same drizzle API; features only see this type. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** Cheap round trip used by /readyz. */
  ping(): Promise<void>;
  /**
   * Runs `work` in one transaction, failing after `timeoutMs` if given. On Postgres, when
   * anything fails the connection is closed instead of rolled back: on a broken network a
   * ROLLBACK would hang like the statement before it, and closing is what makes Postgres roll
   * back a statement that reaches it late.
   */
  atomically<T>(work: (db: Db) => Promise<T>, timeoutMs?: number): Promise<T>;
  /**
   * Runs a named statement, parsed and planned once per connection instead of on every call:
   * for the relay's hottest statements, where planning costs Postgres more than running them.
   * Returns the raw rows (snake_case names, driver values).
   */
  prepared(name: string, text: string, params: unknown[]): Promise<Record<string, unknown>[]>;
  migrate(): Promise<void>;
  /** Idempotent: the second call waits for the first. */
  close(): Promise<void>;
};

export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir: string;
  onError?: (err: Error) => void;
}): Promise<Database> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, opts.onError)
    : openPglite(path.join(opts.dataDir, 'pglite'));
}

async function openPostgres(url: string, onError?: (err: Error) => void): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // Short time-outs: the webhook must answer 503 well inside TradingView's 3 s, never hang.
  // statement_timeout is enforced by Postgres, which a network partition silences; the
  // client-side query_timeout (a little longer, so Postgres normally cancels first) ends a
  // query whose answer never comes, and the pool drops that connection.
  const pool = new pg.Pool({
    connectionString: url,
    max: 20,
    connectionTimeoutMillis: 1000,
    statement_timeout: 1500,
    query_timeout: 2000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client dying (Postgres restart) is emitted on the pool; unhandled it kills the process.
  pool.on('error', (err) => onError?.(err));
  const db = drizzle(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async ping() {
      await pool.query('select 1');
    },
    async atomically(work, timeoutMs) {
      const client = await pool.connect();
      let released = false;
      // Releasing with an error makes the pool close the connection, ending a query in flight.
      const release = (err?: Error) => {
        if (released) return;
        released = true;
        client.release(err);
      };
      const timer = timeoutMs
        ? setTimeout(() => release(new Error(`transaction took over ${timeoutMs} ms`)), timeoutMs)
        : undefined;
      try {
        await client.query('begin');
        const result = await work(drizzle(client) as unknown as Db);
        await client.query('commit');
        release();
        return result;
      } catch (err) {
        release(err instanceof Error ? err : new Error(String(err)));
        throw err;
      } finally {
        clearTimeout(timer);
      }
    },
    async prepared(name, text, params) {
      return (await pool.query({ name, text, values: params })).rows;
    },
    async migrate() {
      await migrate(drizzle(pool), { migrationsFolder });
    },
    close: once(() => pool.end()),
  };
}

async function openPglite(dir: string): Promise<Database> {
  await mkdir(dir, { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create(dir);
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async ping() {
      await client.query('select 1');
    },
    atomically: (work) => db.transaction((tx) => work(tx as unknown as Db)),
    // One embedded connection: PGlite keeps its own statement cache.
    async prepared(_name, text, params) {
      return (await client.query<Record<string, unknown>>(text, params)).rows;
    },
    async migrate() {
      await migrate(drizzle(client), { migrationsFolder });
    },
    close: once(() => client.close()),
  };
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= fn();
    return closing;
  };
}
