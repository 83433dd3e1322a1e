import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Pool, PoolClient, QueryConfig } from 'pg';
import { within } from '../lib/within.ts';
import { migrationsFolder } from '../paths.ts';
import * as schema from './schema/index.ts';

/**
 * A statement run `inTime` must reach Postgres this long before we give up on its answer, so
 * that what is left covers its run, its commit and the answer's way back. A commit waits for
 * the WAL's flush to disk, and a development VM's disk stalled flushes for up to 920 ms
 * (load-tests/RESULTS.md, sixteenth session): a statement started in time whose commit took
 * longer than this would land after we had answered "not stored".
 */
export const inTimeMarginMs = 1250;
/** How long `settle` may wait for the transaction it depends on. */
export const settleWithinMs = 30_000;
const clockCheckEveryMs = 5 * 60_000;

/** Both drivers expose the same drizzle API; features only see this type. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * The rows of a raw `db.execute` answer. Both drivers answer `{ rows }`, but `Db`'s answer
 * type is drizzle's driver-neutral one, which does not say so.
 */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export type Database = {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** Cheap round trip used by /readyz. */
  ping(): Promise<void>;
  /**
   * Runs a named statement that writes, only if it reaches Postgres in time: `$1` is a
   * deadline on Postgres's own clock, which the statement must check and fail past
   * (`where (select in_time($1))`, migration 0011), and the parameters follow from `$2`. We
   * give up on the answer at `answerBy` (epoch ms, our clock); the deadline falls
   * `inTimeMarginMs` before that, so a statement held up in a broken network that reaches
   * Postgres after we gave up (and said "not stored") changes nothing. A statement whose
   * deadline passed while it waited for a connection is not sent, and fails as one that
   * reached Postgres late does, and as one given up on does. One round
   * trip, where BEGIN, statement, COMMIT take three. Returns the raw rows, like `prepared`.
   */
  inTime(
    name: string,
    text: string,
    params: unknown[],
    answerBy: number,
  ): Promise<Record<string, unknown>[]>;
  /**
   * Runs a named statement, parsed and planned once per connection instead of on every call:
   * for the relay's hottest statements, where planning costs Postgres more than running them.
   * Returns the raw rows (snake_case names, driver values).
   */
  prepared(name: string, text: string, params: unknown[]): Promise<Record<string, unknown>[]>;
  /**
   * Runs a named statement that may have to wait for another transaction to end (an INSERT
   * conflicting with a row not yet committed waits for that commit), for writing down what
   * became of a statement `inTime` gave up on: on one of two connections kept for it (callers
   * coalesce their statements), without the webhook's time-outs (up to `settleWithinMs`). Its
   * commit does not wait for the disk: the row it changes must be seen changed the moment the
   * transaction it waited for is seen committed, and a stalled disk (the usual reason for
   * giving up) would stall that flush too.
   */
  settle(name: string, text: string, params: unknown[]): Promise<Record<string, unknown>[]>;
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
    // A connection, once opened, stays open however long it is idle. Closed after 30 s idle,
    // the connections a burst had opened were opened again by the next burst, when the
    // statements waiting for them could least afford it: up to 11 in a 60 s run of `steady`
    // (load-tests/RESULTS.md, twenty-fifth session), each a new backend whose statements are
    // planned anew, about 30 ms before its first INSERT is answered, where a warm one takes
    // 2.5. Keep-alive probes keep an idle connection's path open (a NAT or a firewall drops
    // silent ones) and find one whose peer has gone.
    idleTimeoutMillis: 0,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    // Our named statements (signal-statements.ts) are written to be planned once per
    // connection. Left to choose, Postgres plans those taking arrays anew on every run (the
    // generic plan's guess of an array's length looks costly), which costs more than running
    // them. Unnamed statements (drizzle's) are planned per run whatever this says.
    options: '-c plan_cache_mode=force_generic_plan',
  });
  // `settle`'s statements wait for other transactions, for up to `settleWithinMs`: on
  // connections of their own, so that a stalled disk or a partition cannot take the pool's.
  // One is opened now and kept open: a record must close its users' delivery gates at once,
  // not after a connection's set-up, while the INSERT it follows may be committing.
  const settlePool = new pg.Pool({
    connectionString: url,
    application_name: 'signalrelay-records',
    max: 2,
    min: 1,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client dying (Postgres restart) is emitted on the pool; unhandled it kills the process.
  pool.on('error', (err) => onError?.(err));
  settlePool.on('error', (err) => onError?.(err));
  const db = drizzle(pool, { schema }) as unknown as Db;
  const clock = await watchClockOffset(pool, onError);
  // Unopened (Postgres not up yet), it opens with the first record, as any pool's would.
  await settlePool.connect().then(
    (client) => client.release(),
    (err: Error) => onError?.(err),
  );
  return {
    db,
    kind: 'postgres',
    async ping() {
      await pool.query('select 1');
    },
    async inTime(name, text, params, answerBy) {
      const client = await connectBy(pool, answerBy - inTimeMarginMs);
      const timeoutMs = answerBy - Date.now();
      const deadline = new Date(answerBy + clock.offsetMs - inTimeMarginMs);
      // pg reads query_timeout per query too (its types do not say so): the pool's would end
      // the wait for a slow commit before our own give-up does.
      const query: QueryConfig & { query_timeout: number } = {
        name,
        text,
        values: [deadline, ...params],
        query_timeout: timeoutMs + 1000,
      };
      const answer = client.query(query);
      try {
        const result = await within(
          answer,
          timeoutMs,
          () => new Error(`no answer from Postgres within ${timeoutMs} ms`),
        );
        client.release();
        return result.rows;
      } catch (err) {
        // Releasing with an error makes the pool close the connection (ending the query).
        answer.catch(() => undefined);
        client.release(err instanceof Error ? err : new Error(String(err)));
        throw err;
      }
    },
    async prepared(name, text, params) {
      return (await pool.query({ name, text, values: params })).rows;
    },
    async settle(name, text, params) {
      const client = await settlePool.connect();
      try {
        await client.query(
          `begin; set local statement_timeout = ${settleWithinMs}; set local synchronous_commit = off`,
        );
        const query: QueryConfig & { query_timeout: number } = {
          name,
          text,
          values: params,
          query_timeout: settleWithinMs + 1000,
        };
        const { rows } = await client.query(query);
        await client.query('commit');
        client.release();
        return rows;
      } catch (err) {
        // The pool closes a connection released with an error, ending its transaction.
        client.release(err instanceof Error ? err : new Error(String(err)));
        throw err;
      }
    },
    async migrate() {
      // Its own connection, without the pool's time-outs: those keep the webhook inside
      // TradingView's 3 s, and a migration (an index on a large table, a busy machine, a
      // stalled disk) may rightly take longer. Start-up waits for it.
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await migrate(drizzle(client), { migrationsFolder });
      } finally {
        await client.end();
      }
    },
    close: once(async () => {
      clock.stop();
      await Promise.all([pool.end(), settlePool.end()]);
    }),
  };
}

