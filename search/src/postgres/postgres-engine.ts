import pg from 'pg';
import type {
  DocumentWriter,
  FacetValue,
  SearchDocument,
  SearchEngine,
  SearchFacets,
  SearchHit,
  SearchQuery,
  SearchResult,
  Suggestions,
} from '../search-engine.js';
import { EARTH_RADIUS_KM, fold, isOpen, normalizeQuery, queryWords, type NormalizedQuery } from '../text.js';
import { DOCUMENT_COLUMNS, SOURCE_SQL } from '../sync/source.js';
import { createIndexesSql, createTableSql, DOCUMENTS_TABLE, LAYOUT_VERSION } from './schema.js';

export interface PostgresEngineOptions {
  /**
   * Result sets larger than this are counted exactly only up to it (total is then a lower bound and
   * exhaustive false). Counting is the one cost that grows with the match count.
   */
  countCap?: number;
  /** Facets are counted over at most this many matches and scaled to the total beyond it. */
  facetSample?: number;
  /** Values returned per facet. */
  facetLimit?: number;
}

/** Exact matches below this count trigger the trigram pass that tolerates typos. */
const FUZZY_BELOW = 10;
/** pg_trgm word similarity accepted as "one typo" (a 5-letter word with one substitution scores 0.67). */
const FUZZY_THRESHOLD = 0.5;
/** Advisory lock key shared by setup (DDL) so the api and worker starting together do not race. */
const SETUP_LOCK = 7_318_222_001;

const HIT_COLUMNS = [
  'id',
  'slug',
  'name',
  'category',
  'category_slug',
  'type',
  'rating',
  'reviews',
  'city',
  'city_slug',
  'country',
  'country_code',
  'full_address',
  'phone',
  'photo',
  'latitude',
  'longitude',
  'verified',
  'open_days',
].map((c) => `d.${c}`);

interface Sql {
  text: string;
  values: unknown[];
}

/** The embedded engine: search_documents with tsvector, trigram, array and point indexes. */
export class PostgresSearchEngine implements SearchEngine {
  readonly kind = 'postgres' as const;
  private readonly countCap: number;
  private readonly facetSample: number;
  private readonly facetLimit: number;

  constructor(
    private readonly pool: pg.Pool,
    options: PostgresEngineOptions = {},
  ) {
    this.countCap = options.countCap ?? 100_000;
    this.facetSample = options.facetSample ?? 20_000;
    this.facetLimit = options.facetLimit ?? 50;
  }

  async needsReindex(): Promise<boolean> {
    const { rows } = await this.pool.query<{ layout: string | null }>(
      `select obj_description(to_regclass($1), 'pg_class') as layout`,
      [DOCUMENTS_TABLE],
    );
    return rows[0]?.layout !== LAYOUT_VERSION;
  }

  async setup(): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      await client.query('select pg_advisory_xact_lock($1)', [SETUP_LOCK]);
      const { rows } = await client.query(`select to_regclass($1) as table`, [DOCUMENTS_TABLE]);
      if (!rows[0].table) {
        for (const sql of [...createTableSql(DOCUMENTS_TABLE), ...createIndexesSql(DOCUMENTS_TABLE, generation())]) {
          await client.query(sql);
        }
      }
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async upsert(documents: readonly SearchDocument[]): Promise<void> {
    await upsertInto(this.pool, DOCUMENTS_TABLE, documents);
  }

  async delete(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.pool.query(`delete from ${DOCUMENTS_TABLE} where id = any($1::bigint[])`, [ids]);
  }

  /**
   * The sync fast path: documents are computed from businesses by SQL inside the database, so a drain of
   * 100k ids is two set-based statements and no data crosses to Node. Writes are immediately visible.
   */
  async syncFromSource(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await copyFromSource(this.pool, DOCUMENTS_TABLE, ids);
    await this.pool.query(
      `delete from ${DOCUMENTS_TABLE} d where d.id = any($1::bigint[])
       and not exists (select 1 from businesses b where b.id = d.id)`,
      [ids],
    );
  }

  async count(): Promise<number> {
    const { rows } = await this.pool.query<{ n: string }>(`select count(*) as n from ${DOCUMENTS_TABLE}`);
    return Number(rows[0].n);
  }

