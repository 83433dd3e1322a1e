import { isPermanent } from '../../db/db-errors.ts';

/** How often writes that failed are tried again. */
const retryEveryMs = 1000;
/** A write still failing after this long is given up (and logged). */
export const maxAgeMs = 10 * 60_000;
/** At most this many writes wait; beyond it the oldest is given up, so memory stays bounded. */
const maxWaiting = 10_000;

type Waiting = { write: () => Promise<void>; since: number };

/**
 * Writes that must not be lost when Postgres is briefly away: an EA's acknowledgement or
 * result arrives once, and the EA does not send it again (on a WebSocket it believes the
 * server has it). Dropping one would leave a traded signal marked "not transferred". A write
 * that fails is kept and tried again every second, in arrival order, until it succeeds.
 * Every write here is idempotent (first acknowledgement and first result win).
 */
export function createWriteRetry({
  now,
  onGiveUp,
  everyMs = retryEveryMs,
}: {
  now: () => number;
  onGiveUp: (err: unknown, count: number) => void;
  everyMs?: number;
}) {
  const waiting: Waiting[] = [];
  let timer: NodeJS.Timeout | undefined;
  let flushing = false;

  function giveUp(err: unknown, count: number) {
    waiting.splice(0, count);
    onGiveUp(err, count);
  }

  async function flush() {
    timer = undefined;
    if (flushing) return;
    flushing = true;
    try {
      while (waiting.length > 0) {
        const first = waiting[0]!;
        try {
          await first.write();
          waiting.shift();
        } catch (err) {
          if (isPermanent(err)) {
            giveUp(err, 1);
            continue;
          }
          // Still failing: drop what is too old, then wait for the next round.
          const stale = waiting.findIndex((w) => now() - w.since < maxAgeMs);
          if (stale !== 0) giveUp(err, stale === -1 ? waiting.length : stale);
          break;
        }
      }
    } finally {
      flushing = false;
      schedule();
    }
  }

  function schedule() {
    if (timer || waiting.length === 0) return;
    timer = setTimeout(() => void flush(), everyMs);
    timer.unref();
  }

  return {
    /**
     * Runs `write`; when it fails, keeps it for later and resolves false instead of throwing.
     * Resolves true when it succeeded now.
     */
    async run(write: () => Promise<void>): Promise<boolean> {
      try {
        await write();
        return true;
      } catch (err) {
        if (isPermanent(err)) {
          onGiveUp(err, 1);
          return false;
        }
        if (waiting.length >= maxWaiting) giveUp(err, 1);
        waiting.push({ write, since: now() });
        schedule();
        return false;
      }
    },

    get waiting() {
      return waiting.length;
    },

    close() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

export type WriteRetry = ReturnType<typeof createWriteRetry>;
