import type { Logger } from 'pino';
import { describe, expect, it } from 'vitest';
import { createCaptureLogger } from '../../test/capture-logger.ts';
import type { Jobs, JobsRetryOptions } from './jobs.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` passes (it throws until then), or rethrows its last error. */
async function eventually(check: () => void, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await sleep(20);
    }
  }
}

/** Defines job `name` to note the time of each run; returns those times. */
function runTimes(jobs: Jobs, name: string) {
  const ranAt: number[] = [];
  jobs.define(name, async () => {
    ranAt.push(Date.now());
  });
  return ranAt;
}

export type MakeJobs = (options: { logger: Logger } & Required<JobsRetryOptions>) => Promise<Jobs>;

/**
 * The behaviour every Jobs adapter must have. `make` is called inside each test and must give
 * runners that share nothing with other tests; the test closes them.
 */
export function jobsContract(name: string, make: MakeJobs) {
  async function open(retry: Required<JobsRetryOptions> = { attempts: 3, backoffMs: 50 }) {
    const { logger, lines } = createCaptureLogger();
    const jobs = await make({ logger, ...retry });
    return { jobs, lines };
  }

  describe(`Jobs contract: ${name}`, () => {
    it('runs a scheduled job with its data, as JSON', async () => {
      const { jobs } = await open();
      const seen: unknown[] = [];
      jobs.define('greet', async (data) => {
        seen.push(data);
      });
      await jobs.start();
      await jobs.schedule('greet', { to: 'ann', at: new Date(0), n: 1 });
      await eventually(() =>
        expect(seen).toEqual([{ to: 'ann', at: '1970-01-01T00:00:00.000Z', n: 1 }]),
      );
      await jobs.close();
    });

    it('keeps jobs scheduled before start until start', async () => {
      const { jobs } = await open();
      const seen: unknown[] = [];
      jobs.define('early', async (data) => {
        seen.push(data);
      });
      await jobs.schedule('early', 1);
      await sleep(100);
      expect(seen).toEqual([]);
      await jobs.start();
      await eventually(() => expect(seen).toEqual([1]));
      await jobs.close();
    });

    it('waits for the delay', async () => {
      const { jobs } = await open();
      const ranAt = runTimes(jobs, 'later');
      await jobs.start();
      const scheduledAt = Date.now();
      await jobs.schedule('later', null, { delayMs: 400 });
      await sleep(200);
      expect(ranAt).toEqual([]);
      await eventually(() => expect(ranAt).toHaveLength(1));
      expect(ranAt[0]! - scheduledAt).toBeGreaterThanOrEqual(390);
      await jobs.close();
    });

    it('ignores a second job with the same id (and name) while the first is pending', async () => {
      const { jobs } = await open();
      const seen: string[] = [];
      jobs.define('mail', async (data: string) => {
        seen.push(data);
      });
      jobs.define('other', async (data: string) => {
        seen.push(data);
      });
      await jobs.start();
      await jobs.schedule('mail', 'first', { jobId: 'user-1', delayMs: 200 });
      await jobs.schedule('mail', 'second', { jobId: 'user-1', delayMs: 200 });
      await jobs.schedule('other', 'same id, other job', { jobId: 'user-1', delayMs: 200 });
      await jobs.schedule('mail', 'other id', { jobId: 'user-2', delayMs: 200 });
      await eventually(() =>
        expect([...seen].sort()).toEqual(['first', 'other id', 'same id, other job']),
      );
      // Once the first has finished, the id is free again.
      await jobs.schedule('mail', 'third', { jobId: 'user-1' });
      await eventually(() => expect(seen).toContain('third'));
      await jobs.close();
    });

    it('retries a failing job with backoff, then succeeds', async () => {
      const { jobs, lines } = await open({ attempts: 3, backoffMs: 100 });
      const calls: number[] = [];
      jobs.define('flaky', async () => {
        calls.push(Date.now());
        if (calls.length < 3) throw new Error(`boom ${calls.length}`);
      });
      await jobs.start();
      await jobs.schedule('flaky', {});
      await eventually(() => expect(calls).toHaveLength(3));
      // 100 ms before the first retry, 200 ms before the second.
      expect(calls[1]! - calls[0]!).toBeGreaterThanOrEqual(90);
      expect(calls[2]! - calls[1]!).toBeGreaterThanOrEqual(190);
      await eventually(() =>
        expect(lines.filter((l) => l.msg === 'job failed, will retry')).toHaveLength(2),
      );
      expect(lines.some((l) => l.msg === 'job failed')).toBe(false);
      await jobs.close();
    });

    it('gives up after the last attempt and logs the failure', async () => {
      const { jobs, lines } = await open({ attempts: 2, backoffMs: 20 });
      let calls = 0;
      jobs.define('doomed', async () => {
        calls += 1;
        throw new Error('always broken');
      });
      await jobs.start();
      await jobs.schedule('doomed', {}, { jobId: 'x' });
      await eventually(() => expect(lines.some((l) => l.msg === 'job failed')).toBe(true));
      const failure = lines.find((l) => l.msg === 'job failed')!;
      expect(failure.level).toBe(50);
      expect(failure.job).toBe('doomed');
      expect((failure.err as { message: string }).message).toBe('always broken');
      await sleep(200);
      expect(calls).toBe(2);
      // A failed job releases its id too.
      await jobs.schedule('doomed', {}, { jobId: 'x' });
      await eventually(() => expect(calls).toBe(3));
      await jobs.close();
    });

    it('logs a job nobody defined as failed', async () => {
      const { jobs, lines } = await open({ attempts: 1, backoffMs: 20 });
      await jobs.start();
      await jobs.schedule('unknown-job', {});
      await eventually(() =>
        expect(lines.find((l) => l.msg === 'job failed')?.job).toBe('unknown-job'),
      );
      await jobs.close();
    });

    it('repeats a job at once and then every interval', async () => {
      const { jobs } = await open();
      const ranAt = runTimes(jobs, 'tick');
      await jobs.repeat('tick', 300);
      await jobs.start();
      const startedAt = Date.now();
      await eventually(() => expect(ranAt.length).toBeGreaterThanOrEqual(3), 3000);
      await jobs.close();
      expect(ranAt[0]! - startedAt).toBeLessThan(300);
      const count = ranAt.length;
      await sleep(500);
      expect(ranAt).toHaveLength(count);
    });

    it('lets running jobs finish on close and runs nothing afterwards', async () => {
      const { jobs } = await open();
      const events: string[] = [];
      jobs.define('slow', async (data: string) => {
        events.push(`start ${data}`);
        await sleep(300);
        events.push(`end ${data}`);
      });
      await jobs.start();
      await jobs.schedule('slow', 'now');
      await jobs.schedule('slow', 'later', { delayMs: 600 });
      await eventually(() => expect(events).toEqual(['start now']));
      await jobs.close();
      expect(events).toEqual(['start now', 'end now']);
      await sleep(800);
      expect(events).toEqual(['start now', 'end now']);
    });
  });
}
