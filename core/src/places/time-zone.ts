import tzLookup from '@photostructure/tz-lookup';
import { getAllTimezones, getCountry, getTimezone } from 'countries-and-timezones';

/**
 * The IANA name of a time zone a business can be in, or null: the name must be known to Intl (so every later
 * time judgement can use it) and to the zone table as the zone of a country (so "UTC", "EST" and "Etc/GMT+9"
 * are not taken for a place). Old names are mapped to the current one ("Asia/Calcutta" → "Asia/Kolkata"),
 * letter case is repaired ("europe/zurich" → "Europe/Zurich"), abbreviations ("EST") are refused.
 */
export function timeZoneName(text: string): string | null {
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en', { timeZone: text.trim() }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  // Abbreviations are links to a city now ("EST" → "America/Panama", which has no summer time): a file that
  // writes EST means New York as often as Panama. ICU spells some zones by their old name (Node 20 answers
  // "Asia/Calcutta" for "Asia/Kolkata"): the zone table is asked for the name as written first.
  if (!text.includes('/')) return null;
  const zone =
    getTimezone(text.trim()) ?? (resolved.toLowerCase() === text.trim().toLowerCase() ? getTimezone(resolved) : null);
  if (!zone || zone.countries.length === 0) return null;
  return zone.aliasOf ?? zone.name;
}

/**
 * The zone at a point (tz-lookup: offline, 0.3 MB), when it is a zone of `countryCode` (or no country is
 * known). tz-lookup answers for the sea too ("America/Vancouver" 300 km off the coast): PlaceFinder asks only
 * for businesses whose country is known, and a zone of another country is refused.
 */
export function timeZoneAt(latitude: number, longitude: number, countryCode: string | null): string | null {
  let found: string;
  try {
    found = tzLookup(latitude, longitude);
  } catch {
    return null;
  }
  const zone = getTimezone(found);
  if (!zone || zone.countries.length === 0) return null;
  if (countryCode !== null && !(zone.countries as readonly string[]).includes(countryCode)) return null;
  return zone.aliasOf ?? zone.name;
}

/** Whether a zone is one of a country's (America/Chicago of US; Europe/Zurich of no country but CH and LI). */
export function isZoneOf(zone: string, countryCode: string): boolean {
  return ((getTimezone(zone)?.countries ?? []) as readonly string[]).includes(countryCode.toUpperCase());
}

/** The zone of a country that has exactly one (Serbia, Switzerland, India), else null (United States). */
export function countryTimeZone(countryCode: string): string | null {
  const zones = getCountry(countryCode)?.timezones ?? [];
  return zones.length === 1 ? (getTimezone(zones[0])?.aliasOf ?? zones[0]) : null;
}

let known: readonly string[] | null = null;

/**
 * Every zone a business can be stored in (the names the functions above answer, those Intl lists, and UTC, which a
 * business without a zone is judged in), sorted: the zones an "open now" search asks about.
 */
export function knownTimeZones(): readonly string[] {
  if (!known) {
    const zones = new Set<string>(['UTC', ...Intl.supportedValuesOf('timeZone')]);
    for (const zone of Object.values(getAllTimezones()))
      if (zone.countries.length > 0) zones.add(zone.aliasOf ?? zone.name);
    known = [...zones].sort();
  }
  return known;
}
