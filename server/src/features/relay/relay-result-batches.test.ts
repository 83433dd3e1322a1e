import { describe, expect, it } from 'vitest';
import { gatedWrite, tick } from '../../../test/gated-write.ts';
import { batchWhileBusy } from './relay-result-batches.ts';

/** A batcher over a gated write, each batch's write finishing when the test opens it. */
function gatedBatcher(holdMs: number) {
  const gated = gatedWrite(() => undefined);
  return { ...gated, batcher: batchWhileBusy(gated.write, { holdMs }) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('batchWhileBusy', () => {
  it('writes the items of one turn at once, and those that came during that write next, together', async () => {
    const { batcher, batches, openNext } = gatedBatcher(1000);
    let firstDone = false;
    const first = Promise.all([batcher.add(1), batcher.add(2)]).then(() => {
      firstDone = true;
    });
    await tick();
    expect(batches).toEqual([[1, 2]]);

    const later = [batcher.add(3), batcher.add(4)];
    await tick();
    later.push(batcher.add(5));
    await tick();
    expect(batches).toHaveLength(1);
    expect(firstDone).toBe(false);
    openNext();
    await first;
    await tick();
    expect(batches).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
    openNext();
    await Promise.all(later);
  });

  it('does not hold items behind a stuck write longer than holdMs, nor run more than two batches', async () => {
    const { batcher, batches, openNext } = gatedBatcher(20);
    const stuck = batcher.add(1);
    await tick();
    const beside = batcher.add(2);
    await tick();
    expect(batches).toEqual([[1]]);
    await sleep(40);
    expect(batches).toEqual([[1], [2]]);

    // Two batches in flight: a third waits for one of them, however long that takes.
    const third = batcher.add(3);
    await sleep(40);
    expect(batches).toHaveLength(2);
    openNext();
    await stuck;
    await tick();
    expect(batches).toEqual([[1], [2], [3]]);
    openNext();
    openNext();
    await Promise.all([beside, third]);
  });

  it('flushes what waits at once, beside a write in flight', async () => {
    const { batcher, batches, openNext } = gatedBatcher(1000);
    const first = batcher.add(1);
    await tick();
    const waiting = batcher.add(2);
    const flushed = batcher.flush();
    expect(batches).toEqual([[1], [2]]);
    openNext();
    openNext();
    await Promise.all([first, waiting, flushed]);
  });
});
