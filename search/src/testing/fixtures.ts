import type pg from 'pg';
import { businessSlug, slugify, weekMinutesOf } from '@directory/core';

/** The contract suite's directory: few rows, each chosen to prove one rule (see search-engine.spec.ts). */
export interface Fixture {
  key: string;
  name: string;
  category: string;
  city: string;
  country: string;
  countryCode: string;
  address: string;
  /** The stored postal code (businesses.postal_code), as an export's column gives it. */
  postalCode?: string;
  lat: number | null;
  lng: number | null;
  rating: number | null;
  reviews: number;
  approved?: boolean;
  hours?: string;
  /** IANA zone the hours are local to; none reads as UTC. */
  timeZone?: string;
  /** The stored `about` (canonical JSON). */
  about?: string;
  /** The stored website (businesses.url). */
  website?: string;
}

const WEEKDAYS_OPEN = JSON.stringify({
  Monday: '8AM-6PM',
  Tuesday: '8AM-6PM',
  Wednesday: '8AM-6PM',
  Thursday: '8AM-6PM',
  Friday: '8AM-6PM',
  Saturday: '9AM-1PM',
  Sunday: 'Closed',
});
const EVERY_DAY = JSON.stringify({
  Monday: ['9AM-11PM'],
  Tuesday: ['9AM-11PM'],
  Wednesday: ['9AM-11PM'],
  Thursday: ['9AM-11PM'],
  Friday: ['9AM-11PM'],
  Saturday: ['9AM-11PM'],
  Sunday: ['9AM-11PM'],
});

export const FIXTURES: Fixture[] = [
  {
    key: 'cafe-central',
    name: 'Café Central',
    category: 'Café',
    city: 'Wien',
    country: 'Austria',
    countryCode: 'AT',
    address: 'Herrengasse 14, 1010 Wien, Austria',
    lat: 48.2104,
    lng: 16.3655,
    rating: 4.5,
    reviews: 900,
    hours: WEEKDAYS_OPEN,
    timeZone: 'Europe/Vienna',
  },
  {
    key: 'hofbraeuhaus',
    name: 'Hofbräuhaus München',
    category: 'Restaurant',
    city: 'München',
    country: 'Germany',
    countryCode: 'DE',
    address: 'Platzl 9, 80331 München, Germany',
    lat: 48.1376,
    lng: 11.5799,
    rating: 4.4,
    reviews: 5000,
    hours: EVERY_DAY,
    timeZone: 'Europe/Berlin',
  },
  {
    key: 'augustiner',
    name: 'Augustiner Keller',
    category: 'Restaurant',
    city: 'München',
    country: 'Germany',
    countryCode: 'DE',
    address: 'Arnulfstraße 52, 80335 München, Germany',
    lat: 48.1437,
    lng: 11.5524,
    rating: 4.6,
    reviews: 3000,
  },
  {
    key: 'starbucks',
    name: 'Starbucks',
    category: 'Coffee shop',
    city: 'Zürich',
    country: 'Switzerland',
    countryCode: 'CH',
    address: 'Bahnhofstrasse 10, 8001 Zürich, Switzerland',
    postalCode: '8001',
    lat: 47.3717,
    lng: 8.539,
    rating: 3.9,
    reviews: 400,
    website: 'https://www.starbucks.example/zurich',
  },
  {
    key: 'spruengli',
    name: 'Sprüngli',
    category: 'Confectionery',
    city: 'Zürich',
    country: 'Switzerland',
    countryCode: 'CH',
    address: 'Bahnhofstrasse 21, 8001 Zürich, Switzerland',
    postalCode: '8001',
    lat: 47.37,
    lng: 8.5392,
    rating: 4.7,
    reviews: 2000,
  },
  {
    key: 'zurich-pizza',
    name: 'Zürich Pizza Kurier',
    category: 'Pizza restaurant',
    city: 'Winterthur',
    country: 'Switzerland',
    countryCode: 'CH',
    address: 'Technikumstrasse 1, 8400 Winterthur, Switzerland',
    lat: 47.4979,
    lng: 8.7286,
    rating: 3.5,
    reviews: 60,
  },
  {
    key: 'bern-baeckerei',
    name: 'Bäckerei Glatz',
    category: 'Bakery',
    city: 'Bern',
    country: 'Switzerland',
    countryCode: 'CH',
    address: 'Marktgasse 3, 3011 Bern, Switzerland',
    lat: 46.948,
    lng: 7.4474,
    rating: 4.0,
    reviews: 150,
  },
  {
    key: 'pizza-napoli',
    name: 'Pizza Napoli',
    category: 'Pizza restaurant',
    city: 'New York',
    country: 'United States',
    countryCode: 'US',
    address: '123 Mulberry St, New York, NY 10013, United States',
    postalCode: '10013',
    lat: 40.7193,
    lng: -73.9973,
    rating: 4.2,
    reviews: 800,
  },
  {
    key: 'joes-pizza',
    name: "Joe's Pizza",
    category: 'Pizza restaurant',
    city: 'New York',
    country: 'United States',
    countryCode: 'US',
    address: '7 Carmine St, New York, NY 10014, United States',
    lat: 40.7306,
    lng: -74.0021,
    rating: 4.5,
    reviews: 12000,
  },
  {
    key: 'maison-kayser',
    name: 'Maison Kayser',
    category: 'Bakery',
    city: 'New York',
    country: 'United States',
    countryCode: 'US',
    address: '1800 Broadway, New York, NY 10019, United States',
    lat: 40.7676,
    lng: -73.9818,
    rating: 4.0,
    reviews: 1500,
  },
  {
    key: 'mumbai-masala',
    name: 'Mumbai Masala',
    category: 'Indian restaurant',
    city: 'New York',
    country: 'United States',
    countryCode: 'US',
    address: '50 Lexington Ave, New York, NY 10010, United States',
    lat: 40.7397,
    lng: -73.9833,
    rating: 3.8,
    reviews: 210,
  },
  {
    key: 'bakery',
    name: 'Bakery',
    category: 'Café',
    city: 'Beograd',
    country: 'Serbia',
    countryCode: 'RS',
    address: 'Knez Mihailova 5, Beograd, Serbia',
    lat: 44.8176,
    lng: 20.4569,
    rating: 4.1,
    reviews: 5,
  },
  {
    key: 'hleb',
    name: 'Hleb & Kifle',
    category: 'Bakery',
    city: 'Beograd',
    country: 'Serbia',
    countryCode: 'RS',
    address: 'Bulevar Kralja Aleksandra 90, Beograd, Serbia',
    lat: 44.8053,
    lng: 20.4758,
    rating: 4.3,
    reviews: 700,
  },
  {
    key: 'dosa',
    name: 'Dosa Corner',
    category: 'Indian restaurant',
    city: 'Mumbai',
    country: 'India',
    countryCode: 'IN',
    address: 'Linking Road 12, Bandra West, Mumbai, Maharashtra 400050, India',
    lat: 19.076,
    lng: 72.8777,
    rating: 4.1,
    reviews: 300,
  },
  {
    key: 'hidden',
    name: 'Hidden Gem Bakery',
    category: 'Bakery',
    city: 'München',
    country: 'Germany',
    countryCode: 'DE',
    address: 'Sendlinger Straße 1, 80331 München, Germany',
    lat: 48.1351,
    lng: 11.5705,
    rating: 5,
    reviews: 99999,
    approved: false,
  },
  ...Array.from({ length: 23 }, (_, i) => ({
    key: `corner-${i + 1}`,
    name: `Corner Store ${String(i + 1).padStart(2, '0')}`,
    category: 'Convenience store',
    city: 'Springfield',
    country: 'United States',
    countryCode: 'US',
    address: `${100 + i} Main St, Springfield, IL 62701, United States`,
    postalCode: '62701',
    lat: 39.7817 + i * 0.001,
    lng: -89.6501,
    rating: i % 5 === 0 ? null : 3 + (i % 5) * 0.4,
    reviews: 10 + ((i * 7) % 23),
  })),
];

