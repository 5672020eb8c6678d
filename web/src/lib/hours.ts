import { isOpenOn, WEEKDAYS, type Weekday } from '@directory/core/rules/opening-hours.js';

/** The weekday name the hours table is keyed by, in the visitor's own time zone. */
export function weekdayOf(date: Date = new Date()): Weekday {
  return WEEKDAYS[date.getDay()];
}

/**
 * Public spec §4 (core's isOpenOn, the api's rule): open when today's entry exists and is not 'Closed'; null
 * (no badge) when hours are missing. Computed from the visitor's clock rather than read from the (cached) api
 * answer, so that the badge and the highlighted row of the hours table always speak of the same day.
 */
export function isOpenToday(hours: Record<string, string> | null | undefined, date: Date = new Date()): boolean | null {
  if (!hours || Object.keys(hours).length === 0) return null;
  return isOpenOn(hours, date);
}
