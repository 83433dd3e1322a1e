import type { LiveEvent } from '@signalrelay/contracts/live';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { SignalRow } from '../../core/signal-rows.ts';
import { signalEvent } from '../../core/signal-view.ts';
import type { Db } from '../../db/db.ts';
import { createMemoryBus } from '../../ports/bus-memory.ts';
import type { Jobs } from '../../ports/jobs.ts';
import { createNotifier, observedBy } from './notifications-notifier.ts';

/** A database that counts the reads made through it, each answered by `answer`. */
function countingDb(answer: () => Promise<unknown[]>) {
  const counted = { reads: 0, db: {} as Db };
  counted.db = {
    select: () => {
      counted.reads++;
      return { from: () => ({ where: answer }) };
    },
  } as unknown as Db;
  return counted;
}

/** Postgres stalled: no read ever answers. */
const stalled = () => countingDb(() => new Promise(() => {}));

function notifierOn(db: Db, jobs = {} as Jobs) {
  return createNotifier({
    db,
    jobs,
    bus: createMemoryBus({ onHandlerError: () => {} }),
    now: Date.now,
    logger: pino({ level: 'silent' }),
  });
}

const eaGone = { type: 'ea', connected: false, lastConnected: 1 } as const;

const failedSignal = {
  type: 'signal',
  signal: { id: 's1', status: 'failed', isTest: false, symbol: 'EURUSD' },
} as unknown as LiveEvent;

describe('the notifier on the request path', () => {
  it('returns at once and publishes first, even when the settings cannot be read', () => {
    const scheduled: string[] = [];
    const jobs = { schedule: async (name: string) => void scheduled.push(name) } as unknown as Jobs;
    const notifier = notifierOn(stalled().db, jobs);
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
    const database = stalled();
    const notifier = notifierOn(database.db);
    notifier.observe('u', { type: 'orders', changed: 1 });
    notifier.observe('u', { type: 'quota', used: 10, limit: 100, remaining: 90, resetsAt: 1 });
    notifier.observe('u', {
      type: 'signal',
      signal: { id: 's', status: 'success', isTest: false },
    } as unknown as LiveEvent);
    notifier.observe('u', { type: 'ea', connected: true, lastConnected: 1 });
    expect(database.reads).toBe(0);
  });

  it('reads few users’ settings at once, so a mass disconnect leaves the database to the alerts', async () => {
    const database = stalled();
    const notifier = notifierOn(database.db);
    for (let i = 0; i < 1000; i++) notifier.observe(`user-${i}`, eaGone);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(database.reads).toBe(4);
  });

  it('reads and enqueues nothing once stopped, not even what was waiting for a read', async () => {
    const database = countingDb(async () => []);
    const notifier = notifierOn(database.db);
    for (let i = 0; i < 100; i++) notifier.observe(`user-${i}`, eaGone);
    notifier.stop();
    notifier.observe('user-late', eaGone);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(database.reads).toBe(4);
  });

  it('leaves a signal event unbuilt when no notification is about it, and builds a failed one', () => {
    const observed: string[] = [];
    const notifier = notifierOn(stalled().db);
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
