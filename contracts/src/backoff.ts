/**
 * Exponential back-off, one formula for every retry schedule: the EA's reconnects
 * (ea/PROTOCOL.md: 1 s, 2 s, 4 s … capped at 30 s, with jitter) and the server's job retries
 * (the same doubling BullMQ's `exponential` back-off uses).
 */

/** Step `attempt` (0-based) of a doubling schedule from `initialMs`, capped at `maxMs`. */
export function backoffStep(initialMs: number, attempt: number, maxMs = Number.POSITIVE_INFINITY) {
  // The exponent is capped so a long outage cannot overflow to Infinity before the cap applies.
  return Math.min(maxMs, initialMs * 2 ** Math.min(attempt, 30));
}

/**
 * A delay drawn from the upper half of step `attempt`, so that many clients cut off together
 * (EAs, dashboards after a server restart) do not come back together.
 */
export function jitteredBackoff(
  initialMs: number,
  attempt: number,
  maxMs: number,
  random: () => number = Math.random,
) {
  const step = backoffStep(initialMs, attempt, maxMs);
  return step / 2 + (random() * step) / 2;
}
