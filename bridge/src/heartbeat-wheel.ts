/**
 * Shared heartbeat timers. Thousands of clients in one process (the load test) must not each
 * own an interval, and must not all ping in the same millisecond either: members of one period
 * are spread over `slots` buckets and one unref'd interval visits a bucket per period/slots.
 */
export interface HeartbeatMember {
  beat(nowMonotonic: number): void;
}

const slots = 10;

interface Wheel {
  buckets: Set<HeartbeatMember>[];
  size: number;
  next: number;
  cursor: number;
  timer: NodeJS.Timeout;
}

const wheels = new Map<number, Wheel>();

/** Calls `member.beat()` about once per `periodMs` until the returned function is called. */
export function joinHeartbeat(periodMs: number, member: HeartbeatMember): () => void {
  let wheel = wheels.get(periodMs);
  if (!wheel) wheel = startWheel(periodMs);
  const bucket = wheel.buckets[wheel.next++ % slots]!;
  bucket.add(member);
  wheel.size++;
  const joined = wheel;
  let left = false;
  return () => {
    if (left) return;
    left = true;
    bucket.delete(member);
    if (--joined.size === 0) {
      clearInterval(joined.timer);
      wheels.delete(periodMs);
    }
  };
}

function startWheel(periodMs: number): Wheel {
  const wheel: Wheel = {
    buckets: Array.from({ length: slots }, () => new Set<HeartbeatMember>()),
    size: 0,
    next: 0,
    cursor: 0,
    timer: setInterval(
      () => {
        const bucket = wheel.buckets[wheel.cursor++ % slots]!;
        const now = performance.now();
        for (const member of bucket) member.beat(now);
      },
      Math.max(1, Math.round(periodMs / slots)),
    ),
  };
  // The sockets and pending polls keep the process alive, not the heartbeat.
  wheel.timer.unref();
  wheels.set(periodMs, wheel);
  return wheel;
}
