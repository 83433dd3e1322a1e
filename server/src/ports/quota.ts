/** Atomic counters that expire at a given instant (daily signal quota, per-day counts). */
export interface Quota {
  /** Adds 1 and returns the new value; the key expires at `expiresAt` (ms since epoch). */
  increment(key: string, expiresAt: number): Promise<number>;
  /** Takes 1 back (e.g. when the signal that consumed it could not be stored). */
  decrement(key: string): Promise<number>;
  /** Current value, 0 when absent or expired. */
  get(key: string): Promise<number>;
  close(): Promise<void>;
}
