import type { FastifyBaseLogger } from 'fastify';
import { createConcurrencyLimit, createRateLimiter, type Verdict } from '../../core/throttle.ts';
import { createLicenseMisses, licenseMissesPerIp } from '../../http/license-misses.ts';

/**
 * Budgets of the EA gateway, per server instance. Valid terminals are never throttled by IP:
 * one address may be a VPS host, a broker's NAT or an untrusted proxy in front of hundreds of
 * terminals that all reconnect when a server restarts. Per IP we count only hellos and polls
 * naming unknown licenses (guesses); a license reconnecting many times a minute is an EA in a
 * loop, or a stolen license, and is limited per license.
 */
export const eaLimits = {
  helloPerLicense: { burst: 30, perSecond: 0.5 },
  /** Hellos, polls and results naming an unknown license, per source IP. */
  missesPerIp: licenseMissesPerIp,
} as const;

/** Hellos handled at once: a reconnect storm must not take every database connection. */
const helloConcurrency = 16;

export function createEaLimits({ now, log }: { now: () => number; log: FastifyBaseLogger }) {
  const helloPerLicense = createRateLimiter(eaLimits.helloPerLicense, { now });
  const misses = createLicenseMisses({ now, log, route: 'ea' });
  return {
    helloForLicense: (userId: string): Verdict => helloPerLicense.take(userId),
    /** An unknown license from `ip`: allowed = answer LICENSE_INVALID, else RATE_LIMITED. */
    miss: (ip: string): Verdict => misses.miss(ip),
    hellos: createConcurrencyLimit(helloConcurrency),
  };
}

export type EaLimits = ReturnType<typeof createEaLimits>;
