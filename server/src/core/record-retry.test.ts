import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

describe('createRecordRetry', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tries again after 1, 2, 4 … s, oldest first, until the write goes through', async () => {
    const { state, write } = flakyWriter();
    const retry = createRecordRetry({ write, onDropped: () => {}, firstDelayMs: 1000 });
    retry.add([1, 2]);
    await vi.advanceTimersByTimeAsync(999);
    expect(state.batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.batches).toEqual([[1, 2]]);

    retry.add([3]);
    await vi.advanceTimersByTimeAsync(1999);
    expect(state.batches).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.batches[1]).toEqual([1, 2, 3]);

    state.down = false;
    await vi.advanceTimersByTimeAsync(4000);
    expect(state.written).toEqual([1, 2, 3]);
    expect(retry.waiting()).toBe(0);

    // Back to the first delay once a write went through.
    state.down = true;
    retry.add([4]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(state.batches.at(-1)).toEqual([4]);
  });

  it('waits at most maxDelayMs between tries, and a write that throws fails all its items', async () => {
    const batches: number[][] = [];
    const retry = createRecordRetry({
      write: async (items: number[]) => {
        batches.push(items);
        throw new Error('connection refused');
      },
      onDropped: () => {},
      firstDelayMs: 1000,
      maxDelayMs: 3000,
    });
    retry.add([1]);
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 3000 + 3000);
    expect(batches).toEqual([[1], [1], [1], [1]]);
    expect(retry.waiting()).toBe(1);
  });

  it('keeps at most maxItems, dropping the oldest and counting them', async () => {
    const { state, write } = flakyWriter();
    const dropped: number[] = [];
    const retry = createRecordRetry({
      write,
      onDropped: (n) => dropped.push(n),
      maxItems: 3,
      firstDelayMs: 1000,
    });
    retry.add([1, 2]);
    retry.add([3, 4]);
    expect(dropped).toEqual([1]);
    expect(retry.waiting()).toBe(3);
    state.down = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(state.written).toEqual([2, 3, 4]);
  });
});
