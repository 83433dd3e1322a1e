import type { FastifyBaseLogger } from 'fastify';
import { setNewest } from '../core/bounded-map.ts';

/** How long identical client errors are counted before they are logged again. */
export const repeatIntervalMs = 60_000;
/** Distinct errors counted at once; past it the stalest is written out and forgotten. */
const maxKeys = 10_000;

type Entry = { fields: Record<string, unknown>; message: string; since: number; repeated: number };

/**
 * Logs a client error the first time, then only counts identical ones (same source, route and
 * answer) for `repeatIntervalMs`: a client retrying the same bad request every second writes
 * one line a minute with `repeated: n`, not sixty. Counts of errors that stop are written by a
 * sweep once their interval is over, so none are lost.
 */
export function createRepeatLog({
  log,
  now,
  intervalMs = repeatIntervalMs,
}: {
  log: FastifyBaseLogger;
  now: () => number;
  intervalMs?: number;
}) {
  const entries = new Map<string, Entry>();

  function writeRepeats(entry: Entry) {
    if (entry.repeated === 0) return;
    log.info(
      { ...entry.fields, repeated: entry.repeated },
      `${entry.message} (repeated ${entry.repeated} times in ${Math.round((now() - entry.since) / 1000)} s)`,
    );
  }

  function sweep() {
    for (const [key, entry] of entries) {
      if (now() - entry.since < intervalMs) continue;
      writeRepeats(entry);
      entries.delete(key);
    }
  }
  const timer = setInterval(sweep, intervalMs);
  timer.unref();

  return {
    /** `key` says what makes two errors the same; `fields` and `message` are logged. */
    note(key: string, fields: Record<string, unknown>, message: string) {
      const entry = entries.get(key);
      if (entry && now() - entry.since < intervalMs) {
        entry.repeated++;
        return;
      }
      if (entry) writeRepeats(entry);
      log.info(fields, message);
      const stalest = setNewest(
        entries,
        key,
        { fields, message, since: now(), repeated: 0 },
        maxKeys,
      );
      if (stalest) writeRepeats(stalest[1]);
    },
    sweep,
    /** Stops the sweep and writes every count still open. */
    close() {
      clearInterval(timer);
      for (const entry of entries.values()) writeRepeats(entry);
      entries.clear();
    },
  };
}

export type RepeatLog = ReturnType<typeof createRepeatLog>;
