import { describe, expect, it } from 'vitest';
import type { RecordQueue } from './record-queue.ts';

/**
 * The behaviour every RecordQueue adapter must have. `make` is called inside each test and
 * must give a queue that shares nothing with other tests.
 */
export function recordQueueContract(name: string, make: () => Promise<RecordQueue>) {
  describe(`RecordQueue contract: ${name}`, () => {
    it('answers records oldest first, each once', async () => {
      const queue = await make();
      expect(await queue.take(10)).toEqual([]);
      await queue.push(['a', 'b'], 100);
      await queue.push(['c'], 100);
      expect(await queue.take(2)).toEqual(['a', 'b']);
      expect(await queue.take(10)).toEqual(['c']);
      expect(await queue.take(10)).toEqual([]);
    });

    it('puts records back in front of those pushed meanwhile, in their order', async () => {
      const queue = await make();
      await queue.push(['a', 'b', 'c'], 100);
      const taken = await queue.take(2);
      await queue.push(['d'], 100);
      await queue.putBack(taken, 100);
      expect(await queue.take(10)).toEqual(['a', 'b', 'c', 'd']);
    });

    it('keeps at most max, dropping the oldest and saying how many', async () => {
      const queue = await make();
      expect(await queue.push(['a', 'b'], 3)).toBe(0);
      expect(await queue.push(['c', 'd'], 3)).toBe(1);
      expect(await queue.putBack(['z'], 3)).toBe(1);
      expect(await queue.take(10)).toEqual(['b', 'c', 'd']);
    });

    it('keeps records as they were written, whatever they hold', async () => {
      const queue = await make();
      const record = JSON.stringify({ text: 'ünïcode, "quotes", \\ and\nlines', n: 1.5 });
      await queue.push([record, ''], 100);
      expect(await queue.take(10)).toEqual([record, '']);
    });
  });
}
