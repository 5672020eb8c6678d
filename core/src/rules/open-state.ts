import { WEEKDAYS, type WorkingHours } from './opening-hours.js';
import {
  MINUTES_PER_DAY,
  MINUTES_PER_WEEK,
  unlistedIntervals,
  weekIntervals,
  type WeekIntervals,
} from './week-hours.js';

/** Whether a business is open at an instant, judged in its own zone; the times are its local wall-clock times. */
export interface OpenState {
  /** null when the hours are missing or unreadable, or today's are not listed. */
  open: boolean | null;
  /** When open: the local time it closes ("11 PM"), prefixed by the weekday when not today; null when never. */
  closesAt: string | null;
  /** When closed: the local time it opens next ("11:30 AM", "Mon 9 AM"); null when never, or not known. */
  opensAt: string | null;
}

const UNKNOWN: OpenState = { open: null, closesAt: null, opensAt: null };
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The local minute of the week (Sunday 00:00 = 0) at `now` in `timeZone`; a missing or unknown zone reads as UTC. */
export function localMinuteOfWeek(now: Date, timeZone: string | null | undefined): number {
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = formatterFor(timeZone || 'UTC');
  } catch {
    formatter = formatterFor('UTC');
  }
  const parts = Object.fromEntries(formatter.formatToParts(now).map((p) => [p.type, p.value]));
  const day = WEEKDAYS.findIndex((d) => d.startsWith(parts.weekday));
  return day * MINUTES_PER_DAY + (Number(parts.hour) % 24) * 60 + Number(parts.minute);
}

/** "9 AM", "11:30 PM", "12 PM" for a minute of the day. */
export function clockText(minuteOfDay: number): string {
  const hour = Math.floor(minuteOfDay / 60) % 24;
  const minute = minuteOfDay % 60;
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}${minute ? `:${String(minute).padStart(2, '0')}` : ''} ${hour < 12 ? 'AM' : 'PM'}`;
}

function whenText(minuteOfWeek: number, now: number): string {
  const at = minuteOfWeek % MINUTES_PER_WEEK;
  const time = clockText(at % MINUTES_PER_DAY);
  // Within the next 24 hours "11 PM" cannot be misread; further away the weekday is needed, also for this weekday's
  // hours already past (a week ahead).
  const ahead = (at - now + MINUTES_PER_WEEK) % MINUTES_PER_WEEK;
  return ahead < MINUTES_PER_DAY ? time : `${WEEKDAYS[Math.floor(at / MINUTES_PER_DAY)].slice(0, 3)} ${time}`;
}

/**
 * The open state of intervals at a local minute of the week; an interval ending at the week's end joins one at 0.
 * Within the unlisted minutes (unlistedIntervals) the state is unknown, and a next opening beyond some is not given.
 */
export function stateAt(intervals: WeekIntervals, minute: number, unlisted: WeekIntervals = []): OpenState {
  const current = intervals.find(([start, end]) => start <= minute && minute < end);
  if (current) {
    if (current[0] === 0 && current[1] === MINUTES_PER_WEEK) return { open: true, closesAt: null, opensAt: null };
    let end = current[1];
    if (end === MINUTES_PER_WEEK && intervals[0][0] === 0) end = MINUTES_PER_WEEK + intervals[0][1];
    return { open: true, closesAt: whenText(end, minute), opensAt: null };
  }
  if (unlisted.some(([start, end]) => start <= minute && minute < end)) return UNKNOWN;
  const next = intervals.find(([start]) => start > minute) ?? intervals[0];
  const ahead = (at: number) => (at - minute + MINUTES_PER_WEEK) % MINUTES_PER_WEEK;
  if (!next || unlisted.some(([start]) => ahead(start) < ahead(next[0]))) {
    return { open: false, closesAt: null, opensAt: null };
  }
  return { open: false, closesAt: null, opensAt: whenText(next[0], minute) };
}

/** Public spec §4 at the business's local time: open at this minute in its zone, overnight hours and 24 h included. */
export function openState(
  hours: WorkingHours | null,
  timeZone: string | null | undefined,
  now: Date = new Date(),
): OpenState {
  const intervals = weekIntervals(hours);
  if (!intervals) return UNKNOWN;
  return stateAt(intervals, localMinuteOfWeek(now, timeZone), unlistedIntervals(hours, intervals) ?? []);
}

/** "Open now · closes 11 PM", "Closed · opens 11:30 AM", "Open 24 hours"; null when unknown. */
export function openStateText(state: OpenState): string | null {
  if (state.open === null) return null;
  if (state.open) return state.closesAt ? `Open now · closes ${state.closesAt}` : 'Open 24 hours';
  return state.opensAt ? `Closed · opens ${state.opensAt}` : 'Closed';
}