/** Inserts the fixtures as businesses (as the importer would, slugs and open minutes included); returns key → id. */
export async function insertFixtures(
  pool: pg.Pool,
  fixtures: readonly Fixture[] = FIXTURES,
): Promise<Map<string, number>> {
  const { rows } = await pool.query<{ id: string; place_id: string }>(
    `insert into businesses (name, slug, category, type, full_address, city, country, country_code, latitude, longitude,
                             rating, reviews, is_approved, working_hours, category_slug, city_slug, place_id, phone, verified,
                             time_zone, open_minutes, unlisted_minutes, about, url, postal_code)
     select * from jsonb_to_recordset($1::jsonb) as r(name text, slug text, category text, type text, full_address text,
       city text, country text, country_code text, latitude float8, longitude float8, rating float8, reviews int,
       is_approved boolean, working_hours text, category_slug text, city_slug text, place_id text, phone text, verified boolean,
       time_zone text, open_minutes int4multirange, unlisted_minutes int4multirange, about text, url text, postal_code text)
     returning id, place_id`,
    [
      JSON.stringify(
        fixtures.map((f) => ({
          name: f.name,
          slug: businessSlug(f.name, f.city, f.key),
          category: f.category,
          type: f.category,
          full_address: f.address,
          city: f.city,
          country: f.country,
          country_code: f.countryCode,
          latitude: f.lat,
          longitude: f.lng,
          rating: f.rating,
          reviews: f.reviews,
          is_approved: f.approved ?? true,
          working_hours: f.hours ?? null,
          about: f.about ?? null,
          category_slug: slugify(f.category),
          city_slug: slugify(f.city),
          place_id: `fixture-${f.key}`,
          phone: '+1 555 0100',
          verified: f.reviews > 1000,
          time_zone: f.timeZone ?? null,
          open_minutes: weekMinutesOf(f.hours ?? null).open,
          unlisted_minutes: weekMinutesOf(f.hours ?? null).unlisted,
          url: f.website ?? null,
          postal_code: f.postalCode ?? null,
        })),
      ),
    ],
  );
  return new Map(rows.map((r) => [r.place_id.replace(/^fixture-/, ''), Number(r.id)]));
}
