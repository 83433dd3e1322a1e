import { describe, expect, it } from 'vitest';
import { gatedWrite, tick } from '../../test/gated-write.ts';
import { coalesce } from './coalesce.ts';

/** Each batch answers ten times each item, so a caller's answer shows it was its own. */
const tenTimes = (items: number[]) => items.map((n) => n * 10);

/**
 * Makes two calls from two callbacks of one phase of one turn, microtasks run between them
 * (as between two sockets' reads). Immediates, not timers: two 0 ms timers fall in different
 * turns when the clock passes a millisecond between them, which a busy machine makes happen.
 */
function fromTwoCallbacksOfOneTurn<T>(first: () => T, second: () => T): Promise<T[]> {
  const made: T[] = [];
  return new Promise((resolve) => {
    setImmediate(() => made.push(first()));
    setImmediate(() => {
      made.push(second());
      resolve(made);
    });
  });
}

describe('coalesce', () => {
  it('sends calls of one tick together, and those made while it is in flight in the next write', async () => {
    const { write, batches, openNext } = gatedWrite(tenTimes);
    const call = coalesce(write);
    const first = [call(1), call(2)];
    await tick();
    expect(batches).toEqual([[1, 2]]);

    const later = [call(3), call(4), call(5)];
    await tick();
    expect(batches).toHaveLength(1);
    openNext();
    expect(await Promise.all(first)).toEqual([10, 20]);
    await tick();
    expect(batches).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
    openNext();
    expect(await Promise.all(later)).toEqual([30, 40, 50]);
  });

  it('sends calls of one event-loop turn together, even from separate callbacks', async () => {
    const { write, batches, openNext } = gatedWrite(tenTimes);
    // Two writes may be in flight: only the scheduling can put both calls in one.
    const call = coalesce(write, { concurrency: 2 });
    const calls = await fromTwoCallbacksOfOneTurn(
      () => call(1),
      () => call(2),
    );
    await tick();
    expect(batches).toEqual([[1, 2]]);
    openNext();
    expect(await Promise.all(calls)).toEqual([10, 20]);
  });

  it('keeps up to `concurrency` writes in flight and caps each at `maxBatch`', async () => {
    const { write, batches, openNext } = gatedWrite(tenTimes);
    const call = coalesce(write, { concurrency: 2, maxBatch: 2 });
    const all = [1, 2, 3, 4, 5].map((n) => call(n));
    await tick();
    expect(batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
    openNext();
    await tick();
    expect(batches.at(-1)).toEqual([5]);
    openNext();
    openNext();
    expect(await Promise.all(all)).toEqual([10, 20, 30, 40, 50]);
  });

  it('fails every call of a failed write, and goes on with the next ones', async () => {
    let fail = true;
    const call = coalesce(async (items: number[]) => {
      if (fail) throw new Error('Postgres away');
      return items;
    });
    const failed = [call(1), call(2)].map((p) => p.catch((err: Error) => err.message));
    expect(await Promise.all(failed)).toEqual(['Postgres away', 'Postgres away']);
    fail = false;
    expect(await call(3)).toBe(3);
  });

  it('writes each item of a batch alone after an error `aloneOn` accepts, so only the bad one fails', async () => {
    const batches: number[][] = [];
    const call = coalesce(
      async (items: number[]) => {
        batches.push(items);
        if (items.includes(-1)) throw new Error('bad item');
        return items;
      },
      { aloneOn: (err) => (err as Error).message === 'bad item' },
    );
    const outcomes = await Promise.all(
      [1, -1, 2].map((n) => call(n).catch((err: Error) => err.message)),
    );
    expect(outcomes).toEqual([1, 'bad item', 2]);
    expect(batches).toEqual([[1, -1, 2], [1], [-1], [2]]);
  });

  it('fails the batch when the write answers for the wrong number of items', async () => {
    const call = coalesce(async (items: number[]) => items.slice(1));
    await expect(call(1)).rejects.toThrow('a write of 1 answered 0');
  });
  it('when urgent, writes at once, whatever is in flight, the calls its callers made together', async () => {
    const { write, batches, openNext } = gatedWrite(tenTimes);
    const ring = coalesce(write, { urgent: true });
    const first = ring(1);
    // Gone before the turn's other callbacks: by the end of this run of microtasks.
    await null;
    expect(batches).toEqual([[1]]);

    // The alerts one INSERT stored resume together, each through awaits of its own, then
    // ring: one write, though the first is still in flight.
    let store = () => {};
    const stored = new Promise<void>((resolve) => {
      store = resolve;
    });
    const rung = [2, 3, 4].map(async (n) => {
      await stored;
      await null;
      return ring(n);
    });
    store();
    await tick();
    expect(batches).toEqual([[1], [2, 3, 4]]);

    // The price: calls from two callbacks of one turn are two writes, not one.
    const calls = await fromTwoCallbacksOfOneTurn(
      () => ring(5),
      () => ring(6),
    );
    await tick();
    expect(batches.slice(2)).toEqual([[5], [6]]);
    for (let i = 0; i < 4; i++) openNext();
    expect(await Promise.all([first, ...rung, ...calls])).toEqual([10, 20, 30, 40, 50, 60]);
  });

  it('with gatherMs, gathers the calls of that long after the first into one write', async () => {
    const batches: number[][] = [];
    const call = coalesce(
      async (items: number[]) => {
        batches.push(items);
        return tenTimes(items);
      },
      { gatherMs: 500 },
    );
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const first = call(1);
    await sleep(10);
    const second = call(2);
    expect(batches).toEqual([]);
    expect(await Promise.all([first, second])).toEqual([10, 20]);
    expect(batches).toEqual([[1, 2]]);
  });
});
