import type { RecordQueue } from './record-queue.ts';

/** Records kept in this process: a restart loses them (a single server without Redis). */
export function createMemoryRecordQueue(now: () => number = Date.now): RecordQueue {
  let queue: string[] = [];
  /** Takes not settled yet, in the order they were taken. */
  const holds = new Set<{ records: string[]; until: number }>();

  function trim(max: number): number {
    const over = queue.length - max;
    if (over <= 0) return 0;
    queue = queue.slice(over);
    return over;
  }

  /** Puts back the records of expired holds, the earliest taken in front. */
  function reclaim() {
    const expired = [...holds].filter((hold) => hold.until <= now());
    for (const hold of expired) holds.delete(hold);
    queue = [...expired.flatMap((hold) => hold.records), ...queue];
  }

  return {
    async push(records, max) {
      queue = [...queue, ...records];
      return trim(max);
    },
    async take(count, leaseMs) {
      reclaim();
      const hold = { records: queue.splice(0, count), until: now() + leaseMs };
      if (hold.records.length > 0) holds.add(hold);
      return {
        records: hold.records,
        async settle(failed, max) {
          if (!holds.delete(hold)) return 0;
          queue = [...failed, ...queue];
          return trim(max);
        },
      };
    },
  };
}
