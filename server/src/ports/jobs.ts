/**
 * Background jobs: BullMQ on Redis, or an in-process runner with the same job functions.
 * Jobs run at least once, so every handler must be idempotent. Data travels as JSON (a Date
 * arrives as a string). A failing job is retried with growing delays, then logged as failed.
 */

import { backoffStep } from '@signalrelay/contracts/backoff';

export type JobHandler<T = unknown> = (data: T) => Promise<void>;

export type ScheduleOptions = {
  /** Run no earlier than this many ms from now. */
  delayMs?: number;
  /**
   * Deduplicates per job name: a second schedule with the same id while the first is waiting,
   * delayed, running or being retried is ignored. Once it has finished, the id is free again.
   */
  jobId?: string;
};

export type JobsRetryOptions = {
  /** Tries per job, the first included. */
  attempts?: number;
  /** Delay before the first retry; each further retry waits twice as long. */
  backoffMs?: number;
};

export interface Jobs {
  /** Registers the function for a job name; call before `start`. */
  define<T>(name: string, handler: JobHandler<T>): void;
  /** Enqueues a job; jobs scheduled before `start` wait for it. */
  schedule<T>(name: string, data: T, options?: ScheduleOptions): Promise<void>;
  /**
   * Runs `name` (with data `{}`) at once and then every `everyMs`; one schedule cluster-wide.
   * Calling it again for the same name replaces the interval.
   */
  repeat(name: string, everyMs: number): Promise<void>;
  /** Starts processing (workers); producers may schedule without it. */
  start(): Promise<void>;
  /** Stops taking jobs, waits for the running ones, then releases timers and connections. */
  close(): Promise<void>;
}

export const defaultJobAttempts = 5;
export const defaultJobBackoffMs = 2000;

/** The delay before retry number `retry` (1 for the first retry). */
export function retryDelay(backoffMs: number, retry: number) {
  return backoffStep(backoffMs, retry - 1);
}
