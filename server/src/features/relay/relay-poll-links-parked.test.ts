import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { wireSignal } from '../../../../bridge/test/ea-harness.ts';
import { testRelayHub } from '../../../test/relay-hub.ts';
import { createPollLinks, parkedForMs } from './relay-poll-links.ts';
import type { RelayTerminal } from './relay-terminals.ts';

const terminal = {
  id: 't1',
  userId: 'u1',
  platform: 'mt4',
  account: '5012345',
  protocol: 2,
  delivery: { transport: 'poll' },
} as unknown as RelayTerminal;

const item = (id: string) => ({
  userId: 'u1',
  platform: null,
  account: null,
  minProtocol: 1,
  expiresAt: Date.now() + 60_000,
  signal: wireSignal({ id, lot: 0.1 }),
});

describe('a long-poll link (fake clock, the in-process bus)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setUp() {
    const hub = testRelayHub();
    return { hub, links: createPollLinks({ hub, now: Date.now }) };
  }

  it('wakes its poll and reads Postgres again once told that doorbells were lost', async () => {
    const { hub, links } = setUp();
    const first = await links.hold(terminal, 'i1', new Set(), () => undefined);
    expect(first.whole).toBe(false);
    links.read(first, true, first.resyncs);
    links.park(first, ['s0']);
    let woken = 0;
    const held = await links.hold(terminal, 'i1', new Set(['s0']), () => woken++);
    expect(held).toBe(first);
    expect(held.whole).toBe(true);

    // A read that was under way when the doorbells were lost does not make it whole again.
    const resyncs = held.resyncs;
    await hub.resync([{ userId: 'u1', platform: null, account: null }]);
    expect(woken).toBe(1);
    links.read(held, true, resyncs);
    expect(held.whole).toBe(false);
    links.park(held, ['s1']);
    const next = await links.hold(terminal, 'i1', new Set(['s1']), () => undefined);
    expect(next).not.toBe(first);
    expect(next.whole).toBe(false);
    expect(first.state).toBe('closed');
    expect(hub.localCount('u1')).toBe(1);
  });

  it('keeps what it is pushed while parked, for the same EA instance only, until parkedForMs', async () => {
    const { hub, links } = setUp();
    const link = await links.hold(terminal, 'i1', new Set(), () => undefined);
    links.read(link, true, link.resyncs);
    links.park(link, ['s0']);
    expect(await hub.dispatch(item('s1'))).toBe(true);
    expect(link.kept.map((k) => k.signal.id)).toEqual(['s1']);

    // Another instance of the EA (a second copy on the terminal) does not take it over.
    const other = await links.hold(terminal, 'i2', new Set(['s0']), () => undefined);
    expect(other).not.toBe(link);
    links.close(other);

    const again = await links.hold(terminal, 'i1', new Set(['s0']), () => undefined);
    expect(again).toBe(link);
    expect(links.take(again).map((s) => s.id)).toEqual(['s1']);
    links.park(again, ['s1']);
    await vi.advanceTimersByTimeAsync(parkedForMs);
    expect(again.state).toBe('closed');
    expect(hub.localCount('u1')).toBe(0);
    expect(await hub.dispatch(item('s2'))).toBe(false);
  });
});
