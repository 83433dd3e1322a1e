import { type SlicedInterval, slicedInterval } from '@signalrelay/contracts/sliced-interval';

/**
 * Shared heartbeat timers. Thousands of clients in one process (the load test) must not each
 * own an interval, and must not all ping in the same millisecond either: the members of one
 * period share one sliced interval, which beats a tenth of them every tenth of the period.
 */
export interface HeartbeatMember {
  beat(nowMonotonic: number): void;
}

const slices = 10;

const wheels = new Map<number, SlicedInterval<HeartbeatMember>>();

function beatAll(members: ReadonlySet<HeartbeatMember>) {
  const now = performance.now();
  for (const member of members) member.beat(now);
}

/** Calls `member.beat()` about once per `periodMs` until the returned function is called. */
export function joinHeartbeat(periodMs: number, member: HeartbeatMember): () => void {
  let wheel = wheels.get(periodMs);
  if (!wheel) {
    wheel = slicedInterval(periodMs, slices, beatAll);
    wheels.set(periodMs, wheel);
  }
  wheel.add(member);
  const joined = wheel;
  let left = false;
  return () => {
    if (left) return;
    left = true;
    joined.delete(member);
    if (joined.size === 0) {
      joined.stop();
      wheels.delete(periodMs);
    }
  };
}
