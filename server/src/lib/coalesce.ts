/**
 * Write coalescing ("group commit"): calls made while `concurrency` writes are in flight
 * wait, and go together in the next write. Calls made in the same event-loop turn go together
 * too: a write for new calls starts once the turn's I/O callbacks have run (`setImmediate`),
 * so the alerts of every request read in one turn share one statement; calls that waited
 * for a write to finish go at once (a microtask). Idle, a call goes within its turn, nearly
 * alone, so it adds no latency worth naming; under load one statement and one commit carry
 * many, and the slower the round trips get, the fuller the batches. A write off every
 * caller's critical path may wait `gatherMs` instead of a turn, to gather the calls of that
 * long into one statement. An `urgent` write (a message whose latency is the product, such as
 * a doorbell to the instance holding a terminal) waits neither for the turn nor for writes in
 * flight (`concurrency` does not bound it): it leaves once the microtasks queued before its
 * first call have run, carrying the calls they made (those of the alerts one INSERT stored,
 * which resume together).
 *
 * `write` answers with one output per item, in the items' order; if it fails, every call of
 * that batch fails with its error, except that an error `aloneOn` accepts (one bad item:
 * Postgres refused its data) has each item of the batch written again alone, so that only
 * the bad one fails.
 */
export function coalesce<I, O>(
  write: (items: I[]) => Promise<O[]>,
  {
    concurrency = 1,
    maxBatch = 256,
    aloneOn = () => false,
    gatherMs = 0,
    urgent = false,
  }: {
    concurrency?: number;
    maxBatch?: number;
    aloneOn?: (err: unknown) => boolean;
    gatherMs?: number;
    urgent?: boolean;
  } = {},
): (item: I) => Promise<O> {
  type Call = { item: I; resolve: (output: O) => void; reject: (err: unknown) => void };
  const waiting: Call[] = [];
  let inFlight = 0;
  let scheduled = false;
  const inFlightLimit = urgent ? Number.POSITIVE_INFINITY : concurrency;

  async function run(batch: Call[]): Promise<void> {
    try {
      const outputs = await write(batch.map((call) => call.item));
      if (outputs.length !== batch.length) {
        throw new Error(`a write of ${batch.length} answered ${outputs.length}`);
      }
      batch.forEach((call, i) => {
        call.resolve(outputs[i]!);
      });
    } catch (err) {
      if (batch.length > 1 && aloneOn(err)) {
        await Promise.all(batch.map((call) => run([call])));
      } else {
        for (const call of batch) call.reject(err);
      }
    }
  }

  function start() {
    scheduled = false;
    while (inFlight < inFlightLimit && waiting.length > 0) {
      inFlight++;
      void run(waiting.splice(0, maxBatch)).finally(() => {
        inFlight--;
        schedule(queueMicrotask);
      });
    }
  }

  function schedule(defer: (task: () => void) => void) {
    if (scheduled || inFlight >= inFlightLimit || waiting.length === 0) return;
    scheduled = true;
    defer(start);
  }

  const gather = urgent
    ? queueMicrotask
    : gatherMs > 0
      ? (task: () => void) => void setTimeout(task, gatherMs)
      : setImmediate;

  return (item) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      schedule(gather);
    });
}
