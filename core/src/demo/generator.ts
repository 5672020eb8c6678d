import { canonicalAbout } from '../rules/amenities.js';
import { WEEKDAYS } from '../rules/opening-hours.js';
import { businessSlug, slugify } from '../rules/slug.js';
import { type BusinessRow, normalHours } from '../import/normalize-row.js';
import { countryTimeZone, timeZoneAt } from '../places/time-zone.js';
import { DEMO_CATEGORIES } from './categories.js';
import { DEMO_COUNTRIES, type DemoCity, type DemoCountry } from './places.js';

/** mulberry32: a small, fast, seedable PRNG, so business n is the same on every run and machine. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Picks index k with probability ∝ 1/(k+1)^s: a long tail, as real category and city sizes have. */
function zipfPicker(size: number, s: number): (r: number) => number {
  const cumulative: number[] = [];
  let total = 0;
  for (let k = 0; k < size; k++) cumulative.push((total += 1 / Math.pow(k + 1, s)));
  return (r) => {
    const target = r * total;
    let lo = 0;
    let hi = size - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

const pickCategory = zipfPicker(DEMO_CATEGORIES.length, 1.05);
const pickCountry = zipfPicker(DEMO_COUNTRIES.length, 0.9);
const cityPickers = new Map(DEMO_COUNTRIES.map((c) => [c.code, zipfPicker(c.cities.length, 1)]));

const NAME_WORDS = [
  'Golden',
  'Royal',
  'Green',
  'Blue',
  'Sunny',
  'Urban',
  'Old Town',
  'Central',
  'Happy',
  'Prime',
  'Corner',
  'Riverside',
  'Park',
  'Star',
  'Silver',
  'Oak',
  'Maple',
  'Harbor',
  'Summit',
  'Bright',
];
const SURNAMES = [
  'Smith',
  'Müller',
  'Rossi',
  'García',
  'Dubois',
  'Jansen',
  'Andersson',
  'Hansen',
  "O'Brien",
  'Nguyen',
  'Yılmaz',
  'Kowalski',
  'Silva',
  'Tanaka',
  'Patel',
  'Jovanović',
  'Novak',
  'Schmidt',
  'Martin',
  'Brown',
];
const AMENITY_GROUPS: Record<string, string[]> = {
  'Service options': ['Dine-in', 'Takeout', 'Delivery', 'Online appointments', 'On-site services'],
  Accessibility: [
    'Wheelchair accessible entrance',
    'Wheelchair accessible restroom',
    'Wheelchair accessible parking lot',
  ],
  Amenities: ['Wi-Fi', 'Restroom', 'Gender-neutral restroom', 'Free parking'],
  Payments: ['Credit cards', 'Debit cards', 'NFC mobile payments', 'Cash only'],
  Planning: ['Appointment required', 'Accepts reservations', 'Quick visit'],
};

/*
 * Hours and amenities are generated in the shapes files have (hours as lists, groups left empty) and stored in the
 * form an import stores them: the demo is what an import of its own export would write. Unreadable values are
 * exercised by import-truth.spec.ts's file, not stored here.
 */

function hoursFor(r: () => number): string | null {
  const style = r();
  if (style < 0.13) return null;
  const open = 6 + Math.floor(r() * 5);
  const close = 17 + Math.floor(r() * 6);
  const closedDay = r() < 0.6 ? 'Sunday' : r() < 0.5 ? 'Monday' : null;
  const split = style > 0.85;
  const hours: Record<string, string | string[]> = {};
  for (const day of WEEKDAYS) {
    if (day === closedDay) hours[day] = 'Closed';
    else if (split) hours[day] = [`${open}-11:30AM`, `1-${close - 12}PM`];
    else hours[day] = `${open}AM-${close - 12}PM`;
  }
  return normalHours(JSON.stringify(hours));
}

function aboutFor(r: () => number): string | null {
  const style = r();
  if (style < 0.21) return null;
  const about: Record<string, Record<string, boolean>> = {};
  for (const [group, names] of Object.entries(AMENITY_GROUPS)) {
    if (r() < 0.35) continue;
    about[group] = Object.fromEntries(names.filter(() => r() < 0.6).map((name) => [name, r() < 0.85]));
  }
  return canonicalAbout(JSON.stringify(about));
}

function digits(r: () => number, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += Math.floor(r() * 10);
  return s;
}

/** Business number n of the demo directory (place id `demo-n`): the same n always gives the same business. */
export function demoBusiness(n: number): BusinessRow {
  const r = mulberry32(n * 2654435761);
  const country: DemoCountry = DEMO_COUNTRIES[pickCountry(r())];
  const city: DemoCity = country.cities[cityPickers.get(country.code)!(r())];
  const category = DEMO_CATEGORIES[pickCategory(r())];
  const word =
    r() < 0.5 ? NAME_WORDS[Math.floor(r() * NAME_WORDS.length)] : SURNAMES[Math.floor(r() * SURNAMES.length)];
  const shape = r();
  const name =
    shape < 0.15 ? `${word} & Sons ${category}` : shape < 0.3 ? `${word}'s ${category}` : `${word} ${category}`;
  const placeId = `demo-${n}`;
  const houseNumber = 1 + Math.floor(r() * 300);
  const street = `${country.street} ${houseNumber}`;
  const fullAddress = `${street}, ${city.postal} ${city.name}, ${country.name}`;
  const ratingRoll = r();
  const rating = ratingRoll < 0.05 ? null : Math.round((2.5 + Math.pow(r(), 0.5) * 2.5) * 10) / 10;
  const reviews = rating === null ? 0 : Math.floor(Math.exp(r() * 8));
  const latitude = Math.round((city.lat + (r() - 0.5) * 0.16) * 1e6) / 1e6;
  const longitude = Math.round((city.lng + (r() - 0.5) * 0.16) * 1e6) / 1e6;
  return {
    name,
    slug: businessSlug(name, city.name, placeId),
    category,
    type: category,
    full_address: fullAddress,
    street,
    city: city.name,
    postal_code: city.postal,
    country: country.name,
    country_code: country.code,
    phone: `${country.phonePrefix} ${digits(r, 3)} ${digits(r, 3)} ${digits(r, 4)}`,
    latitude,
    longitude,
    rating,
    reviews,
    reviews_link: `https://www.google.com/maps/place/?q=place_id:${placeId}`,
    photo: r() < 0.9 ? `https://picsum.photos/seed/${placeId}/400/300` : null,
    logo: null,
    located_in: null,
    working_hours: hoursFor(r),
    verified: r() < 0.7,
    about: aboutFor(r),
    place_id: placeId,
    url: r() < 0.6 ? `https://www.example.com/${slugify(name).replace(/[^a-z0-9-]/g, '')}` : null,
    category_slug: slugify(category),
    city_slug: slugify(city.name),
    time_zone: timeZoneAt(latitude, longitude, country.code) ?? countryTimeZone(country.code),
  };
}
