import { describe, expect, it, onTestFinished } from 'vitest';
import { createTestRedis } from '../../test/services.ts';
import { quotaContract } from './quota.contract.ts';
import { createMemoryQuota } from './quota-memory.ts';
import { createRedisQuota } from './quota-redis.ts';

quotaContract('redis', async () => {
  const { redis, close } = await createTestRedis();
  onTestFinished(close);
  return createRedisQuota(redis);
});

quotaContract('memory', async () => createMemoryQuota(() => Date.now()));

describe('memory quota', () => {
  it('reads expiry from the injected clock', async () => {
    let now = Date.UTC(2024, 2, 10, 3, 59, 0);
    const quota = createMemoryQuota(() => now);
    const midnight = Date.UTC(2024, 2, 10, 4, 0, 0);
    await quota.increment('day', midnight);
    now = midnight - 1;
    expect(await quota.get('day')).toBe(1);
    now = midnight;
    expect(await quota.get('day')).toBe(0);
  });
});

describe('redis quota', () => {
  it('stores the counter with its expiry instant in Redis', async () => {
    const { redis, close } = await createTestRedis();
    onTestFinished(close);
    const quota = createRedisQuota(redis);
    const expiresAt = Date.now() + 60_000;
    await quota.increment('u1', expiresAt);
    expect(await redis.pexpiretime('quota:u1')).toBe(expiresAt);
  });
});
