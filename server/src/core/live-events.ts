import type { LiveEvent } from '@signalrelay/contracts/live';
import type { Bus } from '../ports/bus.ts';

/**
 * A signed-in user's dashboard events (contracts/live) go out on the bus, so that whichever
 * instance holds the browser's /api/live socket forwards them.
 */

export const liveChannel = (userId: string) => `live:${userId}`;

export function createLivePublisher(bus: Bus, onError: (err: unknown) => void) {
  return (userId: string, event: LiveEvent) => {
    bus.publish(liveChannel(userId), JSON.stringify(event)).catch(onError);
  };
}
export type PublishLive = ReturnType<typeof createLivePublisher>;
