import type { RecordQueue } from './record-queue.ts';

/** Records kept in this process: a restart loses them (a single server without Redis). */
export function createMemoryRecordQueue(): RecordQueue {
  let queue: string[] = [];

  function trim(max: number): number {
    const over = queue.length - max;
    if (over <= 0) return 0;
    queue = queue.slice(over);
    return over;
  }

  return {
    async push(records, max) {
      queue = [...queue, ...records];
      return trim(max);
    },
    async putBack(records, max) {
      queue = [...records, ...queue];
      return trim(max);
    },
    async take(count) {
      return queue.splice(0, count);
    },
  };
}
