/**
 * Signal time-to-live, measured on this process's monotonic clock from the moment the signal
 * arrived: the server's and the terminal's wall clocks may disagree by seconds, the monotonic
 * clock never jumps.
 */
export const expiredMessage = 'expired';

/** The monotonic instant after which the signal may no longer be executed. */
export function ttlDeadline(ttlMs: number, arrivedMonotonic: number): number {
  return ttlMs <= 0 ? Number.NEGATIVE_INFINITY : arrivedMonotonic + ttlMs;
}

export function isExpired(deadline: number, nowMonotonic: number = performance.now()): boolean {
  return nowMonotonic >= deadline;
}
