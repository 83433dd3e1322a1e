import { type ConnectionOptions, type Job, Queue, Worker } from 'bullmq';
import type { Logger } from 'pino';
import { within } from '../lib/within.ts';
import {
  defaultJobAttempts,
  defaultJobBackoffMs,
  type JobHandler,
  type Jobs,
  type JobsRetryOptions,
} from './jobs.ts';

/** One queue carries every job; the worker routes each job to its handler by name. */
const queueName = 'jobs';

/** A producer call waits at most this long for Redis before failing (it may run in a request). */
const enqueueTimeoutMs = 2000;

/**
 * BullMQ on Redis: any instance may schedule, the worker processes (the server itself when
 * RUN_JOBS=true, else `worker.ts`). `prefix` namespaces the Redis keys (default `bull`).
 */
export function createBullJobs(
  options: {
    redisUrl: string;
    logger: Logger;
    prefix?: string;
    concurrency?: number;
  } & JobsRetryOptions,
): Jobs {
  const { redisUrl, logger, prefix = 'bull', concurrency = 5 } = options;
  const attempts = options.attempts ?? defaultJobAttempts;
  const backoffMs = options.backoffMs ?? defaultJobBackoffMs;
  // biome-ignore lint/suspicious/noExplicitAny: handlers of any data type share one table
  const handlers = new Map<string, JobHandler<any>>();

  // The producer fails fast while Redis is away (no offline queue, commands caught by a
  // dropped connection retried once) so a request scheduling a job answers instead of
  // hanging; the worker, in contrast, waits out outages.
  const queue = new Queue(queueName, {
    connection: {
      url: redisUrl,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: enqueueTimeoutMs,
      // BullMQ's default waits at least 1 s before reconnecting; a command caught by the
      // drop would wait that long to fail.
      retryStrategy: (times: number) => Math.min(times * 100, 2000),
    },
    prefix,
    defaultJobOptions: {
      attempts,
      backoff: { type: 'exponential', delay: backoffMs },
      removeOnComplete: { count: 1000 },
      removeOnFail: { age: 7 * 24 * 3600, count: 10_000 },
    },
  });
  queue.on('error', (err) => logger.warn({ err: err.message }, 'job queue connection error'));
  let worker: Worker | undefined;

  return {
    define(name, handler) {
      handlers.set(name, handler);
    },

    async schedule(name, data, scheduleOptions = {}) {
      const { delayMs, jobId } = scheduleOptions;
      await withTimeout(
        queue.add(name, data, {
          ...(delayMs ? { delay: delayMs } : {}),
          // Deduplication rather than a custom job id: the id is released when the job
          // finishes, even if it failed and is kept for inspection.
          ...(jobId !== undefined ? { deduplication: { id: `${name}:${jobId}` } } : {}),
        }),
        `scheduling job "${name}"`,
      );
    },

    async repeat(name, everyMs) {
      await withTimeout(
        queue.upsertJobScheduler(name, { every: everyMs }, { name }),
        `scheduling repeat of "${name}"`,
      );
    },

    async start() {
      if (worker) return;
      const connection: ConnectionOptions = { url: redisUrl, maxRetriesPerRequest: null };
      worker = new Worker(queueName, (job) => runJob(handlers, job), {
        connection,
        prefix,
        concurrency,
      });
      worker.on('error', (err) => logger.warn({ err: err.message }, 'job worker error'));
      worker.on('failed', (job, err) => {
        if (!job) return;
        const final = job.attemptsMade >= (job.opts.attempts ?? 1);
        const fields = { err, job: job.name, id: job.id, attempt: job.attemptsMade };
        if (final) logger.error(fields, 'job failed');
        else logger.warn(fields, 'job failed, will retry');
      });
      await worker.waitUntilReady();
    },

    async close() {
      // The worker first: it finishes its running jobs, then the producer goes. Closing
      // while Redis is away must still end (shutdown during an outage), so errors are logged.
      await worker?.close().catch((err) => logger.warn({ err }, 'closing the job worker'));
      await queue.close().catch((err) => logger.warn({ err }, 'closing the job queue'));
    },
  };
}

async function runJob(handlers: Map<string, JobHandler<unknown>>, job: Job) {
  const handler = handlers.get(job.name);
  if (!handler) throw new Error(`no handler defined for job "${job.name}"`);
  await handler(job.data);
}

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  return within(
    promise,
    enqueueTimeoutMs,
    () => new Error(`${what}: Redis did not answer within ${enqueueTimeoutMs} ms`),
  );
}
