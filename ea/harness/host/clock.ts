/**
 * The simulated world's clock: real time plus a shift a scenario can move (to midnight New
 * York, across a DST change, 90 days ahead). The trade server keeps its own time zone:
 *
 * - `new-york-close`: the usual "17:00 New York is midnight" server clock, GMT+2 in winter and
 *   GMT+3 while New York is on summer time (the offset follows America/New_York, read from the
 *   ICU time-zone data rather than re-derived, so it is an independent oracle for the EA's own
 *   DST arithmetic);
 * - `fixed`: a constant offset in seconds (GMT+0 brokers, GMT+2 without DST ...).
 *
 * MQL reference: TimeCurrent, TimeTradeServer, TimeGMT, TimeLocal
 * (mql5.com/en/docs/dateandtime).
 */
export type ServerZone = { kind: 'new-york-close' } | { kind: 'fixed'; offsetSeconds: number };

const newYorkOffset = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  timeZoneName: 'shortOffset',
});

/** New York's offset from UTC at `utcMs`, in seconds (-4 h or -5 h). */
export function newYorkOffsetSeconds(utcMs: number): number {
  const name = newYorkOffset.formatToParts(utcMs).find((p) => p.type === 'timeZoneName')?.value;
  const hours = Number(/GMT([+-]\d+)/.exec(name ?? '')?.[1]);
  if (!Number.isFinite(hours)) throw new Error(`clock: cannot read New York's offset from ${name}`);
  return hours * 3600;
}

export class Clock {
  private shiftMs = 0;

  constructor(public zone: ServerZone = { kind: 'new-york-close' }) {}

  /** Milliseconds since the epoch, UTC, as the simulated world sees it. */
  utcMs(): number {
    return Date.now() + this.shiftMs;
  }

  /** Moves the clock by `ms` (negative goes back). */
  shift(ms: number): void {
    this.shiftMs += ms;
  }

  /** Sets the clock to `utcMs`; it keeps running from there. */
  set(utcMs: number): void {
    this.shiftMs = utcMs - Date.now();
  }

  /** Runs `fn` with the clock at `utcMs` (to book past trades), then puts it back. */
  during<T>(utcMs: number, fn: () => T): T {
    const saved = this.shiftMs;
    this.set(utcMs);
    try {
      return fn();
    } finally {
      this.shiftMs = saved;
    }
  }

  /** The trade server's offset from UTC at `utcMs`, in seconds. */
  serverOffsetSeconds(utcMs: number): number {
    if (this.zone.kind === 'fixed') return this.zone.offsetSeconds;
    return newYorkOffsetSeconds(utcMs) + 7 * 3600;
  }

  /** A UTC instant in trade-server milliseconds (how MT stores trade times). */
  serverMs(utcMs: number): number {
    return utcMs + this.serverOffsetSeconds(utcMs) * 1000;
  }

  /** Trade-server milliseconds back to UTC (HistorySelect bounds arrive in server time). */
  utcOfServerMs(serverMs: number): number {
    // The offset at the server instant taken as UTC is right except within the hour of a
    // DST change, where the second guess corrects it.
    const guess = serverMs - this.serverOffsetSeconds(serverMs) * 1000;
    return serverMs - this.serverOffsetSeconds(guess) * 1000;
  }
}
