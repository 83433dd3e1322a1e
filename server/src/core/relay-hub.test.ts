import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { wireSignal } from '../../../bridge/test/ea-harness.ts';
import { sleep, until } from '../../../bridge/test/wait.ts';
import { openRedisBus } from '../../test/redis-bus.ts';
import { testRelayHub } from '../../test/relay-hub.ts';
import { deleteRedisPrefix, uniquePrefix } from '../../test/services.ts';
import { createMemoryBus } from '../ports/bus-memory.ts';
import { type Conduit, createRelayHub, subscriptionLingerMs } from './relay-hub.ts';

const conduit: Conduit = {
  terminalId: 't1',
  platform: 'mt4',
  account: '5012345',
  protocol: 2,
  push: () => true,
  resync: async () => undefined,
};

/** How many instances hear the license's channel (the message is this instance's own: ignored). */
const listeners = (bus: ReturnType<typeof createMemoryBus>) =>
  bus.publish('relay:u1', JSON.stringify({ origin: 'a', item: null }));

/** Two instances' hubs on Redis, each with a bus of its own: instances of one deployment. */
async function twoInstances() {
  const prefix = uniquePrefix();
  onTestFinished(() => deleteRedisPrefix(prefix));
  const [a, b] = await Promise.all([openRedisBus(prefix), openRedisBus(prefix)]);
  return [
    { ...a, hub: testRelayHub(a.bus, 'a') },
    { ...b, hub: testRelayHub(b.bus, 'b') },
  ] as const;
}

const signalFor = (userId: string) => ({
  userId,
  platform: null,
  account: null,
  minProtocol: 1,
  expiresAt: Date.now() + 30_000,
  signal: wireSignal({ id: 's1', lot: 0.1 }),
});

describe('relay hub subscriptions', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps a license subscribed between one poll and the next, and lets go once it stays away', async () => {
    const bus = createMemoryBus();
    const subscribe = vi.spyOn(bus, 'subscribe');
    const hub = testRelayHub(bus);

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

  it('pushes a signal once to a terminal here, and to one on another instance', async () => {
    vi.useRealTimers();
    const [a, b] = await twoInstances();
    const pushes: string[] = [];
    const terminal = (name: string): Conduit => ({
      ...conduit,
      push: () => pushes.push(name) > 0,
    });
    await a.hub.register('u1', terminal('on a'));
    await b.hub.register('u1', terminal('on b'));

    expect(await a.hub.dispatch(signalFor('u1'))).toBe(true);
    await until(() => pushes.length === 2, 2000, 'both pushes');
    expect(pushes.sort()).toEqual(['on a', 'on b']);
    await Promise.all([a.hub.close(), b.hub.close()]);
  });

  it('has a terminal on an instance whose subscription it had not heard of catch up', async () => {
    vi.useRealTimers();
    const [a, b] = await twoInstances();
    const events: string[] = [];
    await a.hub.register('u1', conduit);
    // Its own announcement heard (a message published after it has come back), a's first
    // doorbell tells it that no other instance listens.
    const marker = new Promise<void>((resolve) => {
      void a.bus.subscribe('marker', () => resolve()).then(() => a.bus.publish('marker', 'm'));
    });
    await marker;
    await a.hub.dispatch(signalFor('u1'));
    // a reads nothing from Redis for a while: b's announcement waits in its socket, and a
    // skips the next doorbell.
    a.subscriber.stream.pause();
    onTestFinished(() => {
      a.subscriber.stream.resume();
    });
    await b.hub.register('u1', {
      ...conduit,
      terminalId: 'on b',
      push: () => events.push('pushed') > 0,
      resync: async () => {
        events.push('caught up');
      },
    });
    expect(await a.hub.dispatch(signalFor('u1'))).toBe(true);
    await sleep(50);
    expect(events).toEqual([]);
    a.subscriber.stream.resume();
    await until(() => events.length > 0, 2000, 'b to catch up');
    expect(events).toEqual(['caught up']);
    await Promise.all([a.hub.close(), b.hub.close()]);
  });

  it('answers at once when a terminal here took the signal, without waiting for the bus', async () => {
    vi.useRealTimers();
    const bus = createMemoryBus();
    // A bus that answers a publish only when told to: Redis slow or away.
    let answerPublish: (receivers: number) => void = () => undefined;
    vi.spyOn(bus, 'ringOthers').mockImplementation(
      () => new Promise<number>((resolve) => (answerPublish = resolve)),
    );
    const hub = createRelayHub({ bus, instanceId: 'a', now: Date.now, onBusError: () => {} });
    await hub.register('u1', conduit);

    let answered: boolean | null = null;
    void hub.dispatch(signalFor('u1')).then((delivered) => (answered = delivered));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(answered).toBe(true);

    // Nobody here: only the bus can say whether another instance holds a terminal.
    answered = null;
    void hub.dispatch(signalFor('u2')).then((delivered) => (answered = delivered));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(answered).toBeNull();
    answerPublish(1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(answered).toBe(true);
    await hub.close();
  });
});

describe('relay hub catch-up', () => {
  it('has only the terminals here a waiting signal is for catch up, each once, whatever their protocol', async () => {
    const hub = testRelayHub();
    const resynced: string[] = [];
    const terminal = (terminalId: string, own: Partial<Conduit>): Conduit => ({
      ...conduit,
      ...own,
      terminalId,
      resync: async () => {
        resynced.push(terminalId);
      },
    });
    await hub.register('u1', terminal('mt4 5012345', {}));
    await hub.register('u1', terminal('mt5 5012345, v1', { platform: 'mt5', protocol: 1 }));
    await hub.register('u1', terminal('mt4 7000001', { account: '7000001' }));
    await hub.register('u2', terminal('another license', {}));

    await hub.resync([
      { userId: 'u1', platform: null, account: '5012345' },
      { userId: 'u1', platform: 'mt4', account: '5012345' },
    ]);
    expect(resynced.sort()).toEqual(['mt4 5012345', 'mt5 5012345, v1']);

    resynced.length = 0;
    await hub.resync([{ userId: 'u1', platform: 'mt5', account: '7000001' }]);
    expect(resynced).toEqual([]);
    await hub.close();
  });
});