async function openPglite(dir: string): Promise<Database> {
  await mkdir(dir, { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create(dir);
  const db = drizzle(client, { schema }) as unknown as Db;
  // One embedded connection: PGlite keeps its own statement cache.
  const prepared = async (_name: string, text: string, params: unknown[]) =>
    (await client.query<Record<string, unknown>>(text, params)).rows;
  return {
    db,
    kind: 'pglite',
    async ping() {
      await client.query('select 1');
    },
    // In-process: nothing can hold a statement up on its way, so the deadline is never hit.
    inTime: (name, text, params, answerBy) => prepared(name, text, [new Date(answerBy), ...params]),
    prepared,
    settle: prepared,
    async migrate() {
      await migrate(drizzle(client), { migrationsFolder });
    },
    close: once(() => client.close()),
  };
}

/**
 * A pool connection, if one comes before `sendBy` (epoch ms): past it, a statement is too late
 * to send. The pool's own wait (`connectionTimeoutMillis`) does not know that, and a request
 * that waited its turn behind statements given up on would wait for a connection beyond
 * TradingView's 3 s.
 */
async function connectBy(pool: Pool, sendBy: number): Promise<PoolClient> {
  const late = () => new Error('its deadline passed while it waited for a connection');
  const leftMs = sendBy - Date.now();
  if (leftMs <= 0) throw late();
  const connecting = pool.connect();
  let client: PoolClient;
  try {
    client = await within(connecting, leftMs, late);
  } catch (err) {
    // A connection that comes after all goes back to the pool.
    connecting.then((arrived) => arrived.release()).catch(() => undefined);
    throw err;
  }
  if (Date.now() < sendBy) return client;
  client.release();
  throw late();
}

/**
 * How far Postgres's clock is ahead of ours, so `inTime` deadlines are set on Postgres's
 * clock: measured at start and every few minutes (clocks are stepped by NTP).
 */
async function watchClockOffset(pool: Pool, onError?: (err: Error) => void) {
  const clock = { offsetMs: 0, stop: () => clearInterval(timer) };
  const measure = async () => {
    const sent = Date.now();
    const { rows } = await pool.query<{ now_ms: number }>(
      'select (extract(epoch from clock_timestamp()) * 1000)::float8 as now_ms',
    );
    const answered = Date.now();
    // The reading was taken about halfway through the round trip.
    clock.offsetMs = rows[0]!.now_ms - (sent + answered) / 2;
  };
  // Unmeasured (Postgres not up yet), the offset stays 0 until the next check.
  await measure().catch((err: Error) => onError?.(err));
  const timer = setInterval(() => {
    measure().catch((err: Error) => onError?.(err));
  }, clockCheckEveryMs);
  timer.unref();
  return clock;
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= fn();
    return closing;
  };
}
