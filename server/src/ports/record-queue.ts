/**
 * Records waiting for Postgres (core/record-retry.ts): what intake must still write down about
 * alerts it answered 503 while Postgres was away. The Redis adapter keeps them where a
 * restart (a deploy during an outage) does not lose them and any instance can write them once
 * Postgres answers; the in-process one keeps them for as long as the process runs. A record is
 * an opaque string, oldest first. At most `max` are kept: past that the oldest are dropped.
 *
 * Records being written are held, not removed: a take is a lease, and records whose taker did
 * not settle them within it (it stopped mid-write) go back to the front for the next take.
 */
export interface RecordQueue {
  /** Adds records at the back; answers how many of the oldest were dropped to make room. */
  push(records: readonly string[], max: number): Promise<number>;
  /**
   * Holds up to `count` records from the front for `leaseMs`, first putting back those of
   * expired leases.
   */
  take(count: number, leaseMs: number): Promise<TakenRecords>;
}

/** Records held by one take until it settles them, or its lease runs out. */
export interface TakenRecords {
  readonly records: readonly string[];
  /**
   * Ends the hold: the records written are done, and `failed` (some of `records`) go back to
   * the front, in their order, before anything pushed meanwhile. Answers how many records were
   * dropped past `max`. After the lease ran out this does nothing: the next take has already
   * put back every record of the hold.
   */
  settle(failed: readonly string[], max: number): Promise<number>;
}
