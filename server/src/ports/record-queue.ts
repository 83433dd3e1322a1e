/**
 * Records waiting for Postgres (core/record-retry.ts): what intake must still write down about
 * alerts it answered 503 while Postgres was away. The Redis adapter keeps them where a
 * restart (a deploy during an outage) does not lose them and any instance can write them once
 * Postgres answers; the in-process one keeps them for as long as the process runs. A record is
 * an opaque string, oldest first. At most `max` are kept: past that the oldest are dropped.
 */
export interface RecordQueue {
  /** Adds records at the back; answers how many of the oldest were dropped to make room. */
  push(records: readonly string[], max: number): Promise<number>;
  /**
   * Puts back at the front, in their order, records whose write failed: they are older than
   * anything pushed meanwhile, so they go first and are dropped first. Answers how many were
   * dropped.
   */
  putBack(records: readonly string[], max: number): Promise<number>;
  /** Removes and answers up to `count` records from the front. */
  take(count: number): Promise<string[]>;
}
