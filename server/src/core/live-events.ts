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
  | { type: 'terminals' }
  /** A setup step was recorded on another device (the licence copied): reload the checklist. */
  | { type: 'setup' };

export const liveChannel = (userId: string) => `live:${userId}`;

export function createLivePublisher(bus: Bus, onError: (err: unknown) => void) {
  return (userId: string, event: LiveEvent) => {
    bus.publish(liveChannel(userId), JSON.stringify(event)).catch(onError);
  };
}
export type PublishLive = ReturnType<typeof createLivePublisher>;
