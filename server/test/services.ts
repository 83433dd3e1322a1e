import { randomBytes } from 'node:crypto';
import { Redis, type RedisOptions } from 'ioredis';
import pg from 'pg';
import { type Database, openDatabase } from '../src/db/db.ts';

/**
 * Where tests find the real services. Both are started by `.ci/run` in CI; locally, start
 * them yourself (Debian: `service postgresql start && service redis-server start`) or point
 * these variables elsewhere.
 */
export const testDatabaseUrl =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Why a service cannot be reached, or null when it answers. Never throws. */
export async function probePostgres(url = testDatabaseUrl): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (err) {
    return (err as Error).message || String(err);
  } finally {
    await client.end().catch(() => {});
  }
}

export async function probeRedis(url = testRedisUrl): Promise<string | null> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  // connect() only rejects with "Connection is closed"; the error event says why.
  let reason: string | undefined;
  redis.on('error', (err) => {
    reason = err.message;
  });
  try {
    await redis.connect();
    await redis.ping();
    return null;
  } catch (err) {
    return reason ?? ((err as Error).message || String(err));
  } finally {
    redis.disconnect();
  }
}

const checked = new Map<string, Promise<string | null>>();

async function requireService(
  name: string,
  variable: string,
  url: string,
  probe: typeof probeRedis,
) {
  let result = checked.get(url);
  if (!result) {
    result = probe(url);
    checked.set(url, result);
  }
  const problem = await result;
  if (problem) {
    throw new Error(
      `${name} is not reachable at ${url} (${problem}). This test needs it: start ${name} ` +
        `or set ${variable}.`,
    );
  }
  return url;
}

/** The test Postgres URL; throws (failing the test) when Postgres does not answer. */
export function requirePostgres(): Promise<string> {
  return requireService('Postgres', 'TEST_DATABASE_URL', testDatabaseUrl, probePostgres);
}

/** The test Redis URL; throws (failing the test) when Redis does not answer. */
export function requireRedis(): Promise<string> {
  return requireService('Redis', 'TEST_REDIS_URL', testRedisUrl, probeRedis);
}

export type TestDatabase = {
  url: string;
  database: Database;
  /** Closes `database` (if still open) and drops the whole database. */
  drop(): Promise<void>;
};

/** A fresh, migrated Postgres database with a unique name, for one test file or test. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = await requirePostgres();
  const name = `sr_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`create database "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  try {
    await database.migrate();
  } catch (err) {
    await database.close();
    await withAdmin(adminUrl, (admin) => admin.query(`drop database if exists "${name}"`));
    throw err;
  }
  return {
    url: url.toString(),
    database,
    async drop() {
      await database.close();
      await withAdmin(adminUrl, (admin) =>
        admin.query(`drop database if exists "${name}" with (force)`),
      );
    },
  };
}

async function withAdmin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A key/channel/queue prefix no other test (or engineer) shares: `t:<random>:`. */
export function uniquePrefix(): string {
  return `t:${randomBytes(6).toString('hex')}:`;
}

/** Deletes every Redis key that starts with `prefix` (tests clean up after themselves). */
export async function deleteRedisPrefix(prefix: string): Promise<void> {
  const redis = new Redis(await requireRedis(), { lazyConnect: true });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

export type TestRedis = {
  /** A connection whose keys all carry `prefix` (ioredis `keyPrefix`). */
  redis: Redis;
  prefix: string;
  /** Quits the connection and deletes the prefix's keys. */
  close(): Promise<void>;
};

/** A Redis connection isolated under a fresh prefix. */
export async function createTestRedis(
  prefix = uniquePrefix(),
  options: RedisOptions = {},
): Promise<TestRedis> {
  const redis = new Redis(await requireRedis(), {
    ...options,
    keyPrefix: prefix,
    lazyConnect: true,
  });
  await redis.connect();
  return {
    redis,
    prefix,
    async close() {
      await redis.quit().catch(() => redis.disconnect());
      await deleteRedisPrefix(prefix);
    },
  };
}
