import type { Signal, SignalResult } from '@signalrelay/contracts/ea-protocol';
import type { Arrival, FatalError } from './ea-types.ts';

/**
 * One line per event for the `signalrelay-ea` CLI: time, event, then what a trader wants to
 * read. Pure functions, so the format is tested without a terminal.
 */
const pad = (event: string) => event.padEnd(13);

export function clock(wallMs: number): string {
  const d = new Date(wallMs);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}.${String(d.getMilliseconds()).padStart(3, '0')}`;
}

export const line = (wallMs: number, event: string, text: string) =>
  `${clock(wallMs)}  ${pad(event)}${text}`;

/** Licenses are secrets: show only enough to tell two apart. */
export function maskLicense(license: string): string {
  return license.length <= 8 ? '****' : `${license.slice(0, 3)}…${license.slice(-4)}`;
}

/** Signal ids are long UUIDs; the last 8 characters tell signals apart on one screen. */
export const shortId = (id: string) => (id.length > 12 ? `…${id.slice(-8)}` : id);

export function describeSignal(signal: Signal, arrival: Arrival): string {
  const parts = [
    shortId(signal.id),
    signal.position.toUpperCase(),
    signal.symbol || '(all symbols)',
  ];
  if (signal.position === 'buy' || signal.position === 'sell') {
    parts.push(signal.riskPercentage > 0 ? `risk ${signal.riskPercentage}%` : `${signal.lot} lot`);
    if (signal.slpoint) parts.push(`SL ${signal.slpoint} pt`);
    if (signal.tppoint) parts.push(`TP ${signal.tppoint} pt`);
    if (signal.trailingStop) parts.push(`trail ${signal.trailingStop} pt`);
    if (signal.breakEvenPips) parts.push(`BE ${signal.breakEvenPips} pip`);
  }
  if (signal.isTest) parts.push('[test]');
  parts.push(`ttl ${(signal.ttlMs / 1000).toFixed(1)} s`);
  // Both wall clocks: exact on one machine, off by the clock difference across machines.
  parts.push(`alert→EA ${Math.max(0, arrival.wall - signal.receivedAt)} ms`);
  return parts.join('  ');
}

export function describeResult(result: SignalResult, duplicate: boolean): string {
  const parts = [shortId(result.id), result.status.toUpperCase()];
  if (result.retcode !== undefined) parts.push(String(result.retcode));
  if (result.ticket) parts.push(`#${result.ticket}`);
  if (result.price !== undefined) parts.push(`@ ${result.price}`);
  if (result.message) parts.push(result.message);
  if (duplicate) parts.push('(repeat delivery: first result sent again, not traded twice)');
  return parts.join('  ');
}

export const describeFatal = (error: FatalError) =>
  `${error.code}: ${error.message} — stopped; fix the problem and start again.`;
