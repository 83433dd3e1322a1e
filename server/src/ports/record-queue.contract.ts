import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { RecordQueue } from './record-queue.ts';

/** A lease no test outlives. */
const longLease = 60_000;

/** Takes every waiting record and settles them as written. */
async function drain(queue: RecordQueue): Promise<readonly string[]> {
  const taken = await queue.take(1000, longLease);
  await taken.settle([], 1000);
  return taken.records;
}

/**
 * The behaviour every RecordQueue adapter must have. `make` is called inside each test and
 * must give a queue that shares nothing with other tests.
 */
export function recordQueueContract(name: string, make: () => Promise<RecordQueue>) {
  describe(`RecordQueue contract: ${name}`, () => {
    it('answers records oldest first, each once, and forgets those settled as written', async () => {
      const queue = await make();
      expect((await queue.take(10, longLease)).records).toEqual([]);
      await queue.push(['a', 'b'], 100);
      await queue.push(['c'], 100);
      const first = await queue.take(2, longLease);
      expect(first.records).toEqual(['a', 'b']);
      const second = await queue.take(10, longLease);
      expect(second.records).toEqual(['c']);
      await first.settle([], 100);
      await second.settle([], 100);
      expect(await drain(queue)).toEqual([]);
    });

    it('puts failed records back in front of those pushed meanwhile, in their order', async () => {
      const queue = await make();
      await queue.push(['a', 'b', 'c', 'd'], 100);
      const taken = await queue.take(3, longLease);
      await queue.push(['e'], 100);
      await taken.settle(['a', 'c'], 100);
      expect(await drain(queue)).toEqual(['a', 'c', 'd', 'e']);
    });

    it('keeps at most max, dropping the oldest and saying how many', async () => {
      const queue = await make();
      expect(await queue.push(['a', 'b'], 3)).toBe(0);
      expect(await queue.push(['c', 'd'], 3)).toBe(1);
      const taken = await queue.take(1, longLease);
      await queue.push(['e'], 3);
      expect(await taken.settle(['b'], 3)).toBe(1);
      expect(await drain(queue)).toEqual(['c', 'd', 'e']);
    });

    it('gives the records of a take never settled to a take after its lease, first', async () => {
      const queue = await make();
      await queue.push(['a', 'b', 'c'], 100);
      // Two takers that stop mid-write (the one that took first held the oldest), and one
      // still writing.
      await queue.take(1, 50);
      await queue.take(1, 80);
      const live = await queue.take(1, longLease);
      expect(live.records).toEqual(['c']);
      await queue.push(['d'], 100);
      await sleep(100);
      expect(await drain(queue)).toEqual(['a', 'b', 'd']);
      await live.settle([], 100);
      expect(await drain(queue)).toEqual([]);
    });

    it('does nothing when settled after its lease ended and a take put its records back', async () => {
      const queue = await make();
      await queue.push(['a', 'b'], 100);
      const slow = await queue.take(2, 30);
      await sleep(60);
      const next = await queue.take(10, longLease);
      expect(next.records).toEqual(['a', 'b']);
      expect(await slow.settle(['a'], 100)).toBe(0);
      await next.settle([], 100);
      expect(await drain(queue)).toEqual([]);
    });

    it('keeps records as they were written, whatever they hold', async () => {
      const queue = await make();
      const record = JSON.stringify({ text: 'ünïcode, "quotes", \\ and\nlines', n: 1.5 });
      await queue.push([record, ''], 100);
      expect(await drain(queue)).toEqual([record, '']);
    });
  });
}
