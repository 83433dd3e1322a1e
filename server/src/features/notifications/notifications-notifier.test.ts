import type { LiveEvent } from '@signalrelay/contracts/live';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { SignalRow } from '../../core/signal-rows.ts';
import { signalEvent } from '../../core/signal-view.ts';
import type { Db } from '../../db/db.ts';
import { createMemoryBus } from '../../ports/bus-memory.ts';
import type { Jobs } from '../../ports/jobs.ts';
import { createNotifier, observedBy } from './notifications-notifier.ts';

/** A database whose queries never answer: Postgres stalled. */
const stalledDb = {
  select: () => ({ from: () => ({ where: () => new Promise(() => {}) }) }),
} as unknown as Db;

const failedSignal = {
  type: 'signal',
  signal: { id: 's1', status: 'failed', isTest: false, symbol: 'EURUSD' },
} as unknown as LiveEvent;

describe('the notifier on the request path', () => {
  it('returns at once and publishes first, even when the settings cannot be read', () => {
    const scheduled: string[] = [];
    const jobs = { schedule: async (name: string) => void scheduled.push(name) } as unknown as Jobs;
    const notifier = createNotifier({
      db: stalledDb,
      jobs,
      bus: createMemoryBus({ onHandlerError: () => {} }),
      now: Date.now,
      logger: pino({ level: 'silent' }),
    });
    const published: string[] = [];
    const publish = observedBy((_userId, event) => {
      published.push((typeof event === 'function' ? event() : event).type);
    }, notifier);
    const started = performance.now();
    for (let i = 0; i < 1000; i++) publish('user-1', failedSignal);
    expect(performance.now() - started).toBeLessThan(200);
    expect(published).toHaveLength(1000);
    expect(scheduled).toEqual([]);
  });

  it('ignores events no notification is about without reading anything', () => {
    let reads = 0;
    const db = {
      select: () => {
        reads++;
        return stalledDb.select();
      },
    } as unknown as Db;
    const notifier = createNotifier({
      db,
      jobs: {} as Jobs,
      bus: createMemoryBus({ onHandlerError: () => {} }),
      now: Date.now,
      logger: pino({ level: 'silent' }),
    });
    notifier.observe('u', { type: 'orders', changed: 1 });
    notifier.observe('u', { type: 'quota', used: 10, limit: 100, remaining: 90, resetsAt: 1 });
    notifier.observe('u', {
      type: 'signal',
      signal: { id: 's', status: 'success', isTest: false },
    } as unknown as LiveEvent);
    notifier.observe('u', { type: 'ea', connected: true, lastConnected: 1 });
    expect(reads).toBe(0);
  });

  it('reads few users’ settings at once, so a mass disconnect leaves the database to the alerts', async () => {
    let reads = 0;
    const db = {
      select: () => {
        reads++;
        return stalledDb.select();
      },
    } as unknown as Db;
    const notifier = createNotifier({
      db,
      jobs: {} as Jobs,
      bus: createMemoryBus({ onHandlerError: () => {} }),
      now: Date.now,
      logger: pino({ level: 'silent' }),
    });
    for (let i = 0; i < 1000; i++) {
      notifier.observe(`user-${i}`, { type: 'ea', connected: false, lastConnected: 1 });
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reads).toBe(4);
  });

  it('reads and enqueues nothing once stopped, not even what was waiting for a read', async () => {
    let reads = 0;
    const db = {
      select: () => {
        reads++;
        return { from: () => ({ where: async () => [] }) };
      },
    } as unknown as Db;
    const notifier = createNotifier({
      db,
      jobs: {} as Jobs,
      bus: createMemoryBus({ onHandlerError: () => {} }),
      now: Date.now,
      logger: pino({ level: 'silent' }),
    });
    for (let i = 0; i < 100; i++) {
      notifier.observe(`user-${i}`, { type: 'ea', connected: false, lastConnected: 1 });
    }
    notifier.stop();
    notifier.observe('user-late', { type: 'ea', connected: false, lastConnected: 1 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reads).toBe(4);
  });

  it('leaves a signal event unbuilt when no notification is about it, and builds a failed one', () => {
    const observed: string[] = [];
    const notifier = createNotifier({
      db: stalledDb,
      jobs: {} as Jobs,
      bus: createMemoryBus({ onHandlerError: () => {} }),
      now: Date.now,
      logger: pino({ level: 'silent' }),
    });
    notifier.observe = (_userId, event) => void observed.push(event.type);
    const handed: unknown[] = [];
    const publish = observedBy((_userId, event) => void handed.push(event), notifier);
    const row = (status: string) =>
      ({
        id: 's',
        status,
        isTest: false,
        receivedAt: new Date(),
        expiresAt: new Date(),
      }) as SignalRow;
    const pending = signalEvent(row('pending'));
    publish('u', pending);
    // Handed on as it came: the dashboard publisher builds it only if a dashboard listens.
    expect(handed).toEqual([pending]);
    expect(observed).toEqual([]);
    publish('u', signalEvent(row('failed')));
    expect(handed[1]).toMatchObject({ type: 'signal', signal: { status: 'failed' } });
    expect(observed).toEqual(['signal']);
  });
});
