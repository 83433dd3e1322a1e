/**
 * Results of many EAs written together without making an idle server wait. A result that
 * finds no result write in flight goes once its event-loop turn's I/O has run (with the
 * others of that turn). One that finds a write in flight waits for it to finish, and then
 * everything that waited goes as the next batch: under load each batch carries what arrived
 * during one round trip (one statement and one commit for many results), idle nothing waits.
 * A write stuck longer than `holdMs` (a row lock, a slow disk) does not hold the others: they
 * go beside it, at most `maxInFlight` batches at a time.
 *
 * `write` must not reject (the relay's writes keep what fails for a retry); each call's
 * promise settles when its batch's write has.
 */
export function batchWhileBusy<T>(
  write: (items: T[]) => Promise<void>,
  { holdMs, maxInFlight = 2 }: { holdMs: number; maxInFlight?: number },
): { add(item: T): Promise<void>; flush(): Promise<void> } {
  type Waiting = { item: T; done: () => void };
  let waiting: Waiting[] = [];
  let inFlight = 0;
  let immediate: NodeJS.Immediate | undefined;
  let holdTimer: NodeJS.Timeout | undefined;

  /** Takes everything waiting as one batch (none scheduled any more). */
  function take(): Waiting[] {
    clearImmediate(immediate);
    clearTimeout(holdTimer);
    immediate = undefined;
    holdTimer = undefined;
    const batch = waiting;
    waiting = [];
    return batch;
  }

  async function run(batch: Waiting[]): Promise<void> {
    inFlight++;
    try {
      await write(batch.map((w) => w.item));
    } finally {
      inFlight--;
      for (const w of batch) w.done();
      go();
    }
  }

  function go() {
    if (waiting.length > 0 && inFlight < maxInFlight) void run(take());
  }

  return {
    add(item: T): Promise<void> {
      return new Promise<void>((done) => {
        waiting.push({ item, done });
        if (inFlight === 0) immediate ??= setImmediate(go);
        else holdTimer ??= setTimeout(go, holdMs);
      });
    },

    /** Writes what waits now, beside any write in flight (shutdown). */
    async flush(): Promise<void> {
      if (waiting.length > 0) await run(take());
    },
  };
}
