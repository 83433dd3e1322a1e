import { describe, expect, it } from 'vitest';
import type { Bus, BusErrorHandler } from './bus.ts';

/** Collects messages and lets a test wait for the n-th one. */
export function inbox() {
  const messages: string[] = [];
  let wake: (() => void) | undefined;
  return {
    messages,
    handler: (message: string) => {
      messages.push(message);
      wake?.();
    },
    async waitFor(count: number, timeoutMs = 2000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`expected ${count} messages, got ${messages.length}: ${messages}`);
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 20);
        });
      }
      return messages;
    },
  };
}

/**
 * The behaviour every Bus adapter must have. `make` is called inside each test, receives the
 * handler-error callback to wire in, and must give a bus that shares nothing with other tests.
 *
 * "Nothing arrived" is checked against a later message on a subscribed channel: a bus
 * delivers in publish order, so once the later one is in, the earlier one would be too.
 */
export function busContract(name: string, make: (onHandlerError: BusErrorHandler) => Promise<Bus>) {
  const makeBus = () => make(() => {});

  describe(`Bus contract: ${name}`, () => {
    it('delivers a published message to a subscriber', async () => {
      const bus = await makeBus();
      const box = inbox();
      await bus.subscribe('license:1', box.handler);
      await bus.publish('license:1', '{"signal":"s1"}');
      expect(await box.waitFor(1)).toEqual(['{"signal":"s1"}']);
    });

    it('counts the instances a message went to, 0 when nobody listens', async () => {
      const bus = await makeBus();
      expect(await bus.publish('nobody-listens', 'm')).toBe(0);
      const box = inbox();
      await bus.subscribe('listened', box.handler);
      await bus.subscribe('listened', inbox().handler);
      expect(await bus.publish('listened', 'm')).toBe(1);
    });

    it('delivers asynchronously, never inside publish', async () => {
      const bus = await makeBus();
      const box = inbox();
      await bus.subscribe('c', box.handler);
      const published = bus.publish('c', 'm');
      expect(box.messages).toEqual([]);
      await published;
      await box.waitFor(1);
    });

    it('keeps publish order on a channel', async () => {
      const bus = await makeBus();
      const box = inbox();
      await bus.subscribe('c', box.handler);
      const sent = Array.from({ length: 20 }, (_, i) => `m${i}`);
      await Promise.all(sent.map((m) => bus.publish('c', m)));
      expect(await box.waitFor(20)).toEqual(sent);
    });

    it('delivers to every handler of a channel and to no other channel', async () => {
      const bus = await makeBus();
      const [first, second, other] = [inbox(), inbox(), inbox()];
      await bus.subscribe('c', first.handler);
      await bus.subscribe('c', second.handler);
      await bus.subscribe('other', other.handler);
      await bus.publish('c', 'hello');
      await bus.publish('other', 'marker');
      await other.waitFor(1);
      expect(await first.waitFor(1)).toEqual(['hello']);
      expect(await second.waitFor(1)).toEqual(['hello']);
      expect(other.messages).toEqual(['marker']);
    });

    it('treats the same function subscribed twice as two subscriptions', async () => {
      const bus = await makeBus();
      const box = inbox();
      const unsubscribe = await bus.subscribe('c', box.handler);
      await bus.subscribe('c', box.handler);
      await bus.publish('c', 'one');
      await box.waitFor(2);
      await unsubscribe();
      await bus.publish('c', 'two');
      expect(await box.waitFor(3)).toEqual(['one', 'one', 'two']);
    });

    it('stops delivering to an unsubscribed handler and keeps the others', async () => {
      const bus = await makeBus();
      const [leaving, staying] = [inbox(), inbox()];
      const unsubscribe = await bus.subscribe('c', leaving.handler);
      await bus.subscribe('c', staying.handler);
      await unsubscribe();
      await unsubscribe(); // idempotent
      await bus.publish('c', 'after');
      await staying.waitFor(1);
      expect(leaving.messages).toEqual([]);
    });

    it('delivers nothing once the last handler has left, and again after resubscribing', async () => {
      const bus = await makeBus();
      const [box, marker] = [inbox(), inbox()];
      await bus.subscribe('marker', marker.handler);
      const unsubscribe = await bus.subscribe('c', box.handler);
      await unsubscribe();
      await bus.publish('c', 'lost');
      await bus.publish('marker', 'm1');
      await marker.waitFor(1);
      expect(box.messages).toEqual([]);
      await bus.subscribe('c', box.handler);
      await bus.publish('c', 'back');
      expect(await box.waitFor(1)).toEqual(['back']);
    });

    it('isolates a throwing handler and reports its error', async () => {
      const errors: [unknown, string][] = [];
      const bus = await make((err, channel) => errors.push([err, channel]));
      const box = inbox();
      await bus.subscribe('c', () => {
        throw new Error('handler broke');
      });
      await bus.subscribe('c', box.handler);
      await bus.publish('c', 'm');
      await box.waitFor(1);
      expect(errors).toEqual([[expect.objectContaining({ message: 'handler broke' }), 'c']]);
    });

    it('publishIfHeard answers 0 while nobody listens, and delivers once somebody does', async () => {
      const bus = await makeBus();
      let built = 0;
      const message = () => `m${++built}`;
      expect(await bus.publishIfHeard('quiet', message)).toBe(0);
      expect(await bus.publishIfHeard('quiet', message)).toBe(0);
      const box = inbox();
      await bus.subscribe('quiet', box.handler);
      expect(await bus.publishIfHeard('quiet', message)).toBe(1);
      expect(await box.waitFor(1)).toEqual([`m${built}`]);
    });

    it('stops delivering after close', async () => {
      const bus = await makeBus();
      const box = inbox();
      await bus.subscribe('c', box.handler);
      await bus.close();
      await bus.publish('c', 'after close').catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(box.messages).toEqual([]);
    });
  });
}
