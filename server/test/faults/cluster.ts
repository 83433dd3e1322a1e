import type { Db } from '../../src/db/db.ts';
import { type PrivateRedis, startPrivateRedis } from '../private-redis.ts';
import { type ServerProcess, startServerProcess } from '../server-process.ts';
import { createTestDatabase, type TestDatabase } from '../services.ts';
import { createUsers, type FleetUser } from './fleet.ts';

export type Cluster = {
  database: TestDatabase;
  /** The test's own connection to `database`, for assertions. */
  db: Db;
  redis: PrivateRedis;
  /** Two server processes sharing the database and Redis. */
  servers: [ServerProcess, ServerProcess];
  users: FleetUser[];
  /** Stops the servers, drops the database and stops Redis: whatever had started. */
  close(): Promise<void>;
};

/**
 * What every fault test runs on: a fresh Postgres database and a private Redis, two server
 * processes on them, and `users` accounts for a fleet of EAs. With `databaseHost`
 * (`host:port`, e.g. a TCP proxy to cut) the servers reach Postgres through it.
 */
export async function startCluster(options: {
  users: number;
  signalTtlMs: number;
  databaseHost?: string;
}): Promise<Cluster> {
  const [database, redis] = await Promise.all([createTestDatabase(), startPrivateRedis()]);
  let servers: ServerProcess[] = [];
  const close = async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database.drop();
    await redis.close();
  };
  try {
    const databaseUrl = new URL(database.url);
    if (options.databaseHost) databaseUrl.host = options.databaseHost;
    const env = {
      DATABASE_URL: databaseUrl.toString(),
      REDIS_URL: redis.url,
      SIGNAL_TTL_MS: String(options.signalTtlMs),
    };
    servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    const db = database.database.db;
    const users = await createUsers(db, options.users);
    return { database, db, redis, servers: servers as Cluster['servers'], users, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** The port a server process listens on, for a balancer in front of it. */
export const portOf = (server: ServerProcess) => Number(new URL(server.url).port);
