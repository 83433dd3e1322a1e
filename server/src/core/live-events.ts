import type { Bus } from '../ports/bus.ts';
import type { SignalView } from './signal-view.ts';

/**
 * Events for a signed-in user's dashboard, published on the bus so that whichever instance
 * holds the browser's /api/live socket forwards them. Lossy by design: the dashboard refetches
 * over REST when its socket reconnects.
 */
export type LiveEvent =
  | { type: 'signal'; signal: SignalView }
  | { type: 'ea'; connected: boolean; lastConnected: number | null }
  | { type: 'quota'; used: number; limit: number; remaining: number; resetsAt: number }
  | { type: 'orders'; changed: number }
  /** A terminal's health or refusals changed: the dashboard reloads its terminal list. */
  | { type: 'terminals' };

export const liveChannel = (userId: string) => `live:${userId}`;

/**
 * Publishes a user's dashboard event. While no dashboard of that user listens anywhere, the
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
