import type { Redis } from 'ioredis';
import {
  type Bus,
  type BusErrorHandler,
  type BusHandler,
  consoleBusErrorHandler,
  deliver,
} from './bus.ts';

type Channel = {
  handlers: Set<BusHandler>;
  /** Settles when the SUBSCRIBE for this channel has been answered. */
  ready: Promise<unknown>;
};

/**
 * Redis pub/sub. `publisher` is the shared request-path connection (PUBLISH is one cheap
 * command on the hot path); `subscriber` is dedicated, because a subscribed connection can
 * run nothing else. Each channel is subscribed once however many local handlers it has, and
 * unsubscribed when the last one leaves. ioredis re-subscribes by itself after a reconnect.
 *
 * `prefix` namespaces channels (ioredis `keyPrefix` applies to keys, not to channels), so
 * tests and several deployments can share one Redis.
 */
export function createRedisBus(options: {
  publisher: Redis;
  subscriber: Redis;
  prefix?: string;
  onHandlerError?: BusErrorHandler;
}): Bus {
  const { publisher, subscriber, prefix = '' } = options;
  const onHandlerError = options.onHandlerError ?? consoleBusErrorHandler;
  const channels = new Map<string, Channel>();

  const onMessage = (redisChannel: string, message: string) => {
    const channel = channels.get(redisChannel);
    if (channel)
      deliver(channel.handlers, redisChannel.slice(prefix.length), message, onHandlerError);
  };
  subscriber.on('message', onMessage);

  // ioredis re-subscribes by itself after a reconnect, but messages published while the
  // connection was down (or before the SUBSCRIBE reached Redis) are lost.
  const resubscribedListeners = new Set<() => void>();
  let lost = false;
  const onClose = () => {
    lost = true;
  };
  const onReady = () => {
    if (!lost) return;
    lost = false;
    // 'ready' is emitted just before ioredis writes the re-SUBSCRIBE; a PING written after it
    // answers once Redis has processed it, i.e. once new messages reach us again.
    setImmediate(() => {
      subscriber
        .ping()
        .then(() => {
          for (const listener of resubscribedListeners) listener();
        })
        .catch(() => {
          // Lost again before the PING came back: the next 'ready' retries.
          lost = true;
        });
    });
  };
  subscriber.on('close', onClose);
  subscriber.on('ready', onReady);

  async function unsubscribe(redisChannel: string, channel: Channel, handler: BusHandler) {
    if (!channel.handlers.delete(handler) || channel.handlers.size > 0) return;
    if (channels.get(redisChannel) !== channel) return;
    channels.delete(redisChannel);
    // Commands on one connection run in order, so a SUBSCRIBE issued after this one by a
    // new handler still wins.
    await subscriber.unsubscribe(redisChannel);
  }

  return {
    async publish(channel, message) {
      return publisher.publish(prefix + channel, message);
    },

    async subscribe(channel, handler) {
      const redisChannel = prefix + channel;
      // A wrapper per subscription: the same function subscribed twice is two subscriptions.
      const subscription: BusHandler = (message) => handler(message);
      let entry = channels.get(redisChannel);
      if (!entry) {
        entry = { handlers: new Set(), ready: subscriber.subscribe(redisChannel) };
        channels.set(redisChannel, entry);
      }
      entry.handlers.add(subscription);
      const current = entry;
      try {
        await current.ready;
      } catch (err) {
        await unsubscribe(redisChannel, current, subscription).catch(() => {});
        throw err;
      }
      return () => unsubscribe(redisChannel, current, subscription);
    },

    onResubscribed(listener) {
      resubscribedListeners.add(listener);
      return () => resubscribedListeners.delete(listener);
    },

    async close() {
      subscriber.off('message', onMessage);
      subscriber.off('close', onClose);
      subscriber.off('ready', onReady);
      resubscribedListeners.clear();
      const subscribed = [...channels.keys()];
      channels.clear();
      if (subscribed.length > 0 && subscriber.status === 'ready') {
        await subscriber.unsubscribe(...subscribed);
      }
    },
  };
}
