import pg from 'pg';
import { wordFunctionsSql } from './words.js';

/** Bump when the tables, their generated columns or indexes change: needsReindex() then asks for a rebuild. */
export const LAYOUT_VERSION = 'search_documents v30';
export const DOCUMENTS_TABLE = 'search_documents';
/** Distinct indexed words, for typo tolerance: a misspelt query word is replaced by its near neighbours. */
export const VOCABULARY_TABLE = 'search_vocabulary';
/** Shorter words have no typo variants (as Meilisearch's minWordSizeForTypos), so they need no entry. */
export const MIN_TYPO_WORD = 4;
/**
 * Every word's first letters of these lengths are indexed as `^`-marked lexemes (search_prefix_text, migrations
 * 20261123000010 and …020): a last word this long is searched as one such lexeme instead of a GIN prefix scan.
 */
export const PREFIX_LEXEME_LENGTHS = [3, 4];
/**
 * One document in each of these many (by id) is also in a sample index: counting and facets of a query with
 * many matches read a thousandth, a hundredth or a tenth of its posting lists, and scale what they find.
 * Each divides the next coarser one, so the finest holds them all.
 */
export const SAMPLE_MODULI = [1000, 100, 10];
/**
 * The samples a total is counted again in (Counter.precise), each a GIN index: the coarsest holding 10,000 of the
 * matches is read, so 10,000 to 25,000 rows whatever the total. They include SAMPLE_MODULI and are multiples of
 * the finest; the samples table stores them coarsest first, so the rows of one lie together at its front.
 */
export const COUNT_MODULI = [1000, 500, 200, 100, 50, 20, 10];
/**
 * Denser samples a total is counted again in, among the documents themselves (Counter.precise): a document with
 * `id % m = 0` holds m in `sample_moduli`, which the documents' GIN index holds beside the words, so one index search
 * finds a half, a third… of a query's matches before any row is read.
 */
export const DOCUMENT_COUNT_MODULI = [2, 3, 4, 6, 8];
/** The documents of the finest sample, with what counting and facets read (createSamplesTableSql). */
export const SAMPLES_TABLE = 'search_samples';
const FINEST_SAMPLE = Math.min(...SAMPLE_MODULI);
/** The columns of SAMPLES_TABLE and their types, copied from the documents' columns of the same names. */
const SAMPLE_COLUMN_TYPES = {
  tsv: 'tsvector not null',
  id: 'bigint primary key',
  rating: 'double precision',
  open_minutes: 'int4multirange',
  time_zone: 'text not null',
  latitude: 'double precision',
  longitude: 'double precision',
  is_approved: 'boolean not null',
  category_slug: 'text',
  category: 'text',
  country_code: 'text',
  country: 'text',
  city_slug: 'text',
  city: 'text',
};
export const SAMPLE_COLUMNS = Object.keys(SAMPLE_COLUMN_TYPES);

/**
 * The facet filters of a query without words that the samples' b-trees answer (createSampleIndexesSql), each the
 * columns such a query fixes by equality.
 */
export const SAMPLE_BROWSE_KEYS: readonly (readonly string[])[] = [
  ['category_slug'],
  ['country_code'],
  ['category_slug', 'country_code'],
  ['country_code', 'city_slug'],
];
/** The columns facets are counted by (with their labels), as the documents and samples hold them. */
export const FACET_COLUMN_NAMES = ['category_slug', 'category', 'country_code', 'country', 'city_slug', 'city'];
/** What a browsing query's count and facets read besides its key: the facets, and the minRating and openNow filters. */
const SAMPLE_BROWSE_READS = [...FACET_COLUMN_NAMES, 'rating', 'open_minutes', 'time_zone'];

