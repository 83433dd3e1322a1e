import { type TradingHours, type WeekDay, weekDays } from '@signalrelay/contracts/rules';

/** What a moment is in one time zone: its day of the week, date and minutes since midnight. */
export type LocalTime = { day: WeekDay; date: string; minutes: number; clock: string };

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string) {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  return format;
}

export function localTime(at: number, timeZone: string): LocalTime {
  const parts: Record<string, string> = {};
  for (const part of formatIn(timeZone).formatToParts(at)) parts[part.type] = part.value;
  const hour = Number(parts.hour);
  const minute = Number(parts.minute);
  return {
    day: (parts.weekday ?? 'Mon').toLowerCase() as WeekDay,
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: hour * 60 + minute,
    clock: `${parts.hour}:${parts.minute}`,
  };
}

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

function dayBefore(day: WeekDay): WeekDay {
  return weekDays[(weekDays.indexOf(day) + 6) % 7] as WeekDay;
}

/**
 * Whether `at` is inside the trading hours. A window across midnight (22:00–06:00) belongs to
 * the day it starts: Friday's 22:00–06:00 covers Saturday until 06:00, Sunday's does not.
 */
export function withinHours(hours: TradingHours, at: number): boolean {
  const local = localTime(at, hours.timeZone);
  const from = minutesOf(hours.from);
  const to = minutesOf(hours.to);
  if (from < to) {
    return hours.days.includes(local.day) && local.minutes >= from && local.minutes < to;
  }
  if (local.minutes >= from) return hours.days.includes(local.day);
  return local.minutes < to && hours.days.includes(dayBefore(local.day));
}
