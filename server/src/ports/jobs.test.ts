import { describe, expect, it, onTestFinished } from 'vitest';
import { createCaptureLogger } from '../../test/capture-logger.ts';
import { deleteRedisPrefix, requireRedis, uniquePrefix } from '../../test/services.ts';
import { startTcpProxy } from '../../test/tcp-proxy.ts';
import { jobsContract } from './jobs.contract.ts';
import { createBullJobs } from './jobs-bullmq.ts';
import { createMemoryJobs } from './jobs-memory.ts';

jobsContract('bullmq', async (options) => {
  const prefix = uniquePrefix();
  const jobs = createBullJobs({ ...options, redisUrl: await requireRedis(), prefix });
  onTestFinished(async () => {
    await jobs.close();
    await deleteRedisPrefix(prefix);
  });
  return jobs;
});

jobsContract('memory', async (options) => {
  const jobs = createMemoryJobs(options);
  onTestFinished(() => jobs.close());
  return jobs;
});

describe('bullmq jobs', () => {
  it('fails fast instead of hanging when Redis cannot be reached', async () => {
    const { logger } = createCaptureLogger();
    // Port 9 (discard) refuses connections here: Redis "down" from the first moment.
    const jobs = createBullJobs({
      redisUrl: 'redis://127.0.0.1:9',
      logger,
      prefix: uniquePrefix(),
    });
    const startedAt = Date.now();
    await expect(jobs.schedule('mail', {})).rejects.toThrow(/did not answer/);
    expect(Date.now() - startedAt).toBeLessThan(3000);
    await jobs.close();
  });

  it('fails fast while Redis is away, and recovers when it is back', async () => {
    const redis = new URL(await requireRedis());
    const proxy = await startTcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
    const prefix = uniquePrefix();
    const { logger } = createCaptureLogger();
    const jobs = createBullJobs({ redisUrl: `redis://127.0.0.1:${proxy.port}`, logger, prefix });
    onTestFinished(async () => {
      await proxy.close();
      await jobs.close();
      await deleteRedisPrefix(prefix);
    });
    await jobs.schedule('mail', { n: 1 });

    await proxy.cut();
    const startedAt = Date.now();
    await expect(jobs.schedule('mail', { n: 2 })).rejects.toThrow();
    expect(Date.now() - startedAt).toBeLessThan(1000);

    await proxy.restore();
    const deadline = Date.now() + 10_000;
    for (;;) {
      try {
        await jobs.schedule('mail', { n: 3 });
        break;
      } catch (err) {
        if (Date.now() > deadline) throw err;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  });
});
