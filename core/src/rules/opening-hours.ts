import { parseObjectText } from './json-text.js';

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export type WorkingHours = Partial<Record<Weekday, string>>;

/**
 * Working hours as the public spec shapes them: weekday name -> hours text, 'Closed' for closed days.
 * Accepts both export layouts (day -> "9AM-5PM" and day -> ["9-11:30AM", "6-7PM"]); malformed input is null.
 */
export function parseWorkingHours(raw: unknown): WorkingHours | null {
  const object = parseObjectText(raw);
  if (!object) return null;
  const hours: WorkingHours = {};
  for (const [key, value] of Object.entries(object)) {
    const day = WEEKDAYS.find((d) => d.toLowerCase() === key.trim().toLowerCase());
    if (!day) return null;
    const text = Array.isArray(value) ? value.map(String).join(', ') : typeof value === 'string' ? value : null;
    if (text === null) return null;
    hours[day] = text.trim();
  }
  return Object.keys(hours).length ? hours : null;
}
