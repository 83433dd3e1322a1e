import { describe, expect, it } from 'vitest';
import { localTime, withinHours } from './rules-clock.ts';

const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri'] as const;

describe('trading hours', () => {
  it('reads the local day and time of the zone, across a DST change', () => {
    // 2026-03-29 01:30 UTC: London has just moved to BST (02:30 local), a Sunday.
    expect(localTime(Date.parse('2026-03-29T01:30:00Z'), 'Europe/London')).toMatchObject({
      day: 'sun',
      date: '2026-03-29',
      clock: '02:30',
    });
    const hours = { timeZone: 'Europe/London', days: [...weekdays], from: '08:00', to: '17:00' };
    // 07:30 UTC is 08:30 BST on Monday 30 March (inside), 07:30 GMT on Monday 23 March (outside).
    expect(withinHours(hours, Date.parse('2026-03-30T07:30:00Z'))).toBe(true);
    expect(withinHours(hours, Date.parse('2026-03-23T07:30:00Z'))).toBe(false);
    expect(withinHours(hours, Date.parse('2026-03-30T16:00:00Z'))).toBe(false); // 17:00 BST: end
  });

  it('counts a window across midnight on the day it starts', () => {
    const hours = { timeZone: 'UTC', days: ['fri' as const], from: '22:00', to: '06:00' };
    expect(withinHours(hours, Date.parse('2026-11-27T23:00:00Z'))).toBe(true); // Fri 23:00
    expect(withinHours(hours, Date.parse('2026-11-28T05:59:00Z'))).toBe(true); // Sat 05:59
    expect(withinHours(hours, Date.parse('2026-11-28T06:00:00Z'))).toBe(false); // Sat 06:00
    expect(withinHours(hours, Date.parse('2026-11-28T23:00:00Z'))).toBe(false); // Sat 23:00
    expect(withinHours(hours, Date.parse('2026-11-27T05:00:00Z'))).toBe(false); // Fri 05:00: Thu's
  });
});
