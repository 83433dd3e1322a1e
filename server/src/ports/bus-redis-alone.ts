import type { Redis } from 'ioredis';

/** How soon skipped doorbells are settled (see `settle`). */
export const settleSkippedAfterMs = 1000;

/**
 * What the Redis bus knows of being the only instance subscribed to a channel, for
 * `Bus.ringOthers`: the channels whose doorbells it skips, and the doorbells it skipped.
 *
 * A channel is believed alone when a doorbell on it reached only this instance, while it heard
 * announcements, and none was announced meanwhile; the belief ends when any instance's
 * subscription to it is announced (`heard`), or when this instance's subscriber is cut off.
 *
 * An instance may subscribe and read the source of truth before a skipped signal was stored,
 * its announcement not yet read from our subscriber connection. So a skipped channel is kept
 * until a PING written after the skip is answered on that connection (every announcement Redis
 * took before the skip has then been heard); hearing an announcement of it before that, or
 * coming back from a cut-off that may have lost one, we have the others catch up on it
 * (`askCatchUp`).
 */
export function createAloneChannels({
  subscriber,
  askCatchUp,
}: {
  subscriber: Redis;
  askCatchUp: (channel: string) => void;
}) {
  const alone = new Set<string>();
  /** Skipped channels, by the settling round they were skipped in. */
  const skipped = new Map<string, number>();
  let round = 0;
  let timer: NodeJS.Timeout | undefined;
  let cutOffs = 0;

  function settle() {
    timer = undefined;
    const settling = round++;
    const cutOffsBefore = cutOffs;
    subscriber.ping().then(
      () => {
        // Cut off meanwhile, this PING may have gone on the new connection: the entries stay
        // until we are back (`back`).
        if (cutOffs !== cutOffsBefore) return;
        for (const [channel, skippedIn] of skipped)
          if (skippedIn <= settling) skipped.delete(channel);
        if (skipped.size > 0) scheduleSettling();
      },
      () => undefined,
    );
  }
  function scheduleSettling() {
    timer ??= setTimeout(settle, settleSkippedAfterMs);
    timer.unref();
  }
  function catchUpAll() {
    for (const channel of skipped.keys()) askCatchUp(channel);
    skipped.clear();
  }

  return {
    isAlone: (channel: string) => alone.has(channel),
    believeAlone(channel: string) {
      alone.add(channel);
    },
    /** A doorbell on `channel` was not sent. */
    skip(channel: string) {
      skipped.set(channel, round);
      scheduleSettling();
    },
    /** Some instance's subscription to `channel` (null: to all its channels) was announced. */
    heard(channel: string | null) {
      if (channel === null) {
        alone.clear();
        catchUpAll();
        return;
      }
      alone.delete(channel);
      if (skipped.delete(channel)) askCatchUp(channel);
    },
    /** This instance no longer subscribes to `channel`. */
    left(channel: string) {
      alone.delete(channel);
    },
    /** Our subscriber was cut off: announcements made meanwhile are lost. */
    cutOff() {
      cutOffs++;
      alone.clear();
    },
    /** Our subscriber hears again: what we skipped may have had its announcement lost. */
    back: catchUpAll,
    close() {
      clearTimeout(timer);
      alone.clear();
      skipped.clear();
    },
  };
}
