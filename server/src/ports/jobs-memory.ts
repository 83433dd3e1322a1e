import type { Logger } from 'pino';
import {
  defaultJobAttempts,
  defaultJobBackoffMs,
  type JobHandler,
  type Jobs,
  type JobsRetryOptions,
  retryDelay,
} from './jobs.ts';

type Job = { name: string; json: string | undefined; dedupeKey?: string; attempt: number };

/**
 * In-process runner on timers, for a single server without Redis. Same semantics as the
 * BullMQ adapter (JSON data, dedupe by id, retries with backoff, repeat), but nothing survives
 * a restart.
 */
export function createMemoryJobs(options: { logger: Logger } & JobsRetryOptions): Jobs {
  const { logger, attempts = defaultJobAttempts, backoffMs = defaultJobBackoffMs } = options;
  // biome-ignore lint/suspicious/noExplicitAny: handlers of any data type share one table
  const handlers = new Map<string, JobHandler<any>>();
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  const pendingIds = new Set<string>();
  const repeats = new Map<string, { everyMs: number; timer?: NodeJS.Timeout }>();
  /** Jobs scheduled before `start`, with the instant they become due. */
  let waiting: { job: Job; dueAt: number }[] = [];
  let started = false;
  let closed = false;

  function after(ms: number, fn: () => void) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
    return timer;
  }

  function enqueue(job: Job, delayMs: number) {
    if (started) after(delayMs, () => run(job));
    else waiting.push({ job, dueAt: Date.now() + delayMs });
  }

  function run(job: Job) {
    const execution = execute(job).finally(() => running.delete(execution));
    running.add(execution);
  }

  async function execute(job: Job) {
    job.attempt += 1;
    try {
      const handler = handlers.get(job.name);
      if (!handler) throw new Error(`no handler defined for job "${job.name}"`);
      await handler(job.json === undefined ? undefined : JSON.parse(job.json));
    } catch (err) {
      if (job.attempt < attempts && !closed) {
        logger.warn({ err, job: job.name, attempt: job.attempt }, 'job failed, will retry');
        after(retryDelay(backoffMs, job.attempt), () => run(job));
        return;
      }
      logger.error({ err, job: job.name, attempts: job.attempt }, 'job failed');
    }
    if (job.dedupeKey) pendingIds.delete(job.dedupeKey);
  }

  function tick(name: string) {
    const repeat = repeats.get(name);
    if (!repeat || closed) return;
    run({ name, json: '{}', attempt: 0 });
    repeat.timer = after(repeat.everyMs, () => tick(name));
  }

  return {
    define(name, handler) {
      handlers.set(name, handler);
    },

    async schedule(name, data, scheduleOptions = {}) {
      if (closed) throw new Error('jobs are closed');
      const job: Job = { name, json: JSON.stringify(data), attempt: 0 };
      if (scheduleOptions.jobId !== undefined) {
        job.dedupeKey = `${name}:${scheduleOptions.jobId}`;
        if (pendingIds.has(job.dedupeKey)) return;
        pendingIds.add(job.dedupeKey);
      }
      enqueue(job, scheduleOptions.delayMs ?? 0);
    },

    async repeat(name, everyMs) {
      if (closed) throw new Error('jobs are closed');
      const previous = repeats.get(name);
      if (previous?.timer) {
        clearTimeout(previous.timer);
        timers.delete(previous.timer);
      }
      repeats.set(name, { everyMs });
      if (started) tick(name);
    },

    async start() {
      if (started || closed) return;
      started = true;
      const now = Date.now();
      for (const { job, dueAt } of waiting) after(Math.max(0, dueAt - now), () => run(job));
      waiting = [];
      for (const name of repeats.keys()) tick(name);
    },

    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      repeats.clear();
      waiting = [];
      await Promise.allSettled([...running]);
    },
  };
}
