import { describe, expect, it, vi } from 'vitest';
import { createRefreshingCache } from './refreshing-cache.ts';

/** A source whose reads stay open until the test settles them, one by one. */
function source() {
  const reads: {
    key: string;
    resolve: (value: string | null) => void;
    reject: (err: Error) => void;
  }[] = [];
  const load = (key: string) =>
    new Promise<string | null>((resolve, reject) => {
      reads.push({ key, resolve, reject });
    });
  return { reads, load };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

/**
 * A cache whose times to live are not cut (`random` 0), unless the test draws otherwise, and
 * whose re-reads of due values start at once, unless the test defers them itself.
 */
function cacheOf(
  load: (key: string) => Promise<string | null>,
  clock: { at: number },
  random = () => 0,
  deferRefresh = (run: () => void) => run(),
) {
  return createRefreshingCache({
    load,
    ttlMs: (value) => (value === null ? 5 : 100),
    servedStale: (value) => value !== null,
    maxEntries: 10,
    now: () => clock.at,
    random,
    deferRefresh,
  });
}

/** A cache on a fresh source, its clock at 0, that has read `key` once as `value`. */
async function cacheHolding(key: string, value: string | null) {
  const clock = { at: 0 };
  const { reads, load } = source();
  const cache = cacheOf(load, clock);
  const first = cache.get(key);
  reads[0]!.resolve(value);
  await first;
  return { clock, reads, cache };
}

describe('refreshing cache', () => {
  it('shares one read among the first lookups, then answers from memory until the value is due', async () => {
    const clock = { at: 0 };
    const { reads, load } = source();
    const cache = cacheOf(load, clock);
    const first = [cache.get('a'), cache.get('a')];
    expect(reads).toHaveLength(1);
    reads[0]!.resolve('owner-a');
    expect(await Promise.all(first)).toEqual(['owner-a', 'owner-a']);
    clock.at = 99;
    expect(await cache.get('a')).toBe('owner-a');
    expect(reads).toHaveLength(1);
  });

  it('answers a due value at once while one read refreshes it, then answers the fresh one', async () => {
    const { clock, reads, cache } = await cacheHolding('a', 'old');
    clock.at = 100;
    expect(await cache.get('a')).toBe('old');
    expect(await cache.get('a')).toBe('old');
    expect(reads).toHaveLength(2);
    reads[1]!.resolve('new');
    await settle();
    expect(await cache.get('a')).toBe('new');
    clock.at = 199;
    expect(await cache.get('a')).toBe('new');
    expect(reads).toHaveLength(2);
  });

  it('starts the re-read of a due value after the lookup that found it due, unless deleted by then', async () => {
    const clock = { at: 0 };
    const { reads, load } = source();
    const deferred: (() => void)[] = [];
    const cache = cacheOf(load, clock, undefined, (run) => deferred.push(run));
    const first = [cache.get('a'), cache.get('b')];
    for (const read of reads) read.resolve(`${read.key}1`);
    await Promise.all(first);
    clock.at = 100;
    expect(await Promise.all([cache.get('a'), cache.get('b'), cache.get('a')])).toEqual([
      'a1',
      'b1',
      'a1',
    ]);
    expect(reads).toHaveLength(2);
    expect(deferred).toHaveLength(2);
    cache.delete('b');
    for (const run of deferred) run();
    expect(reads.map((r) => r.key)).toEqual(['a', 'b', 'a']);
  });

  it('by default starts that re-read 100 ms after the lookup', async () => {
    vi.useFakeTimers();
    try {
      const clock = { at: 0 };
      const { reads, load } = source();
      const cache = createRefreshingCache({
        load,
        ttlMs: () => 100,
        maxEntries: 10,
        now: () => clock.at,
      });
      const first = cache.get('a');
      reads[0]!.resolve('a1');
      await first;
      clock.at = 100;
      expect(await cache.get('a')).toBe('a1');
      vi.advanceTimersByTime(99);
      expect(reads).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(reads).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('spreads keys read together over the last fifth of their time to live', async () => {
    const clock = { at: 0 };
    const { reads, load } = source();
    const draws = [0.999, 0];
    const cache = cacheOf(load, clock, () => draws.shift()!);
    const first = [cache.get('a'), cache.get('b')];
    for (const read of reads) read.resolve(read.key);
    await Promise.all(first);
    clock.at = 81;
    await Promise.all([cache.get('a'), cache.get('b')]);
    expect(reads.map((r) => r.key)).toEqual(['a', 'b', 'a']);
    clock.at = 100;
    await cache.get('b');
    expect(reads.map((r) => r.key)).toEqual(['a', 'b', 'a', 'b']);
  });

  it('waits for the read of a due value it may not answer stale (an unknown license)', async () => {
    const { clock, reads, cache } = await cacheHolding('x', null);
    expect(await cache.get('x')).toBeNull();
    clock.at = 5;
    const again = cache.get('x');
    expect(reads).toHaveLength(2);
    reads[1]!.resolve('made since');
    expect(await again).toBe('made since');
  });

  it('drops a refresh that was under way when the key was deleted (a change message)', async () => {
    const { clock, reads, cache } = await cacheHolding('a', 'v1');
    clock.at = 100;
    await cache.get('a');
    cache.delete('a');
    const afterChange = cache.get('a');
    expect(reads.map((r) => r.key)).toEqual(['a', 'a', 'a']);
    reads[2]!.resolve('v3');
    reads[1]!.resolve('v2, read before the change');
    await settle();
    expect(await afterChange).toBe('v3');
    expect(await cache.get('a')).toBe('v3');
  });

  it('keeps answering the due value when its refresh fails, and tries again on the next lookup', async () => {
    const { clock, reads, cache } = await cacheHolding('a', 'v1');
    clock.at = 100;
    expect(await cache.get('a')).toBe('v1');
    reads[1]!.reject(new Error('database unreachable'));
    await settle();
    expect(await cache.get('a')).toBe('v1');
    expect(reads).toHaveLength(3);
  });

  it('forgets a first read that failed: its lookups fail, the next one reads again', async () => {
    const clock = { at: 0 };
    const { reads, load } = source();
    const cache = cacheOf(load, clock);
    const first = cache.get('a');
    reads[0]!.reject(new Error('database unreachable'));
    await expect(first).rejects.toThrow('database unreachable');
    const again = cache.get('a');
    expect(reads).toHaveLength(2);
    reads[1]!.resolve('v1');
    expect(await again).toBe('v1');
  });

  it('keeps at most its bound of keys, dropping the one read longest ago', async () => {
    const clock = { at: 0 };
    const { reads, load } = source();
    const cache = cacheOf(load, clock);
    for (let i = 0; i < 11; i++) void cache.get(`k${i}`);
    for (const read of reads) read.resolve(read.key);
    await settle();
    void cache.get('k10');
    void cache.get('k0');
    expect(reads.map((r) => r.key).slice(11)).toEqual(['k0']);
  });
});
