import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecordQueue } from '../ports/record-queue.ts';
import { createMemoryRecordQueue } from '../ports/record-queue-memory.ts';
import { createRecordRetry } from './record-retry.ts';

/** A writer that fails while `down`, and notes every batch it was given. */
function flakyWriter() {
  const state = { down: true, batches: [] as number[][], written: [] as number[] };
  const write = async (items: number[]) => {
    state.batches.push(items);
    if (state.down) return items;
    state.written.push(...items);
    return [];
  };
  return { state, write };
}

const numbers = { encode: String, decode: Number };

/** What waits in `queue`, left in it. */
async function waiting(queue: RecordQueue): Promise<readonly string[]> {
  const taken = await queue.take(Number.MAX_SAFE_INTEGER, 60_000);
  await taken.settle(taken.records, Number.MAX_SAFE_INTEGER);
  return taken.records;
}

describe('createRecordRetry', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tries again after 1, 2, 4 … s, oldest first, until the write goes through', async () => {
    const { state, write } = flakyWriter();
    const queue = createMemoryRecordQueue();
    const retry = createRecordRetry({ queue, ...numbers, write, onLost: () => {} });
    await retry.add([1, 2]);
    await vi.advanceTimersByTimeAsync(999);
    expect(state.batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.batches).toEqual([[1, 2]]);

    await retry.add([3]);
    await vi.advanceTimersByTimeAsync(1999);
    expect(state.batches).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.batches[1]).toEqual([1, 2, 3]);

    state.down = false;
    await vi.advanceTimersByTimeAsync(4000);
    expect(state.written).toEqual([1, 2, 3]);
    expect(await waiting(queue)).toEqual([]);

    // Back to the first delay once a write went through.
    state.down = true;
    await retry.add([4]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(state.batches.at(-1)).toEqual([4]);
    retry.stop();
  });

  it('waits at most maxDelayMs between tries, and a write that throws fails all its items', async () => {
    const batches: number[][] = [];
    const queue = createMemoryRecordQueue();
    const retry = createRecordRetry({
      queue,
      ...numbers,
      write: async (items: number[]) => {
        batches.push(items);
        throw new Error('connection refused');
      },
      onLost: () => {},
      maxDelayMs: 3000,
    });
    await retry.add([1]);
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 3000 + 3000);
    expect(batches).toEqual([[1], [1], [1], [1]]);
    expect(await waiting(queue)).toEqual(['1']);
    retry.stop();
  });

  it('keeps at most maxItems, dropping the oldest and counting them', async () => {
    const { state, write } = flakyWriter();
    const lost: number[] = [];
    const retry = createRecordRetry({
      queue: createMemoryRecordQueue(),
      ...numbers,
      write,
      onLost: (_reason, count) => lost.push(count),
      maxItems: 3,
    });
    await retry.add([1, 2]);
    await retry.add([3, 4]);
    expect(lost).toEqual([1]);
    state.down = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(state.written).toEqual([2, 3, 4]);
    retry.stop();
  });

  it('writes what another process left in the queue: soon after start, then every maxDelayMs', async () => {
    const { state, write } = flakyWriter();
    state.down = false;
    const queue = createMemoryRecordQueue();
    await queue.push(['1'], 100);
    const retry = createRecordRetry({ queue, ...numbers, write, onLost: () => {} });
    await vi.advanceTimersByTimeAsync(1000);
    expect(state.written).toEqual([1]);

    await queue.push(['2'], 100);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(state.written).toEqual([1]);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.written).toEqual([1, 2]);

    retry.stop();
    await queue.push(['3'], 100);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(state.written).toEqual([1, 2]);
  });

  it('writes the records a process was writing when it stopped, once their lease ends', async () => {
    const { state, write } = flakyWriter();
    state.down = false;
    // The queue's clock is the fake one, like the timers.
    const queue = createMemoryRecordQueue(() => Date.now());
    await queue.push(['1', '2'], 100);
    await queue.take(1, 10_000); // a try of a process that stopped before it settled
    const retry = createRecordRetry({ queue, ...numbers, write, onLost: () => {} });
    await vi.advanceTimersByTimeAsync(1000);
    expect(state.written).toEqual([2]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(state.written).toEqual([2, 1]);
    expect(await waiting(queue)).toEqual([]);
    retry.stop();
  });

  it('puts back the records it could not write as they were taken', async () => {
    const { state, write } = flakyWriter();
    const queue = createMemoryRecordQueue();
    // Written differently from how `encode` would write it again.
    await queue.push(['1.0'], 100);
    const retry = createRecordRetry({ queue, ...numbers, write, onLost: () => {} });
    await vi.advanceTimersByTimeAsync(1000);
    expect(state.batches).toEqual([[1]]);
    expect(await waiting(queue)).toEqual(['1.0']);
    retry.stop();
  });

  it('counts a record it cannot read as lost, and writes the others', async () => {
    const { state, write } = flakyWriter();
    state.down = false;
    const queue = createMemoryRecordQueue();
    await queue.push(['1', 'not json', '2'], 100);
    const lost: number[] = [];
    const retry = createRecordRetry({
      queue,
      encode: (n: number) => JSON.stringify(n),
      decode: (text) => JSON.parse(text) as number,
      write,
      onLost: (_reason, count) => lost.push(count),
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(state.written).toEqual([1, 2]);
    expect(lost).toEqual([1]);
    retry.stop();
  });
});
