import type pg from 'pg';
import { refreshAggregates, WEEKDAYS } from '@directory/core';
import type { SearchEngine } from '../search-engine.js';
import { drainOutbox } from '../sync/outbox.js';
import { insertFixtures, type Fixture } from './fixtures.js';

/**
 * Places the contract adds for one test each (search-engine.spec.ts), in a city of its own: `withFixtures` adds
 * them, syncs, runs the test and removes them again, so the other tests see FIXTURES only.
 */
export async function withFixtures(
  pool: pg.Pool,
  engine: SearchEngine,
  places: readonly Fixture[],
  run: () => Promise<void>,
): Promise<void> {
  await insertFixtures(pool, places);
  try {
    await refreshAggregates(pool);
    await drainOutbox(pool, engine);
    await run();
  } finally {
    await pool.query('delete from businesses where place_id = any($1::text[])', [
      places.map((p) => `fixture-${p.key}`),
    ]);
    await refreshAggregates(pool);
    await drainOutbox(pool, engine);
  }
}

const IN_LEEDS = { city: 'Leeds', country: 'United Kingdom', countryCode: 'GB', lat: 53.8, lng: -1.54, rating: 4 };

/** Suggestions: tea rooms reviewed 0–5, two equally reviewed names (name order) and one beginning "Tea Room". */
export const TEA_ROOMS: Fixture[] = [
  ...'abcdef'.split('').map((c, i) => ({ key: `zephyr-${c}`, name: `Zephyr${c} Tea Room`, reviews: i })),
  { key: 'zephyr-twin-b', name: 'Zephyr Twin B', reviews: 50 },
  { key: 'zephyr-twin-a', name: 'Zephyr Twin A', reviews: 50 },
  { key: 'tea-room-zero', name: 'Tea Room Zero', reviews: 0 },
].map((place) => ({ ...IN_LEEDS, ...place, category: 'Tea house', address: '1 Briggate' }));

/** Facet labels: one category and one city, each spelt three ways. */
export const SPELLINGS: Fixture[] = [
  ['one', 'coffee shop', 'leeds'],
  ['two', 'Coffee shop', 'Leeds'],
  ['three', 'Coffee Shop', 'LEEDS'],
].map(([key, category, city]) => ({
  ...IN_LEEDS,
  key,
  name: `Zzspelling ${key}`,
  category,
  city,
  address: '1 Elm St',
  reviews: 10,
}));

/** Ties: one name three times, stored least reviewed first, and a more reviewed name holding its words and one more. */
export const TWINS: Fixture[] = [
  ...[1, 2, 3].map((reviews) => ({ key: `twin-${reviews}`, name: 'Twinloaf Bakery', reviews })),
  { key: 'twin-deluxe', name: 'Twinloaf Bakery Deluxe', reviews: 1000 },
].map((place) => ({ ...IN_LEEDS, ...place, category: 'Bakery', address: '1 Kirkgate' }));

/** Unapproval and deletion. */
export const LOUNGES: Fixture[] = [1, 2].map((i) => ({
  ...IN_LEEDS,
  key: `quokka-${i}`,
  name: `Quokka Lounge ${i}`,
  category: 'Lounge',
  address: '2 Briggate',
  reviews: 5,
}));

/** Synonyms: a groomer found by the rule's phrase, below a name holding the phrase itself. */
export const GROOMERS: Fixture[] = [
  { key: 'fluffy', name: 'Fluffy Paws', category: 'Zzgroomer', reviews: 500 },
  { key: 'pooch-wash', name: 'Zzpooch Wash Express', category: 'Car wash', reviews: 1 },
  { key: 'plain', name: 'Plain Kennel', category: 'Kennel', reviews: 50 },
].map((place) => ({ ...IN_LEEDS, ...place, address: '3 Boar Lane' }));

/** Words a visitor types apart that a name holds as one. */
export const COMPOUNDS: Fixture[] = [
  { key: 'haferkeller', name: 'Zzhaferkeller', category: 'Restaurant', reviews: 10 },
  { key: 'mczz', name: "McZzdonald's", category: 'Fast food restaurant', reviews: 20 },
  { key: 'hafer-apart', name: 'Zzhafer Bakery', category: 'Bakery', reviews: 5 },
].map((place) => ({ ...IN_LEEDS, ...place, address: '4 Call Lane' }));

