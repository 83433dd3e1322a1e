import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryBus } from '../ports/bus-memory.ts';
import { type Conduit, createRelayHub, subscriptionLingerMs } from './relay-hub.ts';

const conduit: Conduit = {
  terminalId: 't1',
  platform: 'mt4',
  push: () => true,
  resync: async () => undefined,
};

/** How many instances hear the licence's channel (the message is this instance's own: ignored). */
const listeners = (bus: ReturnType<typeof createMemoryBus>) =>
  bus.publish('relay:u1', JSON.stringify({ origin: 'a' }));

describe('relay hub subscriptions', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps a licence subscribed between one poll and the next, and lets go once it stays away', async () => {
    const bus = createMemoryBus();
    const subscribe = vi.spyOn(bus, 'subscribe');
    const hub = createRelayHub({
      bus,
      instanceId: 'a',
      now: Date.now,
      onBusError: (err) => {
        throw err;
      },
    });

    // A long-poll EA: registered while its poll is held, gone at the answer, back at once.
    for (let poll = 0; poll < 3; poll++) {
      const leave = await hub.register('u1', conduit);
      leave();
      await vi.advanceTimersByTimeAsync(10);
    }
    expect(subscribe).toHaveBeenCalledTimes(1);
    expect(await listeners(bus)).toBe(1);

    await vi.advanceTimersByTimeAsync(subscriptionLingerMs);
    expect(await listeners(bus)).toBe(0);
    await hub.close();
  });
});
