import { randomFillSync } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';

/** Ids drawn from one fill of the random pool. */
const poolIds = 256;

/**
 * New signal ids, UUIDv7 as the column's default makes them (time-ordered, increasing within
 * a millisecond), with the random bytes of 256 ids drawn at once: asking the system for 16
 * bytes per id cost the intake more than the rest of making the row.
 */
export function createSignalIds() {
  const pool = Buffer.alloc(16 * poolIds);
  let next = poolIds;
  // uuid's own monotonic state, kept here because passing the random bytes bypasses it.
  let msecs = -Infinity;
  let seq = 0;

  return function newSignalId(): string {
    if (next === poolIds) {
      randomFillSync(pool);
      next = 0;
    }
    const random = pool.subarray(16 * next, 16 * ++next);
    const now = Date.now();
    if (now > msecs) {
      msecs = now;
      // A fresh millisecond starts its sequence at random (31 bits), as uuid does.
      seq = ((random[6]! & 0x7f) << 24) | (random[7]! << 16) | (random[8]! << 8) | random[9]!;
    } else {
      seq = (seq + 1) | 0;
      if (seq === 0) msecs++;
    }
    return uuidv7({ random, msecs, seq });
  };
}
