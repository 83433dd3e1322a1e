import type { FastifyBaseLogger } from 'fastify';
import { createMissGuard, type Verdict } from '../core/throttle.ts';
import { AppError } from '../errors.ts';

/**
 * Calls naming unknown licenses (guesses), per source IP, on every route that takes a license
 * number: the EA gateway, the webhook and the orders report. Valid licenses are never counted.
 */
export const licenseMissesPerIp = { burst: 20, perSecond: 0.1 } as const;

/** Counts unknown licenses per IP on `route`, logging a throttled address sparingly. */
export function createLicenseMisses({
  now,
  log,
  route,
}: {
  now: () => number;
  log: FastifyBaseLogger;
  route: string;
}) {
  return createMissGuard({
    limit: licenseMissesPerIp,
    now,
    warn: (fields, message) => log.warn({ ...fields, route }, message),
  });
}

/**
 * Guessing licenses: when `err` is LICENSE_INVALID it counts against `ip`, and past the
 * budget the answer is 429 instead of 401. Any other error is left to the caller.
 */
export function refuseGuessing(misses: { miss(ip: string): Verdict }, ip: string, err: unknown) {
  if (!(err instanceof AppError) || err.code !== 'LICENSE_INVALID') return;
  const miss = misses.miss(ip);
  if (!miss.allowed) {
    throw new AppError('RATE_LIMITED', undefined, { retryAfterSeconds: miss.retryAfterSeconds });
  }
}
