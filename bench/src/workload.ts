import type pg from 'pg';
import type { SearchQuery } from '@directory/search';
import { intBetween, mulberry32, pick, shuffle, type Rng } from './prng.js';

export type QueryType =
  | 'keyword'
  | 'keyword_typo'
  | 'keyword_prefix'
  | 'keyword_location'
  | 'category'
  | 'city'
  | 'geo'
  | 'open_now'
  | 'min_rating';

/** Share of each query type in the mix (sums to 1). */
export const MIX: Record<QueryType, number> = {
  keyword: 0.18,
  keyword_typo: 0.1,
  keyword_prefix: 0.1,
  keyword_location: 0.18,
  category: 0.12,
  city: 0.1,
  geo: 0.1,
  open_now: 0.06,
  min_rating: 0.06,
};

export const QUERY_TYPE_HELP: Record<QueryType, string> = {
  keyword: 'q = a whole business name, or one word of it',
  keyword_typo: 'q = a name word of 5+ letters with one letter changed (typo pass)',
  keyword_prefix: 'q = the first 3–5 letters of a name word (as typed)',
  keyword_location: 'q = a name word or the category name, location = the city or the country name',
  category: 'category slug, half of them with a country code',
  city: 'country code + city slug',
  geo: 'lat/lng of a business, radius 5, 10 or 25 km, sort=distance, half of them with a category',
  open_now: 'category (or a name word) + openNow=true',
  min_rating: 'category or city + minRating 3.5/4/4.5, sort=rating',
};

export interface BenchQuery {
  type: QueryType;
  query: SearchQuery;
}

interface SampleRow {
  id: string;
  slug: string;
  name: string;
  category: string | null;
  category_slug: string | null;
  city: string | null;
  city_slug: string | null;
  country: string | null;
  country_code: string | null;
  latitude: number | null;
  longitude: number | null;
}

export interface Workload {
  seed: number;
  queries: BenchQuery[];
  /** Prefixes of 1–6 letters for suggestions. */
  prefixes: string[];
  /** Random existing ids and slugs for the primary-key references. */
  ids: number[];
  slugs: string[];
}

/** Samples approved businesses at seeded random ids (keyset lookup: the same rows on every run at one scale). */
async function sampleBusinesses(pool: pg.Pool, rng: Rng, count: number): Promise<SampleRow[]> {
  const { rows } = await pool.query<{ min: string; max: string }>(
    'select min(id) as min, max(id) as max from businesses where is_approved',
  );
  const min = Number(rows[0].min);
  const max = Number(rows[0].max);
  const seen = new Set<string>();
  const out: SampleRow[] = [];
  for (let i = 0; i < count * 2 && out.length < count; i++) {
    const { rows: found } = await pool.query<SampleRow>(
      `select id, slug, name, category, category_slug, city, city_slug, country, country_code, latitude, longitude
       from businesses where is_approved and id >= $1 and slug not like 'lagprobe%' order by id limit 1`,
      [intBetween(rng, min, max)],
    );
    if (found[0] && !seen.has(found[0].id)) {
      seen.add(found[0].id);
      out.push(found[0]);
    }
  }
  return out;
}

const words = (text: string | null, minLength = 1) =>
  (text ?? '').split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= minLength);

function typo(rng: Rng, word: string): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const at = intBetween(rng, 1, word.length - 1);
  let replacement = pick(rng, [...letters]);
  while (replacement === word[at].toLowerCase()) replacement = pick(rng, [...letters]);
  return word.slice(0, at) + replacement + word.slice(at + 1);
}

function build(type: QueryType, b: SampleRow, rng: Rng): SearchQuery | null {
  const nameWords = words(b.name, 3);
  const nameWord = nameWords.length ? pick(rng, nameWords) : b.name;
  switch (type) {
    case 'keyword':
      return { q: rng() < 0.5 ? b.name : nameWord };
    case 'keyword_typo': {
      const long = words(b.name, 5);
      return long.length ? { q: typo(rng, pick(rng, long)) } : null;
    }
    case 'keyword_prefix':
      return nameWord.length >= 3 ? { q: nameWord.slice(0, Math.min(nameWord.length, intBetween(rng, 3, 5))) } : null;
    case 'keyword_location': {
      const place = rng() < 0.7 ? b.city : b.country;
      if (!place) return null;
      return { q: rng() < 0.5 || !b.category ? nameWord : b.category, location: place };
    }
    case 'category':
      if (!b.category_slug) return null;
      return rng() < 0.5 ? { category: b.category_slug } : { category: b.category_slug, country: b.country_code ?? '' };
    case 'city':
      return b.city_slug && b.country_code ? { country: b.country_code, city: b.city_slug } : null;
    case 'geo':
      if (b.latitude === null || b.longitude === null) return null;
      return {
        lat: b.latitude,
        lng: b.longitude,
        radiusKm: pick(rng, [5, 10, 25]),
        sort: 'distance',
        ...(rng() < 0.5 && b.category_slug ? { category: b.category_slug } : {}),
      };
    case 'open_now':
      return rng() < 0.6 && b.category_slug
        ? { category: b.category_slug, openNow: true }
        : { q: nameWord, openNow: true };
    case 'min_rating': {
      const minRating = pick(rng, [3.5, 4, 4.5]);
      if (rng() < 0.5 && b.category_slug) return { category: b.category_slug, minRating, sort: 'rating' };
      return b.city_slug && b.country_code
        ? { country: b.country_code, city: b.city_slug, minRating, sort: 'rating' }
        : null;
    }
  }
}

/** The fixed query mix: `size` queries in the MIX proportions, drawn from the database's own rows. */
export async function buildWorkload(pool: pg.Pool, seed: number, size: number): Promise<Workload> {
  const rng = mulberry32(seed);
  const sample = await sampleBusinesses(pool, rng, Math.max(200, Math.ceil(size / 2)));
  if (sample.length === 0) throw new Error('The bench database has no approved business to build queries from.');
  const queries: BenchQuery[] = [];
  let cursor = 0;
  for (const [type, share] of Object.entries(MIX) as [QueryType, number][]) {
    const wanted = Math.round(share * size);
    let made = 0;
    for (let tries = 0; made < wanted && tries < wanted * 20; tries++) {
      const query = build(type, sample[cursor++ % sample.length], rng);
      if (query) {
        queries.push({ type, query: { ...query, limit: 20 } });
        made++;
      }
    }
  }
  shuffle(rng, queries);
  const prefixes: string[] = [];
  for (let i = 0; i < 300; i++) {
    const b = sample[i % sample.length];
    const length = 1 + (i % 6);
    const source = rng() < 0.7 ? b.name : (pick(rng, words(b.name, length)) ?? b.name);
    prefixes.push(source.slice(0, length));
  }
  const ids = sample.map((b) => Number(b.id));
  const slugs = sample.map((b) => b.slug);
  return { seed, queries, prefixes, ids: shuffle(rng, ids), slugs: shuffle(rng, slugs) };
}

/** The same query as the api's query string (GET /api/search?...). */
export function toSearchParams(query: SearchQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  return params.toString();
}
