import { parseObjectText } from './json-text.js';

/** `about` of a business: either a text, or groups mapping an amenity name to a boolean. */
export type About = { text: string } | { groups: Record<string, Record<string, boolean>> };

export const MAX_SHOWN_AMENITIES = 8;

/**
 * Reads the stored `about` value. A JSON object of groups keeps only boolean leaves (exports also carry
 * "Check-in time": "15:00" and similar); plain text stays text; malformed JSON is absent (null).
 */
export function parseAbout(raw: unknown): About | null {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'string') {
    const text = raw.trim();
    if (!text) return null;
    if (text.startsWith('{')) {
      const object = parseObjectText(text);
      return object ? groupsOf(object) : null;
    }
    if (text.startsWith('"')) {
      try {
        const inner: unknown = JSON.parse(text);
        return typeof inner === 'string' && inner.trim() ? { text: inner.trim() } : null;
      } catch {
        return null;
      }
    }
    return { text };
  }
  const object = parseObjectText(raw);
  return object ? groupsOf(object) : null;
}

function groupsOf(object: Record<string, unknown>): About | null {
  const groups: Record<string, Record<string, boolean>> = {};
  for (const [group, entries] of Object.entries(object)) {
    if (!entries || typeof entries !== 'object' || Array.isArray(entries)) continue;
    const kept: Record<string, boolean> = {};
    for (const [name, value] of Object.entries(entries as Record<string, unknown>)) {
      if (typeof value === 'boolean') kept[name] = value;
    }
    if (Object.keys(kept).length) groups[group] = kept;
  }
  return Object.keys(groups).length ? { groups } : null;
}

/**
 * The stored form of an `about` value: canonical JSON (a JSON string for text, an object of groups of booleans),
 * whatever the file wrote (JSON, Python dict text, plain text); null when it cannot be read. Every writer stores
 * this, so SQL reading the column as JSON (the search's amenity words) reads what parseAbout reads.
 */
export function canonicalAbout(raw: string): string | null {
  const about = parseAbout(raw);
  return about ? JSON.stringify('text' in about ? about.text : about.groups) : null;
}

/** The amenities a detail page lists: true ones only, at most eight. */
export function trueAmenities(about: About | null, limit = MAX_SHOWN_AMENITIES): string[] {
  if (!about || !('groups' in about)) return [];
  const names: string[] = [];
  for (const entries of Object.values(about.groups)) {
    for (const [name, value] of Object.entries(entries)) {
      if (value && names.length < limit) names.push(name);
    }
  }
  return names;
}
