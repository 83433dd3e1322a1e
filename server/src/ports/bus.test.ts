import { describe, expect, it, onTestFinished } from 'vitest';
import { openRedisBus } from '../../test/redis-bus.ts';
import { deleteRedisPrefix, uniquePrefix } from '../../test/services.ts';
import { busContract, inbox } from './bus.contract.ts';
import { createMemoryBus } from './bus-memory.ts';
import { quietForMs } from './bus-redis.ts';

busContract('redis', async (onHandlerError) => {
  const prefix = uniquePrefix();
  onTestFinished(() => deleteRedisPrefix(prefix));
  return (await openRedisBus(prefix, onHandlerError)).bus;
});

busContract('memory', async (onHandlerError) => createMemoryBus({ onHandlerError }));

describe('redis bus', () => {
  it('fans out between instances sharing a prefix, not across prefixes', async () => {
    const prefix = uniquePrefix();
    const [a, b, stranger] = await Promise.all([
      openRedisBus(prefix),
      openRedisBus(prefix),
      openRedisBus(uniquePrefix()),
    ]);
    const [onB, onStranger, marker] = [inbox(), inbox(), inbox()];
    await b.bus.subscribe('license:1', onB.handler);
    await stranger.bus.subscribe('license:1', onStranger.handler);
    await stranger.bus.subscribe('marker', marker.handler);
    await a.bus.publish('license:1', 'from a');
    await stranger.bus.publish('marker', 'done');
    expect(await onB.waitFor(1)).toEqual(['from a']);
    await marker.waitFor(1);
    expect(onStranger.messages).toEqual([]);
  });

  it('publishIfHeard skips a channel nobody listens on until another instance subscribes', async () => {
    const prefix = uniquePrefix();
    const [a, b] = await Promise.all([openRedisBus(prefix), openRedisBus(prefix)]);
    // Let a's control subscription land: only then does it believe a "nobody" answer.
    await new Promise((resolve) => setTimeout(resolve, 50));
    let built = 0;
    const message = () => `m${++built}`;
    expect(await a.bus.publishIfHeard('live:u1', message)).toBe(0);
    expect(await a.bus.publishIfHeard('live:u1', message)).toBe(0);
    expect(built).toBe(1);
    const box = inbox();
    await b.bus.subscribe('live:u1', box.handler);
    // a hears b's announcement as soon as it reads its subscriber connection, long before
    // the silence would run out by itself (quietForMs).
    const subscribedAt = Date.now();
    while ((await a.bus.publishIfHeard('live:u1', message)) === 0) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(Date.now() - subscribedAt).toBeLessThan(quietForMs / 10);
    expect(await box.waitFor(1)).toEqual(['m2']);
  });

  it('publishIfHeard skips nothing after its subscriber connection was cut off', async () => {
    const prefix = uniquePrefix();
    const { bus, publisher, subscriber } = await openRedisBus(prefix);
    await new Promise((resolve) => setTimeout(resolve, 50));
    let built = 0;
    const message = () => `m${++built}`;
    expect(await bus.publishIfHeard('live:u2', message)).toBe(0);
    const id = await subscriber.client('ID');
    const closed = new Promise((resolve) => subscriber.once('close', resolve));
    await publisher.client('KILL', 'ID', String(id));
    await closed;
    // Announcements made meanwhile would be lost: the silence is no longer believed.
    await bus.publishIfHeard('live:u2', message);
    expect(built).toBe(2);
  });

  it('subscribes once per channel in Redis and unsubscribes with the last handler', async () => {
    const prefix = uniquePrefix();
    const { bus, publisher } = await openRedisBus(prefix);
    const subscribers = async () => {
      const [, count] = (await publisher.pubsub('NUMSUB', `${prefix}c`)) as [string, number];
      return count;
    };
    const first = await bus.subscribe('c', () => {});
    const second = await bus.subscribe('c', () => {});
    expect(await subscribers()).toBe(1);
    await first();
    expect(await subscribers()).toBe(1);
    await second();
    expect(await subscribers()).toBe(0);
  });

  it('resubscribes after its connection is killed', async () => {
    const prefix = uniquePrefix();
    const { bus, publisher, subscriber } = await openRedisBus(prefix);
    const id = await subscriber.client('ID');
    const box = inbox();
    await bus.subscribe('c', box.handler);
    const ready = new Promise((resolve) => subscriber.once('ready', resolve));
    await publisher.client('KILL', 'ID', String(id));
    await ready;
    // The resubscribe is sent right after "ready"; publish until it has landed.
    for (let i = 0; box.messages.length === 0 && i < 50; i++) {
      await bus.publish('c', 'after reconnect');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(box.messages[0]).toBe('after reconnect');
  });
});
