import type { LiveEvent } from '@signalrelay/contracts/live';
import type { Bus } from '../ports/bus.ts';

export const liveChannel = (userId: string) => `live:${userId}`;

/**
 * Publishes a user's dashboard event (contracts/live) on the bus, so that whichever instance
 * holds the browser's /api/live socket forwards it. While no dashboard of that user listens anywhere, the
 * event is neither built (pass a function to build it only when needed) nor sent.
 */
export function createLivePublisher(bus: Bus, onError: (err: unknown) => void) {
  return (userId: string, event: LiveEvent | (() => LiveEvent)) => {
    bus
      .publishIfHeard(liveChannel(userId), () =>
        JSON.stringify(typeof event === 'function' ? event() : event),
      )
      .catch(onError);
  };
}
export type PublishLive = ReturnType<typeof createLivePublisher>;

/**
 * A signal's dashboard event, built only when needed, that names the facts a watcher of every
 * event (the notifier) decides on, so that it need not build the event to ignore it.
 */
export type LazySignalEvent = (() => LiveEvent) & {
  signal: { status: string; isTest: boolean };
};

export function isLazySignal(event: LiveEvent | (() => LiveEvent)): event is LazySignalEvent {
  return typeof event === 'function' && 'signal' in event;
}
