import { describe, expect, it, onTestFinished } from 'vitest';
import { createTestRedis } from '../../test/services.ts';
import { recordQueueContract } from './record-queue.contract.ts';
import { createMemoryRecordQueue } from './record-queue-memory.ts';
import { createRedisRecordQueue } from './record-queue-redis.ts';

recordQueueContract('redis', async () => {
  const { redis, close } = await createTestRedis();
  onTestFinished(close);
  return createRedisRecordQueue(redis);
});

recordQueueContract('memory', async () => createMemoryRecordQueue());

describe('redis record queue', () => {
  it('is one list every connection under the prefix shares: what one instance left, another takes', async () => {
    const first = await createTestRedis();
    onTestFinished(first.close);
    const second = await createTestRedis(first.prefix);
    onTestFinished(second.close);
    await createRedisRecordQueue(first.redis).push(['left by the first'], 100);
    first.redis.disconnect();
    const taken = await createRedisRecordQueue(second.redis).take(10, 60_000);
    expect(taken.records).toEqual(['left by the first']);
  });
});
