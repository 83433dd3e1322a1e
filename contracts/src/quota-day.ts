/**
 * The quota day runs in America/New_York and resets at local midnight (spec section 6): the
 * one place that knows it, for the server's quota, the history's "today" and daily rows, and
 * the client's "resets in". Offsets change with DST (UTC-5 / UTC-4), so the reset instant is
 * computed from the zone's own wall clock.
 */
export const quotaTimeZone = 'America/New_York';
/** Date and time of day to the second on New York's 24-hour wall clock, for `Intl`. */
export const quotaWallClockOptions = {
  timeZone: quotaTimeZone,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
} as const satisfies Intl.DateTimeFormatOptions;
const wallClock = new Intl.DateTimeFormat('en-US', quotaWallClockOptions);

function wallParts(ms: number) {
  const parts: Record<string, number> = {};
  for (const p of wallClock.formatToParts(ms)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
}

/** Zone offset at `ms` in ms (negative west of UTC), from the wall clock it shows. */
function offsetAt(ms: number): number {
  const p = wallParts(ms);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** The UTC instant of New York local midnight starting the given calendar day. */
function midnightUtc(year: number, month: number, day: number): number {
  const guess = Date.UTC(year, month - 1, day);
  // Two passes: the offset at the guess may differ from the offset at the answer around DST.
  let ms = guess - offsetAt(guess);
  ms = guess - offsetAt(ms);
  return ms;
}

export type QuotaDay = {
  /** `YYYY-MM-DD` in New York. */
  day: string;
  startsAt: number;
  /** Next New York midnight, ms since epoch. */
  resetsAt: number;
};

export function quotaDayAt(ms: number): QuotaDay {
  const p = wallParts(ms);
  const day = `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
  // Date.UTC normalises day + 1 past the month's end.
  const next = new Date(Date.UTC(p.year, p.month - 1, p.day + 1));
  return {
    day,
    startsAt: midnightUtc(p.year, p.month, p.day),
    resetsAt: midnightUtc(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate()),
  };
}

/**
 * Memoised for the hot path: Intl formatting costs microseconds, and the answer only changes
 * at midnight.
 */
export function createQuotaDayClock() {
  let current: QuotaDay | null = null;
  return (ms: number): QuotaDay => {
    if (!current || ms >= current.resetsAt || ms < current.startsAt) current = quotaDayAt(ms);
    return current;
  };
}
