import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Database } from './db/db.ts';
import type { Bus } from './ports/bus.ts';
import type { ExecutorLeases } from './ports/executor-leases.ts';
import type { Jobs } from './ports/jobs.ts';
import type { Mailer } from './ports/mailer.ts';
import type { Presence } from './ports/presence.ts';
import type { Quota } from './ports/quota.ts';
import type { RecordQueue } from './ports/record-queue.ts';

/**
 * What the app is built from. `main.ts` opens the real adapters from config; tests open them
 * against the local Postgres/Redis or the embedded ones. Features receive only what they use.
 */
export type AppDeps = {
  config: Config;
  logger: Logger;
  database: Database;
  /** Present when REDIS_URL is set: shared by rate limits and readiness checks. */
  redis: Redis | null;
  bus: Bus;
  quota: Quota;
  presence: Presence;
  /** Which running EA may trade each account (one per license + platform + account). */
  leases: ExecutorLeases;
  jobs: Jobs;
  /** Records for Postgres that wait while it is away (core/record-retry.ts): intake's. */
  records: RecordQueue;
  /** The same for what EAs report: acknowledgements and results (relay-reports.ts). */
  eaReports: RecordQueue;
  mailer: Mailer;
  /** Milliseconds since the epoch; injectable so tests can cross midnight or DST. */
  now: () => number;
};
