import { quotaDayAt } from '@signalrelay/contracts/quota-day';

/** Number display rules (spec section 9): prices 5 decimals, other numbers 2, win rate 1. */

const fixed = (digits: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

const price = fixed(5);
const two = fixed(2);
const one = fixed(1);

export const formatPrice = (value: number) => price.format(value);
export const formatNumber = (value: number) => two.format(value);
export const formatPercent = (value: number) => `${one.format(value)}%`;

/** Signed money with two decimals: "+12.40", "-3.05", "0.00". */
export function formatProfit(value: number): string {
  const text = two.format(Math.abs(value));
  if (value > 0) return `+${text}`;
  if (value < 0) return `-${text}`;
  return text;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/**
 * "2026-11-24 14:02:57" (with `ms`: "2026-11-24 14:02:57.540") in the viewer's time zone: the
 * dashboard's one timestamp format. Screens name the zone once (`viewerTimeZone`).
 */
export function formatTimestamp(instant: string | number | Date, ms = false): string {
  const d = new Date(instant);
  const day = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  const text = `${day} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  return ms ? `${text}.${pad(d.getMilliseconds(), 3)}` : text;
}

/** The viewer's time zone as the browser names it, e.g. "Europe/Berlin". */
export const viewerTimeZone = new Intl.DateTimeFormat().resolvedOptions().timeZone;

/** "3h 05m", "12m"; durations of open positions are shown as 'Open' by the caller. */
export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours > 0 ? `${hours}h ${pad(rest)}m` : `${rest}m`;
}

/** Milliseconds until the next midnight in US Eastern time, when daily quotas reset. */
export function msUntilEasternMidnight(now: number): number {
  return quotaDayAt(now).resetsAt - now;
}
