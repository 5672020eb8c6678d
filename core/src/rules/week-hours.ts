import { parseWorkingHours, WEEKDAYS, type WorkingHours } from './opening-hours.js';

export const MINUTES_PER_DAY = 24 * 60;
export const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;

/** Open minutes of the week in local wall-clock time, [start, end), Sunday 00:00 = 0; sorted, merged, never wrapping. */
export type WeekIntervals = Array<[start: number, end: number]>;

const TIME = /^(\d{1,2})(?:[:.](\d{2}))?\s*([ap])?\.?\s*m?\.?$/i;

interface ClockTime {
  hour: number;
  minute: number;
  meridiem: 'a' | 'p' | null;
}

function readTime(text: string): ClockTime | null {
  const match = TIME.exec(text.trim());
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = match[2] ? Number(match[2]) : 0;
  const meridiem = (match[3]?.toLowerCase() as 'a' | 'p' | undefined) ?? null;
  if (minute > 59 || (meridiem ? hour < 1 || hour > 12 : hour > 24)) return null;
  return { hour, minute, meridiem };
}

function minutesOf(time: ClockTime, meridiem: 'a' | 'p' | null): number {
  const hour = meridiem === null ? time.hour : (time.hour % 12) + (meridiem === 'p' ? 12 : 0);
  return hour * 60 + time.minute;
}

/**
 * One range of a day's text as minutes from that day's midnight; the end may pass 24:00 (overnight).
 * A start without AM/PM borrows the end's ("5:30-11pm"), unless that would put it after the end ("11-2PM").
 */
function readRange(text: string): [number, number] | null {
  const parts = text.split(/\s*[-–—]\s*|\s+to\s+/i);
  if (parts.length !== 2) return null;
  const start = readTime(parts[0]);
  const end = readTime(parts[1]);
  if (!start || !end) return null;
  const endMinutes = minutesOf(end, end.meridiem);
  let startMinutes = minutesOf(start, start.meridiem ?? end.meridiem);
  if (!start.meridiem && end.meridiem && startMinutes >= endMinutes && endMinutes !== 0) {
    startMinutes = minutesOf(start, end.meridiem === 'a' ? 'p' : 'a');
  }
  const close = endMinutes <= startMinutes ? endMinutes + MINUTES_PER_DAY : endMinutes;
  return [startMinutes, close];
}

/** A day's text as ranges from its midnight; [] when closed, null when unreadable. */
export function readDay(text: string): Array<[number, number]> | null {
  const normalized = text
    .replace(/[\u202f\u00a0\u2009]/g, ' ')
    .trim()
    .toLowerCase();
  if (normalized === '' || normalized === 'closed') return [];
  if (/^(open\s+)?24\s*(hours|hrs|h)$/.test(normalized)) return [[0, MINUTES_PER_DAY]];
  const ranges: Array<[number, number]> = [];
  for (const piece of normalized.split(/\s*[,;]\s*/)) {
    if (!piece) continue;
    const range = readRange(piece);
    if (!range) return null;
    ranges.push(range);
  }
  return ranges.length ? ranges : null;
}

/**
 * A business's week as merged open intervals of local minutes of the week. A day missing from the table is not
 * open (public spec §4; unlistedIntervals tells it from a closed one); overnight hours spill into the next day
 * (Saturday's into Sunday morning); any unreadable day makes the whole week unknown (null), so that no badge is
 * stated on a guess.
 */
export function weekIntervals(hours: WorkingHours | null): WeekIntervals | null {
  if (!hours) return null;
  const raw: Array<[number, number]> = [];
  for (const [index, day] of WEEKDAYS.entries()) {
    const text = hours[day];
    if (text === undefined) continue;
    const ranges = readDay(text);
    if (!ranges) return null;
    for (const [start, end] of ranges) {
      const from = index * MINUTES_PER_DAY + start;
      const to = index * MINUTES_PER_DAY + end;
      if (to <= MINUTES_PER_WEEK) raw.push([from, to]);
      else raw.push([from, MINUTES_PER_WEEK], [0, to - MINUTES_PER_WEEK]);
    }
  }
  raw.sort((a, b) => a[0] - b[0]);
  const merged: WeekIntervals = [];
  for (const [start, end] of raw) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/**
 * The minutes of the week the hours say nothing of: the days missing from a table that lists others (an export that
 * captured one day of the week), less what the listed days' overnight hours cover. Neither open nor closed there:
 * no badge is stated and no opening is promised across them. [] when every day is listed; null when the hours are
 * missing or unreadable.
 */
export function unlistedIntervals(
  hours: WorkingHours | null,
  open: WeekIntervals | null = weekIntervals(hours),
): WeekIntervals | null {
  if (!hours || !open) return null;
  const unlisted: WeekIntervals = [];
  for (const [index, day] of WEEKDAYS.entries()) {
    if (hours[day] !== undefined) continue;
    const last = unlisted.at(-1);
    if (last && last[1] === index * MINUTES_PER_DAY) last[1] += MINUTES_PER_DAY;
    else unlisted.push([index * MINUTES_PER_DAY, (index + 1) * MINUTES_PER_DAY]);
  }
  return subtract(unlisted, open);
}

/** `from` less `minus`, both sorted and merged. */
function subtract(from: WeekIntervals, minus: WeekIntervals): WeekIntervals {
  const left: WeekIntervals = [];
  for (const [start, end] of from) {
    let at = start;
    for (const [cutStart, cutEnd] of minus) {
      if (cutEnd <= at || cutStart >= end) continue;
      if (cutStart > at) left.push([at, cutStart]);
      at = Math.max(at, cutEnd);
    }
    if (at < end) left.push([at, end]);
  }
  return left;
}

/**
 * Intervals as a PostgreSQL int4multirange literal ("{[540,1020),[1980,2460)}", "{}" when closed all week): the
 * form businesses.open_minutes and the search documents store them in.
 */
export function weekIntervalsText(intervals: WeekIntervals): string {
  return `{${intervals.map(([start, end]) => `[${start},${end})`).join(',')}}`;
}

/** The intervals of a multirange literal as PostgreSQL writes one (canonical `[start,end)` ranges); null when not one. */
export function readWeekIntervalsText(text: string | null | undefined): WeekIntervals | null {
  if (typeof text !== 'string' || !/^\{(\[\d+,\d+\))?(,\[\d+,\d+\))*\}$/.test(text)) return null;
  return [...text.matchAll(/\[(\d+),(\d+)\)/g)].map((m): [number, number] => [Number(m[1]), Number(m[2])]);
}

/**
 * The open minutes stored beside a business's working_hours (businesses.open_minutes): its weekIntervals as a
 * multirange literal, null when the hours are missing or unreadable. Whoever writes working_hours writes this too.
 */
export function openMinutesOf(workingHours: unknown): string | null {
  return weekMinutesOf(workingHours).open;
}

/**
 * What businesses.open_minutes and businesses.unlisted_minutes store for a working_hours text: the open minutes
 * (openMinutesOf) and the unlisted ones (unlistedIntervals) as multirange literals, the latter null when every day
 * is listed (most businesses). Both null when the hours are missing or unreadable.
 */
export function weekMinutesOf(workingHours: unknown): { open: string | null; unlisted: string | null } {
  const hours = parseWorkingHours(workingHours);
  const open = weekIntervals(hours);
  const unlisted = unlistedIntervals(hours, open);
  return {
    open: open === null ? null : weekIntervalsText(open),
    unlisted: unlisted === null || unlisted.length === 0 ? null : weekIntervalsText(unlisted),
  };
}
