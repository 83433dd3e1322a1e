/**
 * Records that could not be written yet (Postgres unreachable, the usual reason there is
 * something to record), kept in memory and written once it answers again: `write` is tried
 * after `firstDelayMs`, then twice as long after each failure, up to `maxDelayMs`; it answers
 * with the items it could not write, which wait for the next try. At most `maxItems` wait:
 * past that the oldest are dropped and counted to `onDropped`. What waits when the process
 * stops is lost (`waiting` tells how many).
 */
export function createRecordRetry<T>({
  write,
  onDropped,
  maxItems = 10_000,
  firstDelayMs = 1000,
  maxDelayMs = 30_000,
}: {
  write: (items: T[]) => Promise<T[]>;
  onDropped: (count: number) => void;
  maxItems?: number;
  firstDelayMs?: number;
  maxDelayMs?: number;
}) {
  let queue: T[] = [];
  let delayMs = firstDelayMs;
  let timer: NodeJS.Timeout | null = null;

  function keep(items: T[], first: boolean) {
    queue = first ? [...items, ...queue] : [...queue, ...items];
    const over = queue.length - maxItems;
    if (over > 0) {
      queue = queue.slice(over);
      onDropped(over);
    }
  }

  function arm() {
    if (timer || queue.length === 0) return;
    timer = setTimeout(() => void attempt(), delayMs);
    // Nothing to keep a stopping process alive for: what waits is lost either way.
    timer.unref();
  }

  async function attempt() {
    const items = queue;
    queue = [];
    let failed: T[];
    try {
      failed = await write(items);
    } catch {
      failed = items;
    }
    timer = null;
    delayMs = failed.length > 0 ? Math.min(delayMs * 2, maxDelayMs) : firstDelayMs;
    // Older than anything added meanwhile: they go first, and are dropped first.
    keep(failed, true);
    arm();
  }

  return {
    add(items: T[]) {
      if (items.length === 0) return;
      keep(items, false);
      arm();
    },
    waiting: () => queue.length,
  };
}
