import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { generateLicenseNumber, hashLicense } from '../../server/src/core/licenses.ts';
import { type Database, openDatabase } from '../../server/src/db/db.ts';
import { users } from '../../server/src/db/schema/users.ts';

/**
 * Postgres and Redis for a bench run: DATABASE_URL / REDIS_URL when set, else the local
 * services. Every run gets a fresh database (created on the server DATABASE_URL names, dropped
 * at the end) so figures never depend on what an earlier run left behind.
 */
export const adminDatabaseUrl =
  process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export type BenchDatabase = {
  name: string;
  url: string;
  database: Database;
  drop(): Promise<void>;
};

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminDatabaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated database `sr_bench_<time>_<random>`. */
export async function createBenchDatabase(): Promise<BenchDatabase> {
  const name = `sr_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  try {
    await withAdmin((admin) => admin.query(`create database "${name}"`));
  } catch (err) {
    throw new Error(
      `cannot create a bench database on ${redactUrl(adminDatabaseUrl)} (${(err as Error).message}). ` +
        'Start Postgres or set DATABASE_URL to a server where this user may create databases.',
    );
  }
  const url = new URL(adminDatabaseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  await database.migrate();
  return {
    name,
    url: url.toString(),
    database,
    async drop() {
      await database.close();
      await withAdmin((admin) => admin.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

export async function checkRedis(): Promise<void> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0 });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    throw new Error(
      `Redis is not reachable at ${redactUrl(redisUrl)} (${(err as Error).message}). ` +
        'Start it or set REDIS_URL.',
    );
  } finally {
    redis.disconnect();
  }
}

export type BenchUser = { id: string; licenseNumber: string; email: string };

/** `count` verified users on `plan`, each with a fresh licence, inserted in bulk. */
export async function createUsers(
  database: Database,
  count: number,
  plan: 'free' | 'basic' | 'pro' = 'pro',
): Promise<BenchUser[]> {
  const out: BenchUser[] = [];
  const tag = randomBytes(3).toString('hex');
  for (let start = 0; start < count; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - start) }, (_, j) => {
      const licenseNumber = generateLicenseNumber();
      return {
        email: `bench-${tag}-${start + j}@example.test`,
        firstname: 'Bench',
        lastname: `Trader ${start + j}`,
        verified: true,
        licenseNumber,
        licenseHash: hashLicense(licenseNumber),
        productType: plan,
      };
    });
    const ids = await database.db
      .insert(users)
      .values(rows)
      .returning({ id: users.id, email: users.email });
    ids.forEach((r, j) => {
      out.push({ id: r.id, email: r.email, licenseNumber: rows[j]!.licenseNumber });
    });
  }
  return out;
}

/** Removes the Redis keys a run left for its users (quota counters, presence). */
export async function cleanRedis(userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  const ours = new Set(userIds);
  const redis = new Redis(redisUrl, { lazyConnect: true });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    for (const pattern of ['quota:*', 'presence:*']) {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
        cursor = next;
        const mine = keys.filter((k) => ours.has(k.split(':')[1] ?? ''));
        if (mine.length > 0) await redis.unlink(...mine);
      } while (cursor !== '0');
    }
  } finally {
    redis.disconnect();
  }
}

export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}