/**
 * A narrow copy of the searchable fields with the name's words (search_words, words.ts: as a text, name_folded, and as
 * a tsvector) and a weighted tsvector as generated columns (name A > category/type B > city/address/country C, plus
 * the location terms as `~term` lexemes, the category, country and city as `#c:`/`#cc:`/`#city:` ones, which the
 * filters match, every word's first 3 and 4 letters as `^` ones, which short prefixes match, and the name's,
 * category's and type's stems in English and the country's languages as `=` ones, which other forms of a word
 * match), the same lexemes of the name and category alone (title_words: PostgreSQL's estimates of a tsvector ignore
 * weights, its own statistics do not), kept apart from businesses so an import's COPY never pays for search indexes
 * and a rebuild can be swapped in by renaming.
 *
 * UNLOGGED: the index is derived data. Skipping the write-ahead log makes fills and drains several times
 * cheaper; after a crash PostgreSQL empties the table and the worker rebuilds it at start (it checks for an
 * empty index over a filled database). The price: unlogged tables are not copied to streaming replicas.
 */
export function createTablesSql(table: string, vocabulary: string): string[] {
  const t = pg.escapeIdentifier(table);
  return [
    ...wordFunctionsSql(),
    // Column order is read order: a row is decoded up to the last column a query needs, so the tsvector every
    // filtering walk tests comes first, then the name's words and folded form (suggestions' walk), fixed-width
    // columns, the facets' columns a count samples, then what only a page of hits reads.
    `create unlogged table ${t} (
      tsv tsvector generated always as (
        search_document_lexemes(name, category, type, city, full_address, country,
          coalesce(synonym_phrases, '') || ' ' || coalesce(amenities, ''), country_code) ||
        search_location_lexemes(location_terms) ||
        search_filter_lexemes(category_slug, country_code, city_slug)
      ) stored,
      title_words tsvector generated always as (search_title_lexemes(name, category, type, country_code)) stored,
      name_words tsvector generated always as (to_tsvector('simple', search_words(name))) stored,
      name_folded text generated always as (search_words(name)) stored,
      id bigint primary key,
      reviews integer not null default 0,
      rating double precision,
      latitude double precision,
      longitude double precision,
      verified boolean not null default false,
      is_approved boolean not null default true,
      category_slug text,
      country_code text,
      city_slug text,
      category text,
      country text,
      city text,
      time_zone text not null default 'UTC',
      open_minutes int4multirange,
      open_hours smallint[] generated always as (search_open_hours(open_minutes, time_zone)) stored,
      unlisted_minutes int4multirange,
      sample_moduli smallint[] generated always as (${sampleModuliSql('id')}) stored,
      slug text not null,
      name text not null,
      type text,
      full_address text,
      phone text,
      photo text,
      website text,
      location_terms text[] not null default '{}',
      synonym_phrases text,
      amenities text
    )`,
    `comment on table ${t} is '${LAYOUT_VERSION}'`,
    // Byte order, so the words a prefix begins (the last word's expansion) are a range of the primary key.
    `create unlogged table ${pg.escapeIdentifier(vocabulary)} (word text collate "C" primary key)`,
  ];
}

/** The DOCUMENT_COUNT_MODULI that divide a document's id (`sample_moduli`). */
function sampleModuliSql(id: string): string {
  const cases = DOCUMENT_COUNT_MODULI.map((m) => `case when ${id} % ${m} = 0 then ${m} end`);
  return `array_remove(array[${cases.join(', ')}], null)::smallint[]`;
}

/**
 * The documents of the finest sample (one in FINEST_SAMPLE), with only the columns a sampled count and its
 * facets read, stored coarsest sample first (createSamplesFillSql). Their rows were spread over every page
 * of the documents, one page read per sampled row and few of them in PostgreSQL's cache; here a level's
 * rows share a few hundred pages that stay cached (bench/engine-notes.md "Schema").
 */
export function createSamplesTableSql(samples: string): string {
  const columns = Object.entries(SAMPLE_COLUMN_TYPES).map(([name, type]) => `${name} ${type}`);
  return `create unlogged table ${pg.escapeIdentifier(samples)} (${columns.join(', ')})`;
}

/**
 * Copies a rebuild's sampled documents, the coarsest sample's first (COUNT_MODULI), and within each in an order
 * unrelated to id or popularity (a hash of the id): a level that finds more matches than it reads takes the first
 * in storage order, and those are then a fair sample for the facets.
 */
