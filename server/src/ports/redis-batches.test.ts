import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { createTestRedis } from '../../test/services.ts';
import { redisBatches } from './redis-batches.ts';

async function testRedis() {
  const { redis, close } = await createTestRedis();
  onTestFinished(close);
  return redis;
}

describe('redisBatches', () => {
  it('sends a command alone at once, and a burst of them in one pipeline, each with its reply', async () => {
    const redis = await testRedis();
    const pipelines = vi.spyOn(redis, 'pipeline');
    const send = redisBatches(redis);
    const incr = (key: string) => send<number>((target) => target.incr(key));

    expect(await incr('alone')).toBe(1);
    expect(pipelines).not.toHaveBeenCalled();

    const burst = await Promise.all(Array.from({ length: 20 }, () => incr('burst')));
    expect(burst.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(pipelines).toHaveBeenCalledTimes(1);
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
    const pipelines = vi.spyOn(redis, 'pipeline');
    const [count, receivers] = await Promise.all([
      redisBatches(redis)<number>((target) => target.incr('n')),
      redisBatches(redis)<number>((target) => target.publish('nobody-listens', 'hello')),
    ]);
    expect([count, receivers]).toEqual([1, 0]);
    expect(pipelines).toHaveBeenCalledTimes(1);
  });

  it('sends urgent commands on a sender of their own, those issued together in one pipeline', async () => {
    const redis = await testRedis();
    const urgent = redisBatches(redis, { urgent: true });
    expect(urgent).toBe(redisBatches(redis, { urgent: true }));
    expect(urgent).not.toBe(redisBatches(redis));
    const pipelines = vi.spyOn(redis, 'pipeline');
    const publish = () => urgent<number>((target) => target.publish('nobody-listens', 'ring'));

    expect(await publish()).toBe(0);
    expect(pipelines).not.toHaveBeenCalled();
    expect(await Promise.all(Array.from({ length: 5 }, publish))).toEqual([0, 0, 0, 0, 0]);
    expect(pipelines).toHaveBeenCalledTimes(1);
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
