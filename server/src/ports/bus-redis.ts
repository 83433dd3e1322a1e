import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { type Bus, type BusErrorHandler, type BusHandler, handlerDelivery } from './bus.ts';
import { createAloneChannels } from './bus-redis-alone.ts';
import { redisBatches } from './redis-batches.ts';

/**
 * How long a channel whose last `publishIfHeard` reached nobody stays silent. Subscriptions
 * end the silence at once (see `subscribedChannel`); this bounds it should that news be lost.
 */
export const quietForMs = 5000;
/** Past this many silent channels, the expired ones are swept. */
const maxQuietChannels = 50_000;
/** Announced by an instance whose subscriber is back: every one of its channels. */
const everyChannel = '*';
const announceRetryMs = 1000;

type Channel = {
  handlers: Set<BusHandler>;
  /** Settles when the SUBSCRIBE for this channel has been answered and announced. */
  ready: Promise<unknown>;
  /** Whether it has, successfully: this instance counts among the channel's subscribers. */
  subscribed: boolean;
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
  const deliver = handlerDelivery(options.onHandlerError);
  // Each stored signal rings its license's channel, each dashboard event its user's. Urgent:
  // behind two instances the doorbell is on the signal's way to its EA, and waiting for the
  // turn's other callbacks and for the request path's batches in flight (quota counts) held
  // it 1.1 ms at the 90th percentile in `balanced` (load-tests/RESULTS.md, 2026-12-01).
  const send = redisBatches(publisher, { urgent: true });
  const publish = (channel: string, message: string) =>
    send<number>((target) => target.publish(prefix + channel, message));
  const channels = new Map<string, Channel>();

  /**
   * Silent channels (by name without prefix): their last `publishIfHeard` reached nobody, so
   * further ones are not even built until a subscription anywhere, or the time-out, ends it.
   * Every instance announces its new subscriptions on `subscribedChannel`; `heardOf` counts
   * those, so that a "nobody" answer racing with an announcement is not believed.
   */
  const quietUntil = new Map<string, number>();
  const subscribedChannel = `${prefix}bus:subscribed`;
  let heardOf = 0;
  /** Whether announcements reach us now (the control channel is subscribed and up). */
  let hearing = false;
  function hear(channel: string) {
    heardOf++;
    if (channel === everyChannel) {
      quietUntil.clear();
      alone.heard(null);
    } else {
      quietUntil.delete(channel);
      alone.heard(channel);
    }
  }
  function quiet(channel: string) {
    if (quietUntil.size >= maxQuietChannels) {
      const t = Date.now();
      for (const [name, until] of quietUntil) if (until <= t) quietUntil.delete(name);
    }
    quietUntil.set(channel, Date.now() + quietForMs);
  }

  /** Every instance but this one catches up on `channel` if it subscribes to it. */
  const catchUpChannel = `${prefix}bus:catch-up`;
  const ownToken = `${randomUUID()} `;
  const catchUpListeners = new Set<(channel: string) => void>();
  function askCatchUp(channel: string) {
    publisher.publish(catchUpChannel, ownToken + channel).catch((err: unknown) =>
      // Redis is failing: the other instances' subscriptions are cut off too, and catch up
      // on everything once they are back (`onResubscribed`).
      options.onHandlerError?.(err, 'bus:catch-up'),
    );
  }
  function caughtUpAsked(message: string) {
    if (message.startsWith(ownToken)) return;
    const channel = message.slice(message.indexOf(' ') + 1);
    if (!channels.has(prefix + channel)) return;
    for (const listener of catchUpListeners) listener(channel);
  }
  const alone = createAloneChannels({ subscriber, askCatchUp });

  const onMessage = (redisChannel: string, message: string) => {
    if (redisChannel === subscribedChannel) return hear(message);
    if (redisChannel === catchUpChannel) return caughtUpAsked(message);
    const channel = channels.get(redisChannel);
    if (channel) deliver(channel.handlers, redisChannel.slice(prefix.length), message);
  };
  subscriber.on('message', onMessage);

  // ioredis re-subscribes by itself after a reconnect, but messages published while the
  // connection was down (or before the SUBSCRIBE reached Redis) are lost.
  const resubscribedListeners = new Set<() => void>();
  let lost = false;
  let cutOffs = 0;
  let closed = false;
  const onClose = () => {
    lost = true;
    cutOffs++;
    // Announcements published while we are cut off are lost: believe no silence until back.
    hearing = false;
    quietUntil.clear();
    alone.cutOff();
  };
  const onReady = () => {
    if (!lost) return;
    lost = false;
    // 'ready' is emitted just before ioredis writes the re-SUBSCRIBE; a PING written after it
    // answers once Redis has processed it, i.e. once new messages reach us again.
    setImmediate(() => {
      subscriber.ping().then(
        () => {
          hearing = true;
          alone.back();
          return announceResubscribed();
        },
        () => {
          // Lost again before the PING came back: the next 'ready' retries.
          lost = true;
        },
      );
    });
  };
  /**
   * Our subscriptions are back, unannounced: while we were away another instance may have
   * found no other subscriber on them and be skipping their doorbells (`ringOthers`). One
   * announcement stands for them all; our listeners catch up once it is made, so that
   * anything skipped after they read is caught up again when it is heard.
   */
  async function announceResubscribed() {
    const cutOffsBefore = cutOffs;
    while (cutOffs === cutOffsBefore && !closed) {
      try {
        await publisher.publish(subscribedChannel, everyChannel);
        break;
      } catch (err) {
        options.onHandlerError?.(err, 'bus:subscribed');
        await publisherBack();
      }
    }
    if (cutOffs !== cutOffsBefore || closed) return;
    for (const listener of resubscribedListeners) listener();
  }
  /**
   * Resolves once the publisher is ready again (cut off with the subscriber, it usually comes
   * back a moment after it), or after `announceRetryMs` at most.
   */
  function publisherBack(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        publisher.off('ready', done);
        resolve();
      };
      const timer = setTimeout(done, announceRetryMs);
      publisher.once('ready', done);
    });
  }
  subscriber.on('close', onClose);
  subscriber.on('ready', onReady);
  subscriber.subscribe(subscribedChannel, catchUpChannel).then(
    () => {
      hearing = !lost;
    },
    () => undefined,
  );

  async function unsubscribe(redisChannel: string, channel: Channel, handler: BusHandler) {
    if (!channel.handlers.delete(handler) || channel.handlers.size > 0) return;
    if (channels.get(redisChannel) !== channel) return;
    channels.delete(redisChannel);
    alone.left(redisChannel.slice(prefix.length));
    // Commands on one connection run in order, so a SUBSCRIBE issued after this one by a
    // new handler still wins.
    await subscriber.unsubscribe(redisChannel);
  }

  return {
    publish,

    async publishIfHeard(channel, message) {
      const until = quietUntil.get(channel);
      if (until !== undefined) {
        if (until > Date.now()) return 0;
        quietUntil.delete(channel);
      }
      const before = heardOf;
      const receivers = await publish(channel, message());
      // Believed only if no subscription was announced meanwhile (it may be this channel's).
      if (receivers === 0 && hearing && heardOf === before) quiet(channel);
      return receivers;
    },

    async ringOthers(channel, message) {
      const redisChannel = prefix + channel;
      const entry = channels.get(redisChannel);
      if (entry?.subscribed && hearing && alone.isAlone(channel)) {
        alone.skip(channel);
        return 0;
      }
      const before = heardOf;
      const counted = entry?.subscribed === true && hearing;
      const receivers = await publish(channel, message);
      const self = channels.has(redisChannel) ? 1 : 0;
      // Believed only if we were among the receivers throughout (subscribed when it was sent,
      // not unsubscribed since) and no subscription was announced meanwhile.
      if (receivers === 1 && counted && channels.get(redisChannel) === entry && hearing) {
        if (heardOf === before) alone.believeAlone(channel);
      }
      return Math.max(0, receivers - self);
    },

    onCatchUp(listener) {
      catchUpListeners.add(listener);
      return () => catchUpListeners.delete(listener);
    },

    async subscribe(channel, handler) {
      const redisChannel = prefix + channel;
      // A wrapper per subscription: the same function subscribed twice is two subscriptions.
      const subscription: BusHandler = (message) => handler(message);
      let entry = channels.get(redisChannel);
      if (!entry) {
        const created: Channel = {
          handlers: new Set(),
          // Every instance (this one included) stops skipping this channel's `publishIfHeard`
          // and `ringOthers` before it is ready: Redis hands a message to subscribers before
          // answering its PUBLISH. Unannounced, the subscription fails: another instance
          // could go on skipping its doorbells.
          ready: subscriber
            .subscribe(redisChannel)
            .then(() => publisher.publish(subscribedChannel, channel)),
          subscribed: false,
        };
        created.ready.then(
          () => {
            created.subscribed = true;
          },
          () => undefined,
        );
        entry = created;
        channels.set(redisChannel, entry);
      }
      entry.handlers.add(subscription);
      hear(channel);
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
      closed = true;
      subscriber.off('message', onMessage);
      subscriber.off('close', onClose);
      subscriber.off('ready', onReady);
      resubscribedListeners.clear();
      catchUpListeners.clear();
      hearing = false;
      quietUntil.clear();
      alone.close();
      const subscribed = [subscribedChannel, catchUpChannel, ...channels.keys()];
      channels.clear();
      if (subscribed.length > 0 && subscriber.status === 'ready') {
        await subscriber.unsubscribe(...subscribed);
      }
    },
  };
}
