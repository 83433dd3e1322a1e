import { type Bus, type BusErrorHandler, type BusHandler, handlerDelivery } from './bus.ts';

/**
 * In-process bus for a single server. Delivers on a microtask, like a message coming back
 * from Redis, so callers cannot come to rely on a handler running inside `publish`.
 */
export function createMemoryBus(options: { onHandlerError?: BusErrorHandler } = {}): Bus {
  const deliver = handlerDelivery(options.onHandlerError);
  const channels = new Map<string, Set<BusHandler>>();

  async function publish(channel: string, message: string): Promise<number> {
    const handlers = channels.get(channel);
    // In-process there is one instance: this one.
    if (!handlers || handlers.size === 0) return 0;
    // Snapshot: a handler added after the publish must not see this message (as in Redis).
    const targets = [...handlers];
    queueMicrotask(() => deliver(targets, channel, message));
    return 1;
  }

  return {
    publish,

    async publishIfHeard(channel, message) {
      // In-process the subscribers are known exactly: nobody here means nobody.
      if (!channels.get(channel)?.size) return 0;
      return publish(channel, message());
    },

    // In-process there is no other instance to ring.
    async ringOthers() {
      return 0;
    },

    onCatchUp() {
      return () => undefined;
    },

    async subscribe(channel, handler) {
      let handlers = channels.get(channel);
      if (!handlers) {
        handlers = new Set();
        channels.set(channel, handlers);
      }
      // A wrapper per subscription, so subscribing the same function twice gives two
      // independent subscriptions, as with the Redis adapter.
      const subscription: BusHandler = (message) => handler(message);
      handlers.add(subscription);
      return async () => {
        const current = channels.get(channel);
        if (!current?.delete(subscription)) return;
        if (current.size === 0) channels.delete(channel);
      };
    },

    // In-process delivery is never cut off.
    onResubscribed() {
      return () => undefined;
    },

    async close() {
      channels.clear();
    },
  };
}