  /** Builds search_documents_<generation> unindexed, indexes it, then swaps it in by renaming. */
  async rebuild(fill: (writer: PostgresDocumentWriter) => Promise<void>): Promise<void> {
    const gen = generation();
    const fresh = `${DOCUMENTS_TABLE}_${gen}`;
    for (const sql of createTableSql(fresh)) await this.pool.query(sql);
    try {
      await fill({
        upsert: (documents) => upsertInto(this.pool, fresh, documents),
        copyFromSource: () => copyFromSource(this.pool, fresh, null),
      });
      for (const sql of createIndexesSql(fresh, gen)) await this.pool.query(sql);
      await this.pool.query(`analyze ${pg.escapeIdentifier(fresh)}`);
      const client = await this.pool.connect();
      const retired = `${DOCUMENTS_TABLE}_retired_${gen}`;
      try {
        await client.query('begin');
        await client.query('select pg_advisory_xact_lock($1)', [SETUP_LOCK]);
        await client.query(`alter table if exists ${DOCUMENTS_TABLE} rename to ${pg.escapeIdentifier(retired)}`);
        await client.query(`alter table ${pg.escapeIdentifier(fresh)} rename to ${DOCUMENTS_TABLE}`);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
      await this.pool.query(`drop table if exists ${pg.escapeIdentifier(retired)}`);
    } catch (error) {
      await this.pool.query(`drop table if exists ${pg.escapeIdentifier(fresh)}`).catch(() => undefined);
      throw error;
    }
  }

  async search(input: SearchQuery): Promise<SearchResult> {
    const started = performance.now();
    const query = normalizeQuery(input);
    let result = await this.run(query, false);
    const fuzzyWorthIt = query.words.some((w) => w.length >= 5);
    if (query.words.length > 0 && result.total < FUZZY_BELOW && fuzzyWorthIt) {
      result = await this.run(query, true);
    }
    return { ...result, processingTimeMs: Math.round(performance.now() - started) };
  }

  async suggest(q: string, limit = 5): Promise<Suggestions> {
    const prefix = fold(q).replace(/\s+/g, ' ').trim();
    if (!prefix) return { businesses: [], categories: [], cities: [] };
    const like = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const words = queryWords(q);
    const [starts, categories, cities] = await Promise.all([
      // Names starting with the prefix, through the text_pattern_ops index; a bounded window of them is
      // ranked by popularity, which keeps this a short range scan even for a one-letter prefix.
      this.pool.query<{ name: string; slug: string; city: string | null; reviews: number }>(
        `select name, slug, city, reviews from (
           select d.name, d.slug, d.city, d.reviews, d.name_folded from ${DOCUMENTS_TABLE} d
           where d.is_approved and d.name_folded like $1 order by d.name_folded limit 200) s
         order by reviews desc, name_folded limit $2`,
        [like, limit],
      ),
      this.pool.query<{ name: string; slug: string; count: number }>(
        `select category as name, category_slug as slug, business_count as count from category_stats
         where search_fold(category) like $1 order by business_count desc, category_slug limit $2`,
        [like, limit],
      ),
      this.pool.query<{ name: string; slug: string; countryCode: string; count: number }>(
        `select city as name, city_slug as slug, country_code as "countryCode", business_count as count from city_stats
         where search_fold(city) like $1 order by business_count desc, city_slug, country_code limit $2`,
        [like, limit],
      ),
    ]);
    let businesses = starts.rows.map(({ name, slug, city }) => ({ name, slug, city }));
    if (businesses.length < limit && words.length > 0 && prefix.length >= 3) {
      // Then names with a word starting with the prefix ("coff" → "Blue Bottle Coffee").
      const more = await this.pool.query<{ name: string; slug: string; city: string | null }>(
        `select d.name, d.slug, d.city from ${DOCUMENTS_TABLE} d
         where d.is_approved and d.tsv @@ to_tsquery('simple', $1) and not (d.name_folded like $2)
         order by d.reviews desc, d.id limit $3`,
        [tsquery(words, 'A'), like, limit - businesses.length],
      );
      businesses = [...businesses, ...more.rows];
    }
    return { businesses, categories: categories.rows, cities: cities.rows };
  }

  async close(): Promise<void> {
    // The pool belongs to the caller (shared with the api or worker).
  }

  private async run(query: NormalizedQuery, fuzzy: boolean): Promise<Omit<SearchResult, 'processingTimeMs'>> {
    const filter = buildFilter(query, fuzzy);
    const offset = (query.page - 1) * query.limit;
    const [hitRows, total, facetRows] = await Promise.all([
      this.query<HitRow>(fuzzy, hitsSql(query, filter, offset)),
      this.query<{ n: string }>(fuzzy, {
        text: `select count(*) as n from (select 1 from ${DOCUMENTS_TABLE} d where ${filter.where} limit ${this.countCap}) s`,
        values: filter.values,
      }).then((rows) => Number(rows[0].n)),
      this.query<FacetRow>(fuzzy, facetsSql(filter, this.facetSample, this.facetLimit)),
    ]);
    const exhaustive = total < this.countCap;
    const sampled = Math.min(total, this.facetSample);
    const scale = total > this.facetSample ? total / sampled : 1;
    return {
      hits: hitRows.map((row) => toHit(row, query)),
      total,
      page: query.page,
      limit: query.limit,
      totalPages: Math.ceil(total / query.limit),
      facets: toFacets(facetRows, scale),
      exhaustive: exhaustive && scale === 1,
    };
  }

  /** Fuzzy queries set the trigram threshold for their own transaction only (the pool is shared). */
  private async query<R extends pg.QueryResultRow>(fuzzy: boolean, sql: Sql): Promise<R[]> {
    if (!fuzzy) return (await this.pool.query<R>(sql.text, sql.values)).rows;
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      await client.query(`select set_config('pg_trgm.word_similarity_threshold', $1, true)`, [String(FUZZY_THRESHOLD)]);
      const { rows } = await client.query<R>(sql.text, sql.values);
      await client.query('commit');
      return rows;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
}

export interface PostgresDocumentWriter extends DocumentWriter {
  /** Fills the fresh table from businesses in one statement. */
  copyFromSource(): Promise<void>;
}

function generation(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

const WRITABLE = DOCUMENT_COLUMNS.map((c) => c as string);

async function copyFromSource(pool: pg.Pool, table: string, ids: readonly number[] | null): Promise<void> {
  const t = pg.escapeIdentifier(table);
  const columns = WRITABLE.join(', ');
  const where = ids ? 'where b.id = any($1::bigint[])' : '';
  await pool.query(
    `insert into ${t} (${columns}) select ${columns} from (${SOURCE_SQL} ${where}) s
     on conflict (id) do update set ${WRITABLE.filter((c) => c !== 'id')
       .map((c) => `${c} = excluded.${c}`)
       .join(', ')}`,
    ids ? [ids] : [],
  );
}

async function upsertInto(pool: pg.Pool, table: string, documents: readonly SearchDocument[]): Promise<void> {
  if (documents.length === 0) return;
  const t = pg.escapeIdentifier(table);
  const columns = WRITABLE.join(', ');
  await pool.query(
    `insert into ${t} (${columns})
     select ${columns} from jsonb_to_recordset($1::jsonb) as r(
       id bigint, slug text, name text, category text, category_slug text, type text, city text, city_slug text,
       country text, country_code text, full_address text, phone text, photo text, latitude double precision,
       longitude double precision, rating double precision, reviews integer, verified boolean, is_approved boolean,
       open_days integer, location_terms text[])
     on conflict (id) do update set ${WRITABLE.filter((c) => c !== 'id')
       .map((c) => `${c} = excluded.${c}`)
       .join(', ')}`,
    [JSON.stringify(documents)],
  );
}

interface Filter {
  where: string;
  values: unknown[];
  /** Parameter references the ranking reuses. */
  refs: { all?: string; folded?: string; lat?: string; lng?: string };
}

/** tsquery text: every word must match, the last one as a prefix; weights restrict to fields (A name …). */
function tsquery(words: readonly string[], weights = ''): string {
  return words
    .map((w, i) => `'${w}'${i === words.length - 1 ? `:*${weights}` : weights ? `:${weights}` : ''}`)
    .join(' & ');
}

function distanceSql(lat: string, lng: string): string {
  return `(${2 * EARTH_RADIUS_KM} * asin(least(1, sqrt(
    power(sin(radians(d.latitude - ${lat}) / 2), 2) +
    cos(radians(${lat})) * cos(radians(d.latitude)) * power(sin(radians(d.longitude - ${lng}) / 2), 2)))))`;
}

function buildFilter(query: NormalizedQuery, fuzzy: boolean): Filter {
  const values: unknown[] = [];
  const param = (value: unknown, cast = '') => {
    values.push(value);
    return `$${values.length}${cast}`;
  };
  const where = ['d.is_approved'];
  const refs: Filter['refs'] = {};
  if (query.words.length > 0) {
    refs.all = `to_tsquery('simple', ${param(tsquery(query.words))})`;
    if (fuzzy) {
      refs.folded = param(query.words.join(' '));
      where.push(`(d.tsv @@ ${refs.all} or ${refs.folded} <% d.name_folded)`);
    } else {
      where.push(`d.tsv @@ ${refs.all}`);
    }
  }
  if (query.category) where.push(`d.category_slug = ${param(query.category)}`);
  if (query.country) where.push(`d.country_code = ${param(query.country)}`);
  if (query.city) where.push(`d.city_slug = ${param(query.city)}`);
  if (query.minRating !== undefined) where.push(`d.rating >= ${param(query.minRating)}`);
  if (query.openNow) where.push(`(d.open_days & ${param(1 << query.weekday, '::int')}) <> 0`);
  for (const group of query.locationGroups) where.push(`d.location_terms && ${param(group, '::text[]')}`);
  if (query.geo?.radiusKm !== undefined) {
    const { lat, lng, radiusKm } = query.geo;
    refs.lat = param(lat, '::float8');
    refs.lng = param(lng, '::float8');
    // Bounding boxes first (GiST on point(longitude, latitude)), then the exact great-circle distance.
    const boxes = boundingBoxes(lat, lng, radiusKm).map(
      ([west, south, east, north]) =>
        `point(d.longitude, d.latitude) <@ box(point(${west}, ${south}), point(${east}, ${north}))`,
    );
    where.push(`d.latitude is not null and d.longitude is not null and (${boxes.join(' or ')})`);
    where.push(`${distanceSql(refs.lat, refs.lng)} <= ${param(radiusKm, '::float8')}`);
  }
  return { where: where.join(' and '), values, refs };
}

/** [west, south, east, north] boxes covering a radius; two when it crosses the antimeridian. */
export function boundingBoxes(lat: number, lng: number, radiusKm: number): [number, number, number, number][] {
  const dLat = (radiusKm / EARTH_RADIUS_KM) * (180 / Math.PI);
  const south = Math.max(-90, lat - dLat);
  const north = Math.min(90, lat + dLat);
  // Widest longitude span of a spherical cap (Matuschek); a cap reaching a pole spans every longitude.
  const ratio = Math.sin(radiusKm / EARTH_RADIUS_KM) / Math.cos((lat * Math.PI) / 180);
  const dLng = ratio >= 1 ? 180 : Math.asin(ratio) * (180 / Math.PI);
  if (north >= 90 || south <= -90 || dLng >= 180) return [[-180, south, 180, north]];
  const west = lng - dLng;
  const east = lng + dLng;
  if (west < -180)
    return [
      [west + 360, south, 180, north],
      [-180, south, east, north],
    ];
  if (east > 180)
    return [
      [west, south, 180, north],
      [-180, south, east - 360, north],
    ];
  return [[west, south, east, north]];
}

interface HitRow {
  id: string;
  slug: string;
  name: string;
  category: string | null;
  category_slug: string | null;
  type: string | null;
  rating: number | null;
  reviews: number;
  city: string | null;
  city_slug: string | null;
  country: string | null;
  country_code: string | null;
  full_address: string | null;
  phone: string | null;
  photo: string | null;
  latitude: number | null;
  longitude: number | null;
  verified: boolean;
  open_days: number | null;
  distance_km?: number | null;
}

function hitsSql(query: NormalizedQuery, filter: Filter, offset: number): Sql {
  const { refs } = filter;
  const values = [...filter.values];
  const param = (value: unknown, cast = '') => {
    values.push(value);
    return `$${values.length}${cast}`;
  };
  const columns = [...HIT_COLUMNS];
  if (query.geo) {
    const lat = refs.lat ?? param(query.geo.lat, '::float8');
    const lng = refs.lng ?? param(query.geo.lng, '::float8');
    columns.push(`${distanceSql(lat, lng)} as distance_km`);
  }
  const limit = param(query.limit);
  const skip = param(offset);
  // Exact name > all words in the name > in name or category > elsewhere > typo-tolerant name match.
  const tier =
    query.words.length > 0 && query.sort === 'relevance'
      ? `case when d.name_folded = ${param(query.words.join(' '))} then 0
         when d.tsv @@ to_tsquery('simple', ${param(tsquery(query.words, 'A'))}) then 1
         when d.tsv @@ to_tsquery('simple', ${param(tsquery(query.words, 'AB'))}) then 2
         ${refs.folded ? `when not (d.tsv @@ ${refs.all}) then 4` : ''} else 3 end`
      : null;
  const similarity = tier && refs.folded ? `word_similarity(${refs.folded}, d.name_folded) desc, ` : '';
  let order: string;
  switch (query.sort) {
    case 'rating':
      order = 'd.rating desc nulls last, d.reviews desc, d.id';
      break;
    case 'reviews':
      order = 'd.reviews desc, d.id';
      break;
    case 'name':
      order = 'd.name_folded, d.id';
      break;
    case 'newest':
      order = 'd.id desc';
      break;
    case 'distance':
      if (query.geo?.radiusKm === undefined) {
        // No radius: nearest-neighbour walk of the GiST index (planar degrees) picks candidates, which are
        // then ordered by true distance; a generous window makes the planar/great-circle difference moot.
        const window = param(Math.min(10_000, (offset + query.limit) * 4 + 200));
        return {
          text: `select * from (
                   select ${columns.join(', ')} from ${DOCUMENTS_TABLE} d
                   where ${filter.where} and d.latitude is not null and d.longitude is not null
                   order by point(d.longitude, d.latitude) <-> point(${param(query.geo!.lng, '::float8')}, ${param(query.geo!.lat, '::float8')})
                   limit ${window}) d
                 order by d.distance_km, d.id limit ${limit} offset ${skip}`,
          values,
        };
      }
      order = 'distance_km, d.id';
      break;
    default:
      order = tier ? `${tier}, ${similarity}d.reviews desc, d.id` : 'd.reviews desc, d.id';
  }
  return {
    text: `select ${columns.join(', ')} from ${DOCUMENTS_TABLE} d where ${filter.where}
           order by ${order} limit ${limit} offset ${skip}`,
    values,
  };
}

interface FacetRow {
  facet: 'category' | 'country' | 'city';
  value: string;
  label: string | null;
  country_code: string | null;
  count: string;
}

function facetsSql(filter: Filter, sample: number, limit: number): Sql {
  return {
    text: `with m as materialized (
             select d.category_slug, d.category, d.country_code, d.country, d.city_slug, d.city
             from ${DOCUMENTS_TABLE} d where ${filter.where} limit ${sample})
           (select 'category' as facet, category_slug as value, mode() within group (order by category) as label,
                   null as country_code, count(*) as count
            from m where category_slug is not null group by category_slug order by count(*) desc, category_slug limit ${limit})
           union all
           (select 'country', country_code, mode() within group (order by country), country_code, count(*)
            from m where country_code is not null group by country_code order by count(*) desc, country_code limit ${limit})
           union all
           (select 'city', city_slug, mode() within group (order by city), country_code, count(*)
            from m where city_slug is not null and country_code is not null group by country_code, city_slug
            order by count(*) desc, city_slug, country_code limit ${limit})`,
    values: filter.values,
  };
}

function toFacets(rows: FacetRow[], scale: number): SearchFacets {
  const facets: SearchFacets = { category: [], country: [], city: [] };
  for (const row of rows) {
    const value: FacetValue = {
      value: row.value,
      label: row.label ?? row.value,
      count: Math.round(Number(row.count) * scale),
    };
    if (row.facet === 'city') value.countryCode = row.country_code ?? undefined;
    facets[row.facet].push(value);
  }
  return facets;
}

function toHit(row: HitRow, query: NormalizedQuery): SearchHit {
  const hit: SearchHit = {
    id: Number(row.id),
    slug: row.slug,
    name: row.name,
    category: row.category,
    category_slug: row.category_slug,
    type: row.type,
    rating: row.rating,
    reviews: row.reviews,
    city: row.city,
    city_slug: row.city_slug,
    country: row.country,
    country_code: row.country_code,
    full_address: row.full_address,
    phone: row.phone,
    photo: row.photo,
    latitude: row.latitude,
    longitude: row.longitude,
    verified: row.verified,
    openNow: isOpen(row.open_days, query.weekday),
  };
  if (row.distance_km !== undefined && row.distance_km !== null) hit.distanceKm = Number(row.distance_km);
  return hit;
}
