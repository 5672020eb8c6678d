import type pg from 'pg';
import { slugify } from '@directory/core';
import { mulberry32, shuffle, type Rng } from '../prng.js';

/** Every public read call of docs/architecture.md's "Public api" list, as the mix names them. */
export const CALLS = {
  homepage: { share: 0.08, help: 'GET /api/homepage-data' },
  featured: { share: 0.04, help: 'GET /api/featured-businesses' },
  business_list: { share: 0.07, help: 'GET /api/businesses?page=N (pages 1–100, low pages likelier)' },
  business: { share: 0.3, help: 'GET /api/businesses/{slug}' },
  categories: { share: 0.03, help: 'GET /api/categories' },
  categories_letter: { share: 0.03, help: 'GET /api/categories?letter=X' },
  category: { share: 0.08, help: 'GET /api/categories/{slug}?page=N' },
  countries: { share: 0.03, help: 'GET /api/countries' },
  country: { share: 0.04, help: 'GET /api/countries/{slug or code}' },
  country_cities: { share: 0.03, help: 'GET /api/countries/{slug}/cities?page=N' },
  cities: { share: 0.02, help: 'GET /api/cities' },
  cities_letter: { share: 0.03, help: 'GET /api/cities?letter=X' },
  city: { share: 0.08, help: 'GET /api/cities/{countryCode}/{citySlug}?page=N' },
  search: { share: 0.14, help: 'GET /api/search?q=… (a name word, or a category in a city)' },
} as const;
export type CallType = keyof typeof CALLS;
export const CALL_TYPES = Object.keys(CALLS) as CallType[];

export interface PublicMix {
  /** The fixed request sequence (clients walk it in order, together), `size` long. */
  requests: { type: CallType; path: string }[];
  /** Distinct paths of each call type, in the order first seen. */
  distinct: Record<CallType, string[]>;
  /** Businesses the detail requests name (for the web page loads and TTFB), most requested first. */
  businessSlugs: string[];
  /** Every sampled business (up to 2,000), for first renders of pages nobody asked for yet. */
  allBusinessSlugs: string[];
  /** Ids of random approved businesses: the primary-key reference. */
  ids: number[];
}

/**
 * Zipf-like popularity (weight 1/rank): a directory's traffic is skewed, a few categories, cities and
 * businesses get most of the requests, and the tail is long. The cache hit ratio depends on this skew, so
 * it is fixed here and the distinct URL count is reported beside the ratio.
 */
function zipfPicker(rng: Rng) {
  const cdfs = new Map<number, Float64Array>();
  return <T>(items: readonly T[]): T => {
    let cdf = cdfs.get(items.length);
    if (!cdf) {
      cdf = new Float64Array(items.length);
      let sum = 0;
      for (let i = 0; i < items.length; i++) cdf[i] = sum += 1 / (i + 1);
      for (let i = 0; i < items.length; i++) cdf[i] /= sum;
      cdfs.set(items.length, cdf);
    }
    const r = rng();
    let lo = 0;
    let hi = items.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid] < r) lo = mid + 1;
      else hi = mid;
    }
    return items[lo];
  };
}

interface SampleBusiness {
  id: string;
  slug: string;
  name: string;
  category: string | null;
  city: string | null;
}

const firstLetters = (names: readonly string[]) =>
  [...new Set(names.map((n) => n.trim().charAt(0).toUpperCase()).filter((c) => /^\p{L}$/u.test(c)))].sort();

