import { setNewest } from './bounded-map.ts';

/**
 * Each value's time to live is cut by up to this share, at random. Keys read together (the
 * licenses and rules of a burst of alerts, or of every user just after a start) would
 * otherwise come due together, and stay together: each time to live, their re-reads would
 * all reach the database in the same second, and the alerts of that second would queue
 * behind them.
 */
const ttlSpread = 0.2;

/**
 * How long after a lookup finds its value due the re-read starts. The lookup is answered
 * from the due value at once; a re-read started beside it would reach the database beside
 * the alert's own statements, and its answer would be handled between them. A trader whose
 * alerts come minutes apart finds their rules due at every alert: started beside it, the
 * re-read made such an alert about 1.5–2 ms slower at the median, 4–5 ms in the worst of
 * six (load-tests/RESULTS.md, twenty-sixth session). The alert is answered well within this
 * delay; for the values kept here it is nothing next to their time to live, and a change
 * does not wait for either (`delete`).
 */
const refreshDelayMs = 100;

const afterRefreshDelay = (run: () => void) => {
  setTimeout(run, refreshDelayMs).unref();
};

type Entry<V> = {
  value: Promise<V>;
  /** Set once `value` has settled: until then the entry is fresh (its load is shared). */
  expiresAt: number;
  settled?: { value: V };
  refreshing: boolean;
};

/**
 * Values read from the database and kept for a while, for lookups on the hot path (a license's
 * owner, a user's rules) and beside it (a user's notification settings). Concurrent first
 * lookups of a key share one read. A value past its time to live that `servedStale` accepts is
 * still answered while a fresh copy is read in the background, shortly after
 * (`refreshDelayMs`): an alert never waits for the periodic re-read, nor shares the database
 * with it, and keys read together do not come due together (`ttlSpread`). Changes do not wait
 * for the time to live: their owners `delete` the key (on a bus message), and the next lookup
 * reads it again.
 */
export function createRefreshingCache<K, V>(options: {
  load: (key: K) => Promise<V>;
  /** How long a value is answered before it is read again. */
  ttlMs: (value: V) => number;
  /** Whether an expired value may be answered while it is read again (default: yes). */
  servedStale?: (value: V) => boolean;
  maxEntries: number;
  now: () => number;
  /** A number in [0, 1) (tests pass a fixed one). */
  random?: () => number;
  /** Runs a due value's re-read (default: after `refreshDelayMs`; tests run it when they say). */
  deferRefresh?: (run: () => void) => void;
}) {
  const {
    load,
    ttlMs,
    servedStale = () => true,
    maxEntries,
    now,
    random = Math.random,
    deferRefresh = afterRefreshDelay,
  } = options;
  const entries = new Map<K, Entry<V>>();

  /** Reads `key` into a new entry, set once the read succeeds (first reads: at once). */
  function read(key: K, replacing?: Entry<V>): Entry<V> {
    const entry: Entry<V> = {
      value: load(key),
      expiresAt: Number.POSITIVE_INFINITY,
      refreshing: false,
    };
    entry.value.then(
      (value) => {
        entry.settled = { value };
        entry.expiresAt = now() + ttlMs(value) * (1 - ttlSpread * random());
        // A refresh lands only where its stale entry still is (not after a `delete`).
        if (replacing && entries.get(key) === replacing) {
          setNewest(entries, key, entry, maxEntries);
        }
      },
      () => {
        if (replacing) replacing.refreshing = false;
        else if (entries.get(key) === entry) entries.delete(key);
      },
    );
    if (!replacing) setNewest(entries, key, entry, maxEntries);
    return entry;
  }

  return {
    get(key: K): Promise<V> {
      const entry = entries.get(key);
      if (!entry) return read(key).value;
      if (entry.expiresAt > now()) return entry.value;
      if (!entry.settled || !servedStale(entry.settled.value)) return read(key).value;
      if (!entry.refreshing) {
        entry.refreshing = true;
        deferRefresh(() => {
          // Not when the key was deleted meanwhile: the next lookup reads it anyway.
          if (entries.get(key) === entry) read(key, entry);
        });
      }
      return entry.value;
    },

    /** Forgets `key`: the next lookup reads it again, and a refresh under way is dropped. */
    delete(key: K) {
      entries.delete(key);
    },
  };
}
