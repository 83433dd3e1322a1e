import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createQuotaDayClock, quotaDayAt, quotaWallClockOptions } from './quota-day.ts';

const hour = 60 * 60 * 1000;
const newYork = new Intl.DateTimeFormat('en-CA', {
  ...quotaWallClockOptions,
  fractionalSecondDigits: 3,
});

/** `YYYY-MM-DD HH:MM:SS.mmm` on New York's wall clock, by the platform's own time zone data. */
function wallTime(ms: number): string {
  const p = Object.fromEntries(newYork.formatToParts(ms).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}.${p.fractionalSecond}`;
}

/** Any instant from 1990 to 2060, millisecond precision. */
const instant = fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2060, 0, 1) });
/** Instants within a few hours of a US DST change (second Sunday of March, first of November). */
const nearDstChange = fc
  .record({
    year: fc.integer({ min: 2007, max: 2060 }),
    spring: fc.boolean(),
    offset: fc.integer({ min: -30 * hour, max: 30 * hour }),
  })
  .map(({ year, spring, offset }) => {
    const month = spring ? 2 : 10;
    const first = new Date(Date.UTC(year, month, 1)).getUTCDay();
    const firstSunday = 1 + ((7 - first) % 7);
    const sunday = spring ? firstSunday + 7 : firstSunday;
    // 07:00 UTC is 02:00 or 03:00 in New York: the change itself.
    return Date.UTC(year, month, sunday, 7) + offset;
  });

describe('quota day (America/New_York), property-based', () => {
  const properties = (t: number) => {
    const q = quotaDayAt(t);
    // The instant lies in its day, which is the New York calendar date at that instant.
    expect(q.startsAt).toBeLessThanOrEqual(t);
    expect(t).toBeLessThan(q.resetsAt);
    expect(wallTime(t).slice(0, 10)).toBe(q.day);
    // Both ends are New York midnights, and the day before the reset is still this day.
    expect(wallTime(q.startsAt).slice(11)).toBe('00:00:00.000');
    expect(wallTime(q.resetsAt).slice(11)).toBe('00:00:00.000');
    expect(wallTime(q.resetsAt - 1).slice(0, 10)).toBe(q.day);
    // A day lasts 23, 24 or 25 hours; the next one starts where this one ends.
    expect([23 * hour, 24 * hour, 25 * hour]).toContain(q.resetsAt - q.startsAt);
    expect(quotaDayAt(q.resetsAt).startsAt).toBe(q.resetsAt);
    expect(quotaDayAt(q.resetsAt - 1).day).toBe(q.day);
  };

  it('resetsAt is always the next New York midnight, for any instant', () => {
    fc.assert(fc.property(instant, properties), { numRuns: 2000 });
  });

  it('holds around every DST change, where days last 23 or 25 hours', () => {
    fc.assert(fc.property(nearDstChange, properties), { numRuns: 2000 });
  });

  it('knows which days are short and long', () => {
    expect(
      quotaDayAt(Date.UTC(2026, 2, 8, 12)).resetsAt - quotaDayAt(Date.UTC(2026, 2, 8, 12)).startsAt,
    ).toBe(23 * hour);
    expect(
      quotaDayAt(Date.UTC(2026, 10, 1, 12)).resetsAt -
        quotaDayAt(Date.UTC(2026, 10, 1, 12)).startsAt,
    ).toBe(25 * hour);
  });

  it('the memoised clock answers like quotaDayAt for any sequence of instants', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(instant, nearDstChange), { maxLength: 50 }), (times) => {
        const clock = createQuotaDayClock();
        for (const t of times) expect(clock(t)).toEqual(quotaDayAt(t));
      }),
      { numRuns: 300 },
    );
  });
});