/** The seeded mix of public reads, built from the database's own rows (same seed and data: same mix). */
export async function buildPublicMix(pool: pg.Pool, seed: number, size: number): Promise<PublicMix> {
  const rng = mulberry32(seed);
  const zipf = zipfPicker(rng);
  const { rows: range } = await pool.query<{ min: string; max: string }>(
    'select min(id) as min, max(id) as max from businesses where is_approved',
  );
  const min = Number(range[0].min);
  const max = Number(range[0].max);
  const starts = Array.from({ length: 3000 }, () => min + Math.floor(rng() * (max - min + 1)));
  // One query: the first approved business at or after each random id (ids have gaps after deletes).
  const { rows: sample } = await pool.query<SampleBusiness>(
    `select distinct on (b.id) b.id, b.slug, b.name, b.category, b.city
       from unnest($1::bigint[]) as r(id)
       cross join lateral (select id, slug, name, category, city from businesses
                           where is_approved and id >= r.id and slug not like 'lagprobe%' order by id limit 1) b`,
    [starts],
  );
  if (!sample.length) throw new Error('The bench database has no approved business to build the mix from.');
  shuffle(rng, sample);
  const businesses = sample.slice(0, 2000);
  const { rows: categories } = await pool.query<{ slug: string; name: string }>(
    `select category_slug as slug, category as name from category_stats
     where business_count > 0 and category_slug is not null order by business_count desc, category_slug`,
  );
  const { rows: countries } = await pool.query<{ code: string; name: string }>(
    `select country_code as code, country as name from country_stats
     where business_count > 0 and country_code is not null order by business_count desc, country_code`,
  );
  const { rows: cities } = await pool.query<{ code: string; slug: string; name: string }>(
    `select country_code as code, city_slug as slug, city as name from city_stats
     where business_count > 0 and city_slug is not null and country_code is not null
     order by business_count desc, country_code, city_slug limit 3000`,
  );
  const categoryLetters = firstLetters(categories.map((c) => c.name));
  const cityLetters = firstLetters(cities.map((c) => c.name));
  const page = () => (rng() < 0.7 ? 1 : 2 + Math.floor(rng() * 2));
  const enc = encodeURIComponent;
  const countrySlug = (c: { code: string; name: string }) => (rng() < 0.5 ? c.code.toLowerCase() : slugify(c.name));

  const build: Record<CallType, () => string> = {
    homepage: () => '/api/homepage-data',
    featured: () => '/api/featured-businesses',
    business_list: () => `/api/businesses?page=${zipf(Array.from({ length: 100 }, (_, i) => i + 1))}`,
    business: () => `/api/businesses/${enc(zipf(businesses).slug)}`,
    categories: () => '/api/categories',
    categories_letter: () => `/api/categories?letter=${enc(zipf(categoryLetters))}`,
    category: () => `/api/categories/${enc(zipf(categories).slug)}?page=${page()}`,
    countries: () => '/api/countries',
    country: () => `/api/countries/${enc(countrySlug(zipf(countries)))}`,
    country_cities: () => `/api/countries/${enc(slugify(zipf(countries).name))}/cities?page=${page()}`,
    cities: () => '/api/cities',
    cities_letter: () => `/api/cities?letter=${enc(zipf(cityLetters))}`,
    city: () => {
      const c = zipf(cities);
      return `/api/cities/${c.code.toLowerCase()}/${enc(c.slug)}?page=${page()}`;
    },
    search: () => {
      const b = zipf(businesses);
      const words = b.name.split(/\s+/).filter((w) => w.length >= 3);
      if (rng() < 0.5 && b.category && b.city) return `/api/search?q=${enc(b.category)}&location=${enc(b.city)}`;
      return `/api/search?q=${enc(words.length ? words[Math.floor(rng() * words.length)] : b.name)}`;
    },
  };

  const types: CallType[] = [];
  for (const type of CALL_TYPES) {
    if ((type === 'categories_letter' && !categoryLetters.length) || (type === 'cities_letter' && !cityLetters.length))
      continue;
    const n = Math.max(1, Math.round(CALLS[type].share * size));
    for (let i = 0; i < n; i++) types.push(type);
  }
  shuffle(rng, types);
  const requests = types.map((type) => ({ type, path: build[type]() }));
  const distinct = Object.fromEntries(CALL_TYPES.map((t) => [t, [] as string[]])) as Record<CallType, string[]>;
  const seen = new Set<string>();
  for (const r of requests) {
    if (seen.has(r.path)) continue;
    seen.add(r.path);
    distinct[r.type].push(r.path);
  }
  const counts = new Map<string, number>();
  for (const r of requests) if (r.type === 'business') counts.set(r.path, (counts.get(r.path) ?? 0) + 1);
  const businessSlugs = [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([path]) => decodeURIComponent(path.slice('/api/businesses/'.length)));
  return {
    requests,
    distinct,
    businessSlugs,
    allBusinessSlugs: businesses.map((b) => b.slug),
    ids: sample.map((b) => Number(b.id)),
  };
}
