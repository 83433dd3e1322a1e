import { jitteredBackoff } from '@signalrelay/contracts/backoff';
import type { BackoffOptions } from './ea-types.ts';

export const defaultBackoff: BackoffOptions = {
  initialMs: 1000,
  maxMs: 30_000,
  random: Math.random,
};

/**
 * Delay before reconnect attempt `attempt` (0-based): 1 s, 2 s, 4 s … capped, each drawn from
 * the upper half of its step so that a thousand EAs cut off together do not return together.
 */
export function backoffDelay(attempt: number, options: BackoffOptions): number {
  return Math.round(jitteredBackoff(options.initialMs, attempt, options.maxMs, options.random));
}

/** Delay after a server restart (close 1012): quick, but spread over a second. */
export function restartDelay(options: BackoffOptions): number {
  return Math.round(options.random() * Math.min(1000, options.maxMs));
}
