import path from 'node:path';
import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/db.ts';
import type { AppDeps } from './deps.ts';
import type { BusErrorHandler } from './ports/bus.ts';
import { createMemoryBus } from './ports/bus-memory.ts';
import { createRedisBus } from './ports/bus-redis.ts';
import { createMemoryExecutorLeases } from './ports/executor-leases-memory.ts';
import { createRedisExecutorLeases } from './ports/executor-leases-redis.ts';
import { createBullJobs } from './ports/jobs-bullmq.ts';
import { createMemoryJobs } from './ports/jobs-memory.ts';
import { createOutboxMailer } from './ports/mailer-outbox.ts';
import { createSmtpMailer } from './ports/mailer-smtp.ts';
import { createMemoryPresence } from './ports/presence-memory.ts';
import { createRedisPresence } from './ports/presence-redis.ts';
import { createMemoryQuota } from './ports/quota-memory.ts';
import { createRedisQuota } from './ports/quota-redis.ts';
import { createMemoryRecordQueue } from './ports/record-queue-memory.ts';
import { createRedisRecordQueue } from './ports/record-queue-redis.ts';

export type OpenDeps = AppDeps & {
  /** Closes jobs, Redis, mailer and the database (unless it was passed in), in that order. */
  close(): Promise<void>;
};

/** What tests (and only tests) change about how the ports are opened. */
export type OpenDepsOverrides = {
  /** An open, migrated database; the caller keeps ownership and closes it. */
  database?: Database;
  now?: () => number;
};

/**
 * Commands on the request path fail fast while Redis is away instead of queueing, so the
 * webhook can still answer inside TradingView's 3 s; ioredis keeps reconnecting meanwhile.
 */
export const requestPathRedisOptions: RedisOptions = {
  // Off: the hot commands (quota, publishes) batch themselves (ports/redis-batches.ts) without
  // the Pipeline that auto-pipelining builds for every turn.
  enableAutoPipelining: false,
  maxRetriesPerRequest: 1,
  enableOfflineQueue: false,
  connectTimeout: 2000,
  lazyConnect: true,
};

/** Opens every port with the adapter the configuration selects (DESIGN.md section 3). */
export async function openDeps(
  config: Config,
  logger: Logger,
  overrides: OpenDepsOverrides = {},
): Promise<OpenDeps> {
  const now = overrides.now ?? (() => Date.now());
  const database =
    overrides.database ??
    (await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      onError: (err) => logger.error({ err }, 'database pool error'),
    }));
  const closeDatabase = overrides.database ? async () => {} : () => database.close();
  const mailer = config.SMTP_URL
    ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM)
    : createOutboxMailer(path.join(config.DATA_DIR, 'outbox'), config.MAIL_FROM, logger);
  const onHandlerError: BusErrorHandler = (err, channel) =>
    logger.error({ err, channel }, 'bus handler failed');

  /** The deps around the shared-state ports chosen below, closed users before what they use. */
  const opened = (
    ports: Pick<
      AppDeps,
      'redis' | 'bus' | 'quota' | 'presence' | 'leases' | 'jobs' | 'records' | 'eaReports'
    >,
    closeRedis: () => void | Promise<void>,
  ): OpenDeps => ({
    config,
    logger,
    database,
    ...ports,
    mailer,
    now,
    async close() {
      await ports.jobs.close();
      await ports.bus.close();
      await closeRedis();
      await mailer.close();
      await closeDatabase();
    },
  });

  if (!config.REDIS_URL) {
    return opened(
      {
        redis: null,
        bus: createMemoryBus({ onHandlerError }),
        quota: createMemoryQuota(now),
        presence: createMemoryPresence(),
        leases: createMemoryExecutorLeases(now),
        jobs: createMemoryJobs({ logger }),
        records: createMemoryRecordQueue(),
        eaReports: createMemoryRecordQueue(),
      },
      () => {},
    );
  }

  const redisUrl = config.REDIS_URL;
  // One prefix for everything in Redis: keys (ioredis `keyPrefix`, which also covers the keys
  // of our Lua scripts), bus channels and BullMQ queues, which `keyPrefix` does not reach.
  const prefix = config.REDIS_PREFIX;
  const redis = new Redis(redisUrl, { ...requestPathRedisOptions, keyPrefix: prefix });
  const subscriber = new Redis(redisUrl, { lazyConnect: true });
  let lastRedisError: Error | undefined;
  for (const [name, client] of [
    ['redis', redis],
    ['redis subscriber', subscriber],
  ] as const) {
    // Without a listener ioredis prints every failed reconnect as an unhandled error.
    client.on('error', (err) => {
      lastRedisError = err;
      logger.warn({ err: err.message }, `${name} error`);
    });
  }
  try {
    await Promise.all([redis.connect(), subscriber.connect()]);
  } catch (err) {
    // Stop both from reconnecting forever in the background of a failed start-up.
    redis.disconnect();
    subscriber.disconnect();
    await closeDatabase();
    // connect() only says "Connection is closed"; the error event said why.
    const reason = (lastRedisError ?? (err as Error)).message;
    throw new Error(`cannot reach Redis at REDIS_URL (${reason})`, { cause: err });
  }
  return opened(
    {
      redis,
      bus: createRedisBus({ publisher: redis, subscriber, prefix, onHandlerError }),
      quota: createRedisQuota(redis),
      presence: createRedisPresence(redis),
      leases: createRedisExecutorLeases(redis),
      jobs: createBullJobs({ redisUrl, logger, prefix: `${prefix}bull` }),
      records: createRedisRecordQueue(redis),
      eaReports: createRedisRecordQueue(redis, 'ea-reports'),
    },
    async () => {
      subscriber.disconnect();
      await redis.quit().catch(() => redis.disconnect());
    },
  );
}
