import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Logger, pino } from 'pino';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { startJobs } from '../src/jobs.ts';
import { loggerOptions } from '../src/logger.ts';
import { type OpenDeps, openDeps } from '../src/open-deps.ts';
import { createTestDatabase, deleteRedisPrefix, requireRedis, uniquePrefix } from './services.ts';

export type TestAppOptions = Partial<Omit<Config, 'publicUrl'>> & {
  /** Use the real Redis (under a fresh prefix) instead of the in-process adapters. */
  redis?: boolean;
  /** The clock every feature sees (deps.now); Date.now by default. */
  now?: () => number;
  /** Where the app logs (e.g. `createCaptureLogger().logger`); silent by default. */
  logger?: Logger;
  /** Listen on a free local port (for WebSockets, the EA client, real HTTP): see `baseUrl`. */
  listen?: boolean;
};

export type TestApp = {
  app: Awaited<ReturnType<typeof buildApp>>;
  deps: OpenDeps;
  /** Closes the app and its ports, drops the database and the Redis keys, removes DATA_DIR. */
  close(): Promise<void>;
  /** `http://127.0.0.1:<port>` of an app created with `listen: true`. */
  readonly baseUrl: string;
};

/**
 * The real app for `app.inject` tests, built like `main.ts` does but on a fresh Postgres
 * database, a temporary DATA_DIR (so the mail outbox is private) and, with `redis: true`, a
 * private Redis prefix. Configuration overrides go through `loadConfig`, so they are
 * validated and derived values (publicUrl) follow them. Logs are silent unless LOG_LEVEL is set.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { redis = false, now, logger: givenLogger, listen = false, ...overrides } = options;
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    // Tests stand in for a proxy: they set X-Forwarded-For to act as different clients.
    TRUST_PROXY: 'true',
  };
  // A private REDIS_PREFIX unless the test names one (then it is still deleted at close).
  const redisPrefix = redis ? (overrides.REDIS_PREFIX ?? uniquePrefix()) : undefined;
  if (redisPrefix)
    Object.assign(env, { REDIS_URL: await requireRedis(), REDIS_PREFIX: redisPrefix });
  const testDatabase = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'signalrelay-test-'));
  // Undone in reverse order by close(), or at once when building fails half-way.
  const cleanups: (() => Promise<unknown>)[] = [
    () => rm(dataDir, { recursive: true, force: true }),
    () => testDatabase.drop(),
  ];
  if (redisPrefix) cleanups.push(() => deleteRedisPrefix(redisPrefix));
  const close = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  };

  try {
    Object.assign(env, { DATA_DIR: dataDir, DATABASE_URL: testDatabase.url });
    for (const [key, value] of Object.entries(overrides)) {
      if (value !== undefined) env[key] = String(value);
    }
    const config = loadConfig(env);
    const logger = givenLogger ?? pino(loggerOptions(config.LOG_LEVEL));
    const deps = await openDeps(config, logger, {
      database: testDatabase.database,
      ...(now ? { now } : {}),
    });
    cleanups.push(() => deps.close());
    const app = await buildApp(deps);
    cleanups.push(() => app.close());
    if (config.RUN_JOBS) await startJobs(deps);
    await app.ready();
    const url = listen ? await app.listen({ port: 0, host: '127.0.0.1' }) : undefined;
    return {
      app,
      deps,
      close,
      get baseUrl() {
        if (url === undefined) throw new Error('baseUrl needs createTestApp({ listen: true })');
        return url;
      },
    };
  } catch (err) {
    await close();
    throw err;
  }
}
