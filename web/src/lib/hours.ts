import { localMinuteOfWeek, openState, openStateText } from '@directory/core/rules/open-state.js';
import { WEEKDAYS, type Weekday } from '@directory/core/rules/opening-hours.js';

/** The weekday the hours table is keyed by, at `date` in the business's time zone (UTC when it has none). */
export function weekdayOf(timeZone: string | null | undefined, date: Date = new Date()): Weekday {
  return WEEKDAYS[Math.floor(localMinuteOfWeek(date, timeZone) / (24 * 60))];
}

/**
 * The badge of a business (core's openState, the rule the api and the search engines judge by), at `date` in the
 * business's time zone: "Open now · closes 11 PM", "Closed · opens 11:30 AM"; null (no badge) when the hours are
 * missing or unreadable.
 */
export function openBadge(
  hours: Record<string, string> | null | undefined,
  timeZone: string | null | undefined,
  date: Date = new Date(),
): { open: boolean; text: string } | null {
  if (!hours || Object.keys(hours).length === 0) return null;
  const state = openState(hours, timeZone, date);
  const text = openStateText(state);
  return state.open === null || text === null ? null : { open: state.open, text };
}
