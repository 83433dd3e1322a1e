import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PrivateRedis, startPrivateRedis } from '../../test/private-redis.ts';
import { requestPathRedisOptions } from '../open-deps.ts';
import type { Bus } from './bus.ts';
import { createRedisBus } from './bus-redis.ts';

// A Redis of our own: this test restarts it, which the shared one must never be.
let server: PrivateRedis;
let publisher: Redis;
let subscriber: Redis;
let bus: Bus;

beforeAll(async () => {
  server = await startPrivateRedis();
  publisher = new Redis(server.url, requestPathRedisOptions);
  subscriber = new Redis(server.url, { lazyConnect: true });
  for (const client of [publisher, subscriber]) client.on('error', () => undefined);
  await Promise.all([publisher.connect(), subscriber.connect()]);
  bus = createRedisBus({ publisher, subscriber });
});

afterAll(async () => {
  await bus?.close();
  publisher?.disconnect();
  subscriber?.disconnect();
  await server?.close();
});

describe('Redis bus across a Redis restart', () => {
  it('tells listeners once it is subscribed again, and delivers from then on', async () => {
    const received: string[] = [];
    await bus.subscribe('doorbell', (m) => received.push(m));
    let resubscribed = 0;
    const stop = bus.onResubscribed(() => {
      resubscribed++;
    });

    await server.restart(300);
    await expect.poll(() => resubscribed, { timeout: 10_000 }).toBe(1);
    // From the moment it says so, a message published is heard: no second gap.
    await expect.poll(() => publisher.status, { timeout: 10_000 }).toBe('ready');
    expect(await bus.publish('doorbell', 'after')).toBe(1);
    await expect.poll(() => received).toEqual(['after']);

    stop();
    await server.restart(100);
    await expect.poll(() => publisher.status, { timeout: 10_000 }).toBe('ready');
    await expect.poll(() => subscriber.status, { timeout: 10_000 }).toBe('ready');
    await new Promise((r) => setTimeout(r, 200));
    expect(resubscribed).toBe(1);
  });
});
