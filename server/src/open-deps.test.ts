import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createTestDatabase, requireRedis, uniquePrefix } from '../test/services.ts';
import { loadConfig } from './config.ts';
import { openDeps } from './open-deps.ts';

/**
 * REDIS_PREFIX (issue 19): two deployments on one Redis used to take each other's BullMQ jobs.
 * Each app here is configured only through REDIS_PREFIX, as a deployment would be.
 */
describe('two apps with different REDIS_PREFIX on one Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let redis: Redis;
  const prefixA = uniquePrefix();

  beforeAll(async () => {
    // Producers only: the one worker started below is B's.
    [a, b] = await Promise.all([
      createTestApp({ redis: true, REDIS_PREFIX: prefixA, RUN_JOBS: false }),
      createTestApp({ redis: true, REDIS_PREFIX: uniquePrefix(), RUN_JOBS: false }),
    ]);
    redis = new Redis(await requireRedis());
  });

  afterAll(async () => {
    redis?.disconnect();
    await Promise.all([a?.close(), b?.close()]);
  });

  it('never processes the other app’s queued jobs', async () => {
    const processed: string[] = [];
    b.deps.jobs.define<{ from: string }>('probe', async ({ from }) => {
      processed.push(from);
    });
    await b.deps.jobs.start();
    await a.deps.jobs.schedule('probe', { from: 'A' });
    await b.deps.jobs.schedule('probe', { from: 'B' });
    await expect.poll(() => processed).toEqual(['B']);
    // A's job waits in A's own queue, under A's prefix.
    await new Promise((r) => setTimeout(r, 500));
    expect(processed).toEqual(['B']);
    expect(await redis.keys(`${prefixA}bull:jobs:*`)).not.toHaveLength(0);
  });

  it('does not hear the other app’s channels', async () => {
    const heard: string[] = [];
    const unsubscribe = await a.deps.bus.subscribe('probe', (m) => heard.push(m));
    onTestFinished(unsubscribe);
    expect(await b.deps.bus.publish('probe', 'from B')).toBe(0);
    expect(await a.deps.bus.publish('probe', 'from A')).toBe(1);
    await expect.poll(() => heard).toEqual(['from A']);
  });

  it('does not see the other app’s keys', async () => {
    await a.deps.quota.increment('day', Date.now() + 60_000);
    await a.deps.presence.beat([{ owner: 'u1', member: 'terminal', at: Date.now() }]);
    expect(await a.deps.quota.get('day')).toBe(1);
    expect(await b.deps.quota.get('day')).toBe(0);
    expect(await b.deps.presence.lastSeen('u1')).toBeNull();
    expect(await redis.exists(`${prefixA}quota:day`)).toBe(1);
  });
});

describe('the default REDIS_PREFIX', () => {
  it('is signalrelay: for keys and channels', async () => {
    const database = await createTestDatabase();
    onTestFinished(() => database.drop());
    const config = loadConfig({ REDIS_URL: await requireRedis(), DATABASE_URL: database.url });
    expect(config.REDIS_PREFIX).toBe('signalrelay:');
    const deps = await openDeps(config, pino({ level: 'silent' }), {
      database: database.database,
    });
    onTestFinished(() => deps.close());
    expect(deps.redis?.options.keyPrefix).toBe('signalrelay:');
    // A channel nobody else uses, heard under the prefix by a plain connection.
    const channel = `probe-${randomBytes(6).toString('hex')}`;
    const listener = new Redis(await requireRedis());
    onTestFinished(() => listener.disconnect());
    await listener.subscribe(`signalrelay:${channel}`);
    expect(await deps.bus.publish(channel, 'hello')).toBe(1);
  });
});
