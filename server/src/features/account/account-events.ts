import { userChangedChannel } from '../../core/user-events.ts';
import type { Bus } from '../../ports/bus.ts';

/**
 * Tells every instance that a user's license, plan or verification changed, so each drops its
 * cached license entry for that user at once (core/license-directory.ts listens): a regenerated
 * license stops working everywhere, a new verification applies to the next signal.
 */
export async function announceUserChanged(bus: Bus, userId: string): Promise<void> {
  await bus.publish(userChangedChannel, userId);
}