/** Connectors: a name holding one, less reviewed than a name holding the other words alone. */
export const CONNECTED: Fixture[] = [
  { key: 'made-in', name: 'Zzmade in Zzitaly', category: 'Restaurant', reviews: 1 },
  { key: 'made', name: 'Zzmade Zzitaly Deli', category: 'Deli', reviews: 900 },
].map((place) => ({ ...IN_LEEDS, ...place, address: '6 Call Lane' }));

/** Amenities: set to true, to false, and none. */
export const AMENITIES: Fixture[] = [
  {
    key: 'ramp',
    name: 'Zzramp Bistro',
    about: JSON.stringify({
      Accessibility: { 'Wheelchair accessible entrance': true, 'Assistive hearing loop': false },
    }),
  },
  {
    key: 'stairs',
    name: 'Zzstairs Bistro',
    about: JSON.stringify({ Accessibility: { 'Wheelchair accessible entrance': false } }),
  },
  { key: 'plain', name: 'Zzplain Bistro', about: JSON.stringify('A bistro that is wheelchair friendly') },
].map((place) => ({ ...IN_LEEDS, ...place, category: 'Bistro', address: '5 Briggate', reviews: 3 }));

/** Hours: open 24 hours every day, 24 hours on the days it opens, and partly overnight. */
const ALL_DAY = (days: readonly string[]) =>
  JSON.stringify(Object.fromEntries(days.map((day) => [day, 'Open 24 hours'])));
export const AROUND_THE_CLOCK_PLACES: Fixture[] = [
  { key: 'always', name: 'Zzalways Pharmacy', hours: ALL_DAY(WEEKDAYS) },
  { key: 'weekdays', name: 'Zzweekday Pharmacy', hours: ALL_DAY(WEEKDAYS.slice(1, 6)) },
  {
    key: 'late',
    name: 'Zzlate Pharmacy',
    hours: JSON.stringify(Object.fromEntries(WEEKDAYS.map((day) => [day, ['8AM-2AM']]))),
  },
].map((place) => ({ ...IN_LEEDS, ...place, category: 'Pharmacy', address: '7 Briggate', reviews: 3 }));

/** A box across the antimeridian: two places either side of it and one outside the box. */
export const DATELINE: Fixture[] = [
  { key: 'dateline-east', name: 'Zzdateline Dive East', lng: 179.9 },
  { key: 'dateline-west', name: 'Zzdateline Dive West', lng: -179.9 },
  { key: 'dateline-far', name: 'Zzdateline Dive Far', lng: 170 },
].map((place) => ({
  city: 'Savusavu',
  country: 'Fiji',
  countryCode: 'FJ',
  lat: -16.8,
  rating: 4.2,
  reviews: 3,
  category: 'Dive shop',
  address: '1 Main Street',
  ...place,
}));

/**
 * Word forms in the languages of a document's country: German in Zürich and Wien, French in Paris; "Bäckereien" also
 * in New York, stemmed in English alone there.
 */
const ZURICH = { city: 'Zürich', country: 'Switzerland', countryCode: 'CH', lat: 47.37, lng: 8.54, rating: 4 };
const WIEN = { city: 'Wien', country: 'Austria', countryCode: 'AT', lat: 48.21, lng: 16.37, rating: 4 };
const PARIS = { city: 'Paris', country: 'France', countryCode: 'FR', lat: 48.86, lng: 2.35, rating: 4 };
const NEW_YORK = { city: 'New York', country: 'United States', countryCode: 'US', lat: 40.71, lng: -74.0, rating: 4 };

export const WORD_FORMS: Fixture[] = [
  { key: 'zz-baeckerei', name: 'Zzalp Bäckerei', category: 'Bäckerei', reviews: 500, ...ZURICH },
  { key: 'zz-baeckereien', name: 'Zzalp Bäckereien', category: 'Café', reviews: 5, ...ZURICH },
  { key: 'zz-us-baeckereien', name: 'Zzalp Bäckereien Deli', category: 'Deli', reviews: 1, ...NEW_YORK },
  { key: 'zz-metzgerei', name: 'Zzalp Metzgerei', category: 'Butcher shop', reviews: 50, ...WIEN },
  { key: 'zz-boulangerie', name: 'Zzalp Boulangerie', category: 'Bakery', reviews: 40, ...PARIS },
].map((place) => ({ ...place, address: `1 Zzalpweg, ${place.city}` }));
