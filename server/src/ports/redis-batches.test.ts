import type { Redis } from 'ioredis';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { createTestRedis } from '../../test/services.ts';
import { redisBatches } from './redis-batches.ts';

async function testRedis() {
  const { redis, close } = await createTestRedis();
  onTestFinished(close);
  return redis;
}

/**
 * Counts the writes to the connection's socket (Node hands the chunks written while it was
 * corked to `_writev` at once), and the ioredis Pipelines made: there should be none.
 */
function watchWrites(redis: Redis) {
  const socket = redis.stream as unknown as Record<'_write' | '_writev', () => void>;
  const single = vi.spyOn(socket, '_write');
  const together = vi.spyOn(socket, '_writev');
  const pipelines = vi.spyOn(redis, 'pipeline');
  return {
    writes: () => single.mock.calls.length + together.mock.calls.length,
    pipelines: () => pipelines.mock.calls.length,
  };
}

describe('redisBatches', () => {
  it('sends a command alone at once, and a burst of them in one write, each with its reply', async () => {
    const redis = await testRedis();
    const watched = watchWrites(redis);
    const send = redisBatches(redis);
    const incr = (key: string) => send<number>((target) => target.incr(key));

    expect(await incr('alone')).toBe(1);
    expect(watched.writes()).toBe(1);

    const burst = await Promise.all(Array.from({ length: 20 }, () => incr('burst')));
    expect(burst.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(watched.writes()).toBe(2);
    expect(watched.pipelines()).toBe(0);
  });

  it('fails only the call whose command Redis refused, alone or in a burst', async () => {
    const redis = await testRedis();
    await redis.set('text', 'not a number');
    const send = redisBatches(redis);
    const incr = (key: string) => send<number>((target) => target.incr(key));

    await expect(incr('text')).rejects.toThrow(/not an integer/);
    const [good, bad, after] = await Promise.allSettled([incr('n'), incr('text'), incr('n')]);
    expect(good).toEqual({ status: 'fulfilled', value: 1 });
    expect(bad).toMatchObject({
      status: 'rejected',
      reason: expect.objectContaining({ message: expect.stringMatching(/not an integer/) }),
    });
    expect(after).toEqual({ status: 'fulfilled', value: 2 });
  });

  it('sends every command issued on one connection in a turn together, whichever port issued it', async () => {
    const redis = await testRedis();
    const watched = watchWrites(redis);
    const [count, receivers] = await Promise.all([
      redisBatches(redis)<number>((target) => target.incr('n')),
      redisBatches(redis)<number>((target) => target.publish('nobody-listens', 'hello')),
    ]);
    expect([count, receivers]).toEqual([1, 0]);
    expect(watched.writes()).toBe(1);
  });

  it('sends urgent commands on a sender of their own, those issued together in one write', async () => {
    const redis = await testRedis();
    const urgent = redisBatches(redis, { urgent: true });
    expect(urgent).toBe(redisBatches(redis, { urgent: true }));
    expect(urgent).not.toBe(redisBatches(redis));
    const watched = watchWrites(redis);
    const publish = () => urgent<number>((target) => target.publish('nobody-listens', 'ring'));

    expect(await publish()).toBe(0);
    expect(watched.writes()).toBe(1);
    expect(await Promise.all(Array.from({ length: 5 }, publish))).toEqual([0, 0, 0, 0, 0]);
    expect(watched.writes()).toBe(2);
  });

  it('fails every call of a burst when Redis cannot be reached', async () => {
    const redis = await testRedis();
    const send = redisBatches(redis);
    const incr = (key: string) => send<number>((target) => target.incr(key));
    redis.disconnect();
    const outcomes = await Promise.allSettled([incr('a'), incr('b')]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
  });
});