export function createSamplesFillSql(table: string, samples: string): string {
  const columns = SAMPLE_COLUMNS.join(', ');
  const coarsestFirst = [...COUNT_MODULI]
    .sort((a, b) => b - a)
    .map((modulus) => `(id % ${modulus} = 0) desc`)
    .join(', ');
  return `insert into ${pg.escapeIdentifier(samples)} (${columns})
    select ${columns} from ${pg.escapeIdentifier(table)} where id % ${FINEST_SAMPLE} = 0 order by ${coarsestFirst}, hashint8(id), id`;
}

/**
 * Brings the samples of these document ids ($1) in line with the documents after a sync wrote or deleted
 * them: one statement (the delete and the upsert touch different rows).
 */
export function syncSamplesSql(table: string, samples: string): string {
  const s = pg.escapeIdentifier(samples);
  const t = pg.escapeIdentifier(table);
  const columns = SAMPLE_COLUMNS.join(', ');
  return `with gone as (
      delete from ${s} s where s.id = any($1::bigint[]) and not exists (select 1 from ${t} d where d.id = s.id))
    insert into ${s} (${columns})
    select ${columns} from ${t} d where d.id = any($1::bigint[]) and d.id % ${FINEST_SAMPLE} = 0
    on conflict (id) do update set ${SAMPLE_COLUMNS.filter((c) => c !== 'id')
      .map((c) => `${c} = excluded.${c}`)
      .join(', ')}`;
}

/**
 * GIN indexes over one sample document in each of COUNT_MODULI: a GIN search collects a term's whole
 * posting list into a bitmap and sorts its pages before reading the first row, so a sample of the matches costs
 * as much as all of them unless it comes from a smaller list.
 */
export function createSampleIndexesSql(samples: string, generation: string): string[] {
  const s = pg.escapeIdentifier(samples);
  const name = (suffix: string) => pg.escapeIdentifier(`search_samples_${generation}_${suffix}`);
  return [
    ...COUNT_MODULI.map(
      (modulus) => `create index ${name(`tsv_${modulus}`)}
        on ${s} using gin (tsv) with (fastupdate = off) where is_approved and id % ${modulus} = 0`,
    ),
    // Browsing without words: an index-only range of a category's, country's or city's sampled rows, where a GIN
    // search collects a whole posting list first. Its rows come in storage order (hashed: a fair sample for the
    // facets) as a bitmap reads them only when the query fixes every key column: one left open would order them by it. So each index is partial on its key columns being set, which only
    // equalities on them imply, and a query uses the index of exactly its filters (or a shorter one).
    ...SAMPLE_MODULI.flatMap((modulus) =>
      SAMPLE_BROWSE_KEYS.map(
        (key) => `create index ${name(`${key.map((c) => c.replace(/_.*/, '')).join('_')}_${modulus}`)}
          on ${s} (${key.join(', ')}) include (${SAMPLE_BROWSE_READS.filter((c) => !key.includes(c)).join(', ')})
          where is_approved and id % ${modulus} = 0 and ${key.map((c) => `${c} is not null`).join(' and ')}`,
      ),
    ),
    // The finest sample nearest first, as the documents are walked: a radius's count and facets.
    ...geoIndexesSql(s, name),
  ];
}

/**
 * GiST indexes on the point and on (category, point) of a table's approved, located rows (nearest-first walks). They
 * hold the coordinates the distance is computed from, so a radius is counted from the index alone (an index-only
 * scan: no row is read on the pages a vacuum marked all-visible).
 */
function geoIndexesSql(table: string, name: (suffix: string) => string): string[] {
  const located = 'include (latitude, longitude) where is_approved and latitude is not null and longitude is not null';
  return [
    `create index ${name('geo')} on ${table} using gist (point(longitude, latitude)) ${located}`,
    `create index ${name('category_geo')} on ${table} using gist (category_slug, point(longitude, latitude)) ${located}`,
  ];
}

/** Adds the words of these documents (all documents when ids is null) to the vocabulary. */
export function vocabularyInsertSql(table: string, vocabulary: string, byIds: boolean): string {
  return `insert into ${pg.escapeIdentifier(vocabulary)} (word)
    select distinct w from ${pg.escapeIdentifier(table)} d, unnest(tsvector_to_array(d.tsv)) w
    where length(w) >= ${MIN_TYPO_WORD} and left(w, 1) not in ('~', '#', '^', '=') ${byIds ? 'and d.id = any($1::bigint[])' : ''}
    on conflict do nothing`;
}

