import { knownTimeZones, localMinuteOfWeek, readWeekIntervalsText, stateAt } from '@directory/core';

/**
 * "Open now" at each business's local time, for both engines. A document stores its open minutes of the week in
 * local time (core's weekIntervals) and its zone; a query computes, once per known zone, the zone's local minute of
 * the week now (and groups the zones that share it: one group per UTC offset), so no row's time is converted, and
 * DST needs no recomputation of any document.
 */

/** Zones that share a local minute of the week at the instant. */
export interface ZoneGroup {
  minute: number;
  zones: readonly string[];
}

export interface OpenNowClock {
  /** Every known zone (knownTimeZones) grouped by its local minute, the largest groups first (ties by first zone). */
  groups: readonly ZoneGroup[];
  /** Every known zone's minute, as a JSON object (zone → minute): the PostgreSQL engine's lookup. */
  minutesText: string;
  /** A zone's local minute of the week (a quarter-hour's start when the clock's step is 15); null when unknown. */
  minuteIn(zone: string | null): number | null;
}

let cached: { key: string; clock: OpenNowClock } | null = null;

/**
 * The clock at `now`, the local minutes rounded down to `stepMinutes` (1, or 15 for an engine that indexes
 * quarter-hour slots). Computed once per minute of time.
 */
export function openNowClock(now: Date, stepMinutes = 1): OpenNowClock {
  const key = `${Math.floor(now.getTime() / 60_000)}/${stepMinutes}`;
  if (cached?.key === key) return cached.clock;
  const minutes = new Map<string, number>();
  const byMinute = new Map<number, string[]>();
  for (const zone of knownTimeZones()) {
    const local = localMinuteOfWeek(now, zone);
    const minute = local - (local % stepMinutes);
    minutes.set(zone, minute);
    const zones = byMinute.get(minute);
    if (zones) zones.push(zone);
    else byMinute.set(minute, [zone]);
  }
  const groups = [...byMinute]
    .map(([minute, zones]) => ({ minute, zones }))
    .sort((a, b) => b.zones.length - a.zones.length || (a.zones[0] < b.zones[0] ? -1 : 1));
  const clock: OpenNowClock = {
    groups,
    minutesText: JSON.stringify(Object.fromEntries(minutes)),
    minuteIn: (zone) => minutes.get(zone ?? 'UTC') ?? null,
  };
  cached = { key, clock };
  return clock;
}

/**
 * The UTC hour of the week at `now` (0 = Sunday 00:00 UTC), as the PostgreSQL engine's documents index the hours they
 * may be open in (search_open_hours).
 */
export function openHourNow(now: Date): number {
  return now.getUTCDay() * 24 + now.getUTCHours();
}

/** What a hit says of its hours: open now, and when it closes or opens next, in its local time. */
export type HitOpenState = { openNow: boolean | null; closesAt: string | null; opensAt: string | null };

/**
 * A hit's open state: its stored open and unlisted minutes (multirange literals) at its zone's minute on the clock;
 * all null when the hours are unknown (or the zone is, or the day is unlisted). The same judgement as the engines'
 * filters, and core's stateAt for the times.
 */
export function openStateOf(
  openMinutes: string | null | undefined,
  unlistedMinutes: string | null | undefined,
  zone: string | null,
  clock: OpenNowClock,
): HitOpenState {
  const intervals = readWeekIntervalsText(openMinutes);
  const minute = clock.minuteIn(zone);
  if (intervals === null || minute === null) return { openNow: null, closesAt: null, opensAt: null };
  const state = stateAt(intervals, minute, readWeekIntervalsText(unlistedMinutes) ?? []);
  return { openNow: state.open, closesAt: state.closesAt, opensAt: state.opensAt };
}
