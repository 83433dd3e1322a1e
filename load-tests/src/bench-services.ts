import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { uuidv7Sql } from './history-seed.ts';
import { repoRoot } from './server-launcher.ts';

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
  /** A small pool on the bench database, for seeding and for reading figures afterwards. */
  pool: pg.Pool;
  /**
   * Gives Postgres the statistics a running service's database has (autovacuum keeps them;
   * a bench database is a minute old and has none). Called after a warm-up: the plans the
   * server's connections cached while the tables were empty (sequential scans, kept by
   * every named statement) are dropped and made again for tables with rows in them. Without
   * it the first runs' figures measured those plans: Postgres spent 2.6 ms on each results
   * statement instead of 0.25.
   */
  analyze(): Promise<void>;
  drop(): Promise<void>;
};

/** One statement on the server DATABASE_URL names: creating or dropping a bench database. */
async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminDatabaseUrl });
  await admin.connect();
  await admin.query(sql).finally(() => admin.end());
}

/** A fresh, migrated database `sr_bench_<time>_<random>`. */
export async function createBenchDatabase(): Promise<BenchDatabase> {
  const name = `sr_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  try {
    await adminQuery(`create database "${name}"`);
  } catch (err) {
    throw new Error(
      `cannot create a bench database on ${redactUrl(adminDatabaseUrl)} (${(err as Error).message}). ` +
        'Start Postgres or set DATABASE_URL to a server where this user may create databases.',
    );
  }
  const url = new URL(adminDatabaseUrl);
  url.pathname = `/${name}`;
  await migrate(url.toString());
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  return {
    name,
    url: url.toString(),
    pool,
    async analyze() {
      await pool.query('analyze');
    },
    async drop() {
      await pool.end();
      await adminQuery(`drop database if exists "${name}" with (force)`);
    },
  };
}

/**
 * The operator's own command (`npm run db:migrate`, server/src/db/migrate-cli.ts) in a process
 * of its own: the bench gets the schema the way a deployment does, without the server's code.
 */
function migrate(databaseUrl: string): Promise<void> {
  const cli = path.join(repoRoot, 'server', 'src', 'db', 'migrate-cli.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', cli], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`db:migrate exited with ${code}: ${stderr}`)),
    );
  });
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

/**
 * A license number as the product issues them (`SR-` and random characters; 128 random bits
 * here) and the hash it is looked up by (SHA-256 of the upper-cased number, DESIGN.md §5).
 */
function newLicense(): { licenseNumber: string; licenseHash: string } {
  const licenseNumber = `SR-BENCH-${randomBytes(16).toString('hex').toUpperCase()}`;
  return { licenseNumber, licenseHash: createHash('sha256').update(licenseNumber).digest('hex') };
}

/**
 * `count` verified users on `plan`, each with a fresh license, inserted in bulk with SQL (the
 * product has no API that makes thousands of accounts; sign-up is rate-limited and e-mailed).
 */
export async function createUsers(
  db: BenchDatabase,
  count: number,
  plan: 'free' | 'basic' | 'pro' = 'pro',
): Promise<BenchUser[]> {
  const out: BenchUser[] = [];
  const tag = randomBytes(3).toString('hex');
  for (let start = 0; start < count; start += 1000) {
    const size = Math.min(1000, count - start);
    const batch = Array.from({ length: size }, (_, j) => ({
      email: `bench-${tag}-${start + j}@example.test`,
      lastname: `Trader ${start + j}`,
      ...newLicense(),
    }));
    const { rows } = await db.pool.query<{ id: string; email: string }>(
      `insert into users (id, email, firstname, lastname, verified, license_number, license_hash,
        product_type)
      select ${uuidv7Sql('now()')}, u.email, 'Bench', u.lastname, true, u.license_number,
        u.license_hash, $5
      from unnest($1::text[], $2::text[], $3::text[], $4::text[])
        as u(email, lastname, license_number, license_hash)
      returning id, email`,
      [
        batch.map((u) => u.email),
        batch.map((u) => u.lastname),
        batch.map((u) => u.licenseNumber),
        batch.map((u) => u.licenseHash),
        plan,
      ],
    );
    const byEmail = new Map(batch.map((u) => [u.email, u]));
    for (const r of rows) {
      out.push({ id: r.id, email: r.email, licenseNumber: byEmail.get(r.email)!.licenseNumber });
    }
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