/**
 * Indexes, all partial on approved rows because every public query filters on approval. Created after a
 * rebuild's bulk fill (faster than maintaining them row by row). Names carry a generation suffix so a
 * fresh table can be indexed while the live one keeps its names. Each is one statement, so a rebuild can
 * create them on several connections at once.
 */
export function createIndexesSql(table: string, generation: string): string[] {
  const t = pg.escapeIdentifier(table);
  const name = (suffix: string) => pg.escapeIdentifier(`search_documents_${generation}_${suffix}`);
  return [
    // Countries and cities, categories and countries are far from independent: without these the planner
    // guesses a city's rows at a twentieth of the truth and bitmap-scans it where an ordered walk stops early.
    `create statistics ${name('city_stats')} (dependencies, mcv) on country_code, city_slug from ${t}`,
    `create statistics ${name('category_stats')} (dependencies, mcv) on category_slug, country_code from ${t}`,
    // fastupdate off: a pending list (what a drain's writes land in otherwise) is scanned linearly by every
    // text query until a vacuum merges it; drains write in batches, so they pay the direct update instead.
    // With the UTC hours a place may be open in: an open-now search that reads every match finds the places open
    // around this hour among its words' or facets' in the same index search (filter.ts `documents`). The samples,
    // whose rows every sampled count reads, hold no open hours. With the documents' samples: a count again reads
    // only the matches of one (Counter.precise).
    `create index ${name('tsv')} on ${t} using gin (tsv, open_hours, sample_moduli) with (fastupdate = off) where is_approved`,
    // The relevance tiers of the name's and category's words walk a word rare there through this index (ranking.ts).
    `create index ${name('title_words')} on ${t} using gin (title_words) with (fastupdate = off) where is_approved`,
    `create index ${name('name_words')} on ${t} using gin (name_words) with (fastupdate = off) where is_approved`,
    // Byte order ("C") serves both prefix ranges (suggestions) and name ordering from one index.
    // Most reviewed first within a name: the exact-name tier of relevance is an ordered walk that stops at
    // the page however many places share the name (a chain's, or 3,800 "Blue Restaurant" in the demo data).
    // It holds what a suggestion shows, so the names a prefix begins are read from the index alone, without
    // a visit to each of their rows.
    `create index ${name('name')} on ${t} ((name_folded collate "C"), reviews desc, id)
       include (name_folded, name, slug, city) where is_approved`,
    `create index ${name('category')} on ${t} (category_slug, reviews desc, id) where is_approved`,
    `create index ${name('city')} on ${t} (country_code, city_slug, reviews desc, id) where is_approved`,
    // A category within a country (the category page's country filter, search's category + country).
    `create index ${name('category_country')} on ${t} (category_slug, country_code, reviews desc, id) where is_approved`,
    `create index ${name('reviews')} on ${t} (reviews desc, id) where is_approved`,
    `create index ${name('rating')} on ${t} (rating desc nulls last, reviews desc, id) where is_approved`,
    // Best rated first within a city or a category (sort=rating, often with minRating): an ordered walk
    // that stops at the page, where a city's index would read every place of a large city and sort them.
    `create index ${name('city_rating')} on ${t} (country_code, city_slug, rating desc nulls last, reviews desc, id)
       where is_approved`,
    `create index ${name('category_rating')} on ${t} (category_slug, rating desc nulls last, reviews desc, id)
       where is_approved`,
    ...geoIndexesSql(t, name),
  ];
}

/** The vocabulary's index, created once it is filled (a rebuild fills it while the documents are indexed). */
export function createVocabularyIndexSql(vocabulary: string, generation: string): string {
  // GiST, not GIN: it walks words nearest first (`<->`), so typo variants need no similarity threshold.
  return `create index ${pg.escapeIdentifier(`search_documents_${generation}_vocabulary_trgm`)}
    on ${pg.escapeIdentifier(vocabulary)} using gist (word gist_trgm_ops)`;
}
