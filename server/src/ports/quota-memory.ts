import type { Quota } from './quota.ts';

type Counter = { value: number; expiresAt: number };

/** Expired counters are swept every this many increments, so the map cannot grow forever. */
const sweepEvery = 1000;

/** In-process counters for a single server; `now` is injected so tests can move the clock. */
export function createMemoryQuota(now: () => number): Quota {
  const counters = new Map<string, Counter>();
  let increments = 0;

  function live(key: string): Counter | undefined {
    const counter = counters.get(key);
    if (counter && counter.expiresAt <= now()) {
      counters.delete(key);
      return undefined;
    }
    return counter;
  }

  function sweep() {
    const t = now();
    for (const [key, counter] of counters) if (counter.expiresAt <= t) counters.delete(key);
  }

  return {
    async increment(key, expiresAt) {
      if (++increments % sweepEvery === 0) sweep();
      const counter = live(key) ?? { value: 0, expiresAt };
      counter.value += 1;
      counter.expiresAt = expiresAt;
      counters.set(key, counter);
      // Like Redis' PEXPIREAT with an instant already past: the count is returned, not kept.
      if (expiresAt <= now()) counters.delete(key);
      return counter.value;
    },
    async decrement(key) {
      const counter = live(key);
      if (!counter || counter.value <= 0) return 0;
      counter.value -= 1;
      return counter.value;
    },
    async get(key) {
      return live(key)?.value ?? 0;
    },
    async close() {
      counters.clear();
    },
  };
}
