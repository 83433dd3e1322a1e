import type { RecordQueue, TakenRecords } from '../ports/record-queue.ts';

/** Records taken from the queue per write. */
const takeAtOnce = 1000;
/**
 * How long a try holds the records it took (`RecordQueue.take`): far longer than a try lasts
 * (a connection attempt of at most 5 s, then one statement), so only a try whose process
 * stopped loses its hold, and its records are written by the next take after it.
 */
const defaultLeaseMs = 60_000;

/**
 * Records that could not be written yet (Postgres unreachable, the usual reason there is
 * something to record), kept in `queue` and written once it answers again: `write` is tried
 * after `firstDelayMs`, then twice as long after each failure, up to `maxDelayMs`; it answers
 * with the items it could not write, which go back to the front of the queue. At most
 * `maxItems` wait: past that the oldest are dropped and counted to `onLost`.
 *
 * The queue is looked at every `maxDelayMs` even when this process added nothing, and once
 * `firstDelayMs` after start: with the Redis queue, what an instance stopped with (a deploy
 * during an outage) is written by whichever instance runs next, even the records it was
 * writing when it stopped (they were held for a lease, not removed).
 */
export function createRecordRetry<T>({
  queue,
  encode,
  decode,
  write,
  onLost,
  maxItems = 10_000,
  firstDelayMs = 1000,
  maxDelayMs = 30_000,
  leaseMs = defaultLeaseMs,
}: {
  queue: RecordQueue;
  encode: (item: T) => string;
  decode: (record: string) => T;
  write: (items: T[]) => Promise<T[]>;
  /** `count` records will never be written: dropped past `maxItems`, or the queue failed. */
  onLost: (reason: unknown, count: number) => void;
  maxItems?: number;
  firstDelayMs?: number;
  maxDelayMs?: number;
  leaseMs?: number;
}) {
  let delayMs = firstDelayMs;
  let timer: NodeJS.Timeout | null = null;
  let dueAt = 0;
  let stopped = false;
  /** The try in progress: a try armed meanwhile waits for it, so they never overlap. */
  let turn: Promise<void> = Promise.resolve();

  const tooMany = new Error('too many records waited for the database');

  function inTurn(step: () => Promise<void>) {
    turn = turn.then(step);
  }

  /** The items of `records` that decode, and the record each came from (put back as taken). */
  function decoded(records: readonly string[]) {
    const items: T[] = [];
    const recordOf = new Map<T, string>();
    for (const record of records) {
      try {
        const item = decode(record);
        items.push(item);
        recordOf.set(item, record);
      } catch (err) {
        onLost(err, 1);
      }
    }
    return { items, recordOf };
  }

  function countDropped(dropped: number) {
    if (dropped > 0) onLost(tooMany, dropped);
  }

  function arm(ms: number) {
    if (timer) clearTimeout(timer);
    if (stopped) return;
    dueAt = Date.now() + ms;
    timer = setTimeout(() => {
      timer = null;
      inTurn(attempt);
    }, ms);
    // Nothing to keep a stopping process alive for: what waits stays in the queue.
    timer.unref();
  }

  /** One try; it ends by arming the next (`arm` replaces any armed meanwhile). */
  async function attempt() {
    let taken: TakenRecords;
    try {
      taken = await queue.take(takeAtOnce, leaseMs);
    } catch {
      delayMs = Math.min(delayMs * 2, maxDelayMs);
      return arm(delayMs);
    }
    if (taken.records.length === 0) {
      delayMs = firstDelayMs;
      return arm(maxDelayMs);
    }
    const { items, recordOf } = decoded(taken.records);
    let failed: T[];
    try {
      failed = await write(items);
    } catch {
      failed = items;
    }
    // Not settled (the queue failed): the hold ends with its lease, and a later take writes
    // its records again, those written included (writing a record twice changes nothing).
    await taken
      .settle(
        failed.map((item) => recordOf.get(item) ?? encode(item)),
        maxItems,
      )
      .then(countDropped, () => undefined);
    if (failed.length > 0) {
      delayMs = Math.min(delayMs * 2, maxDelayMs);
      return arm(delayMs);
    }
    delayMs = firstDelayMs;
    // A full take may have left more behind: go on at once. What is added meanwhile arms
    // its own try.
    arm(taken.records.length === takeAtOnce ? 0 : maxDelayMs);
  }

  arm(firstDelayMs);

  return {
    /**
     * Keeps `items` for a later write (Postgres did not take them). They go to the queue at
     * once, not after a try in progress: that try puts back what it took in front of them.
     */
    async add(items: T[]): Promise<void> {
      if (items.length === 0) return;
      try {
        countDropped(await queue.push(items.map(encode), maxItems));
      } catch (err) {
        onLost(err, items.length);
      }
      // A try within `delayMs`: sooner than the idle look at the queue, and never later than
      // a try already due.
      if (!timer || dueAt > Date.now() + delayMs) arm(delayMs);
    },
    /** Stops looking at the queue; what waits stays there. */
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
