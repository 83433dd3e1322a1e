/**
 * Publish/subscribe by channel, used to fan events out across server instances (a signal
 * received by instance A reaching an EA held by instance B; live dashboard events).
 * At-most-once: a message published while a subscriber reconnects may be lost, so callers
 * treat a message as a doorbell and keep the truth in Postgres.
 * Delivery is always asynchronous (never inside `publish`), in publish order per channel.
 */
export type BusHandler = (message: string) => void;

/** Where a throwing handler is reported; it never stops delivery to the other handlers. */
export type BusErrorHandler = (err: unknown, channel: string) => void;

export interface Bus {
  /**
   * Resolves to the number of subscribers (server instances) the message went to, 0 when
   * nobody listens on the channel.
   */
  publish(channel: string, message: string): Promise<number>;
  /**
   * For messages nobody has to receive (dashboard events): publishes `message()` unless this
   * channel is known to have no subscriber on any instance, in which case the message is not
   * even built and the answer is 0. An instance that subscribes makes the channel heard again
   * before its `subscribe` resolves, on every instance.
   */
  publishIfHeard(channel: string, message: () => string): Promise<number>;
  /**
   * For doorbells that must reach every other instance subscribed to `channel` (a signal for
   * terminals they hold), from an instance that may hold some itself. Resolves to the number
   * of other instances it went to. While this instance knows itself to be the channel's only
   * subscriber, nothing is sent: hearing back its own message cost 5 % of a lone instance's
   * CPU (load-tests/RESULTS.md, thirty-eighth session). Should another have subscribed before
   * that knowledge caught up, it is asked to catch up (`onCatchUp`) once its announcement is
   * heard.
   */
  ringOthers(channel: string, message: string): Promise<number>;
  /**
   * Calls `listener` with a channel this instance subscribes to whose doorbells another
   * instance skipped (`ringOthers`) when this one had already subscribed: whatever they rang
   * for is in the source of truth only. Returns a function that removes the listener.
   */
  onCatchUp(listener: (channel: string) => void): () => void;
  /** Resolves once the subscription is active; the returned function unsubscribes this handler. */
  subscribe(channel: string, handler: BusHandler): Promise<() => Promise<void>>;
  /**
   * Calls `listener` each time the subscriptions are active again after the connection to
   * the broker was lost: whatever was published meanwhile is gone, so listeners catch up from
   * the source of truth. Returns a function that removes the listener.
   */
  onResubscribed(listener: () => void): () => void;
  close(): Promise<void>;
}

const consoleBusErrorHandler: BusErrorHandler = (err, channel) => {
  console.error(`bus handler for ${channel} failed`, err);
};

/**
 * A function that calls every handler, isolating them from each other's exceptions, which go
 * to `onHandlerError` (the console when none is given).
 */
export function handlerDelivery(onHandlerError: BusErrorHandler = consoleBusErrorHandler) {
  return (handlers: Iterable<BusHandler>, channel: string, message: string) => {
    for (const handler of handlers) {
      try {
        handler(message);
      } catch (err) {
        onHandlerError(err, channel);
      }
    }
  };
}
