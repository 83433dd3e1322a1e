import { Redis } from 'ioredis';
import { onTestFinished } from 'vitest';
import type { BusErrorHandler } from '../src/ports/bus.ts';
import { createRedisBus } from '../src/ports/bus-redis.ts';
import { requireRedis } from './services.ts';

/**
 * A Redis bus as open-deps builds it (shared publisher, dedicated subscriber) on `prefix`,
 * closed when the test ends. Buses on one prefix are instances of one deployment.
 */
export async function openRedisBus(prefix: string, onHandlerError: BusErrorHandler = () => {}) {
  const url = await requireRedis();
  const publisher = new Redis(url, { enableOfflineQueue: false, lazyConnect: true });
  const subscriber = new Redis(url, { lazyConnect: true });
  await Promise.all([publisher.connect(), subscriber.connect()]);
  const bus = createRedisBus({ publisher, subscriber, prefix, onHandlerError });
  onTestFinished(async () => {
    await bus.close();
    subscriber.disconnect();
    publisher.disconnect();
  });
  return { bus, publisher, subscriber };
}
