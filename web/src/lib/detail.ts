/**
 * Facts of the business page as plain functions (shared by the server render): opening hours in the visitor's
 * locale, the address without repeating its city and country, the breadcrumb, the website's host.
 */
import { WEEKDAYS, type Weekday } from '@directory/core/rules/opening-hours.js';
import { MINUTES_PER_DAY, readDay } from '@directory/core/rules/week-hours.js';
import { foldText } from './fold.js';

export const CLOSED = 'Closed';
export const OPEN_24_HOURS = 'Open 24 hours';
export const NOT_LISTED = 'Not listed';

/** A minute of the day ("570" → "9:30 AM" in en-US, "09:30" in de-DE (the locale's short time)); minutes past midnight wrap. */
export function clockIn(locale: string, minute: number): string {
  const m = minute % MINUTES_PER_DAY;
  const date = new Date(Date.UTC(2000, 0, 1, Math.floor(m / 60), m % 60));
  return new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: 'UTC' }).format(date);
}

/**
 * One day's stored text ("7AM-7PM", "11:30am-11:15pm", "9-11:30AM, 6-10PM") in one format: "7:00 AM – 7:00 PM",
 * "Closed", "Open 24 hours"; text core's hours rule cannot read is shown as stored.
 */
export function dayHoursText(text: string | undefined, locale: string): string {
  if (text === undefined || !text.trim()) return NOT_LISTED;
  const ranges = readDay(text);
  if (ranges === null) return text.trim();
  if (ranges.length === 0) return CLOSED;
  if (ranges.some(([start, end]) => start === 0 && end >= MINUTES_PER_DAY)) return OPEN_24_HOURS;
  return ranges.map(([start, end]) => `${clockIn(locale, start)} – ${clockIn(locale, end)}`).join(', ');
}

/** The hours table: a row for each day of the week (stored or not), each in the one format. */
export function hoursRows(hours: Record<string, string>, locale: string): { day: Weekday; text: string }[] {
  return WEEKDAYS.map((day) => ({ day, text: dayHoursText(hours[day], locale) }));
}

export interface AddressPart {
  text: string;
  /** This part names the city or the country: the page links it. */
  link?: 'city' | 'country';
}

/** Where `needle` last occurs in `text` as whole words, compared folded (case and accents); null if nowhere. */
function lastWordMatch(text: string, needle: string): [number, number] | null {
  // Folded character by character, remembering where each folded character came from.
  let folded = '';
  const origin: number[] = [];
  for (let i = 0; i < text.length;) {
    const char = String.fromCodePoint(text.codePointAt(i)!);
    for (const c of foldText(char)) {
      folded += c;
      origin.push(i);
    }
    i += char.length;
  }
  origin.push(text.length);
  const target = foldText(needle.trim());
  if (!target) return null;
  const letter = /[\p{L}\p{N}]/u;
  for (let at = folded.lastIndexOf(target); at >= 0; at = at > 0 ? folded.lastIndexOf(target, at - 1) : -1) {
    const before = folded[at - 1];
    const after = folded[at + target.length];
    if ((before === undefined || !letter.test(before)) && (after === undefined || !letter.test(after)))
      return [origin[at], origin[at + target.length]];
  }
  return null;
}

/**
 * The address line: the stored full address once, its city and country named as links where it already names
 * them, and appended (", Zürich, Switzerland") only where it does not.
 */
export function addressParts(fullAddress: string | null, city: string | null, country: string | null): AddressPart[] {
  let parts: AddressPart[] = fullAddress?.trim() ? [{ text: fullAddress.trim() }] : [];
  const place = (name: string | null, link: 'city' | 'country') => {
    if (!name?.trim()) return;
    // Found in the address's plain text (not inside a part already linked): that occurrence becomes the link.
    for (let i = parts.length - 1; i >= 0; i--) {
      const part = parts[i];
      const match = part.link ? null : lastWordMatch(part.text, name);
      if (!match) continue;
      const [start, end] = match;
      const pieces: AddressPart[] = [
        { text: part.text.slice(0, start) },
        { text: part.text.slice(start, end), link },
        { text: part.text.slice(end) },
      ];
      parts = [...parts.slice(0, i), ...pieces.filter((p) => p.text), ...parts.slice(i + 1)];
      return;
    }
    parts = parts.length ? [...parts, { text: ', ' }, { text: name.trim(), link }] : [{ text: name.trim(), link }];
  };
  place(city, 'city');
  place(country, 'country');
  return parts;
}

/** The website's host as a visitor reads it ("www.cafe.ch" → "cafe.ch"); null when the address is not http(s). */
export function websiteHost(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(/^https?:\/\//i.test(url.trim()) ? url.trim() : `https://${url.trim()}`);
    if (!/^https?:$/.test(parsed.protocol) || !parsed.hostname.includes('.')) return null;
    return parsed.hostname.replace(/^www\./, '');
  } catch {
    return null;
  }
}

/** A link the page may open (http or https only; a bare "cafe.ch" is read as https). */
export function safeHref(url: string | null | undefined): string | null {
  if (!url || websiteHost(url) === null) return null;
  return /^https?:\/\//i.test(url.trim()) ? url.trim() : `https://${url.trim()}`;
}

export interface Crumb {
  name: string;
  /** Site path; the last crumb (the page itself) has none. */
  path?: string;
}

interface Placed {
  name: string;
  city: string | null;
  citySlug: string | null;
  country: string | null;
  countryCode: string | null;
  category: string | null;
  categorySlug: string | null;
}

/** Home › Country › City › Category › the business, leaving out what the business does not have. */
export function businessCrumbs(b: Placed): Crumb[] {
  const crumbs: Crumb[] = [{ name: 'Home', path: '/' }];
  const code = b.countryCode?.toLowerCase();
  if (code) crumbs.push({ name: b.country ?? b.countryCode!, path: `/countries/${code}` });
  if (code && b.city && b.citySlug)
    crumbs.push({ name: b.city, path: `/cities/${code}/${encodeURIComponent(b.citySlug)}` });
  if (b.category && b.categorySlug)
    crumbs.push({ name: b.category, path: `/categories/${encodeURIComponent(b.categorySlug)}` });
  crumbs.push({ name: b.name });
  return crumbs;
}

/** schema.org BreadcrumbList of the crumbs, with absolute addresses on the site's `origin`. */
export function breadcrumbJsonLd(crumbs: Crumb[], origin: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      ...(crumb.path ? { item: `${origin}${crumb.path}` } : {}),
    })),
  };
}
