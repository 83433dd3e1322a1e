import { describe, expect, it, onTestFinished } from 'vitest';
import { createTestRedis } from '../../test/services.ts';
import { presenceContract } from './presence.contract.ts';
import { presenceRetentionMs } from './presence.ts';
import { createMemoryPresence } from './presence-memory.ts';
import { createRedisPresence } from './presence-redis.ts';

presenceContract('redis', async () => {
  const { redis, close } = await createTestRedis();
  onTestFinished(close);
  return createRedisPresence(redis);
});

presenceContract('memory', async () => createMemoryPresence());

describe('redis presence', () => {
  it('lets an owner expire after the retention period', async () => {
    const { redis, close } = await createTestRedis();
    onTestFinished(close);
    const presence = createRedisPresence(redis);
    await presence.beat([{ owner: 'owner', member: 'terminal-a', at: Date.now() }]);
    for (const key of ['presence:owner:members', 'presence:owner:last']) {
      const ttl = await redis.pttl(key);
      expect(ttl).toBeGreaterThan(presenceRetentionMs - 60_000);
      expect(ttl).toBeLessThanOrEqual(presenceRetentionMs);
    }
  });
});
