import { createHash } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { fieldsExcept } from '../export/business-fields.js';
import { aliasKey } from '../canonical/alias-key.js';
import { weekMinutesOf } from '../rules/week-hours.js';
import { Memo } from './cells.js';
import type { BusinessRow } from './normalize-row.js';
import type { ImportProblemKind } from '../wire/import-problems.js';

/**
 * Columns COPY'd into the staging table, in order: the business fields an import writes (all but those the
 * database assigns), then the slugs it derives for the listing pages, the time zone (import-only) and the open and
 * unlisted minutes of its hours (weekMinutesOf, computed here so every writer of rows stores them).
 */
export const IMPORT_WRITE_COLUMNS = [
  ...fieldsExcept(['id', 'created_at', 'updated_at']),
  'category_slug',
  'city_slug',
  'time_zone',
  'open_minutes',
  'unlisted_minutes',
] as const satisfies readonly (keyof BusinessRow | 'open_minutes' | 'unlisted_minutes')[];
const COLUMNS = IMPORT_WRITE_COLUMNS;

/** What an import may change on an existing business (slug and approval stay as they are). */
const UPDATED = COLUMNS.filter((c) => c !== 'slug' && c !== 'place_id');

export interface WriteResult {
  inserted: number;
  updated: number;
  /** Rows identical to what is stored, duplicates inside the batch, or name+address duplicates. */
  skipped: number;
  /** Which rows were skipped (index into the rows given) and why, in row order. */
  skippedRows: { index: number; reason: string; kind: ImportProblemKind | null }[];
  /** Of `inserted`, the rows that have a place id (each a place id the database did not hold before). */
  insertedWithPlaceId: number;
}

export const SKIP_REASONS = {
  unchanged: 'Already stored with the same values; nothing to change.',
  laterDuplicate: 'A later row of the file has the same place_id; that row was kept.',
  nameAddressDuplicate: 'A business with the same name and address is already stored, or comes later in the file.',
  notABusiness:
    'Not a business: no category (other than Area or Postal code), phone, opening hours, rating or street address (Google-Maps exports list towns and areas this way).',
} as const;

export interface WriteOptions {
  /**
   * 'own' (default): the batch commits on its own. 'caller': the caller opened a transaction and commits
   * or rolls back (an import of a whole file is one transaction, so a bad file never lands half-way).
   */
  transaction?: 'own' | 'caller';
  /**
   * Whether the businesses this batch creates are public (default true). False when imports need approval:
   * new ones wait in the review queue. Businesses it updates keep their approval either way.
   */
  approved?: boolean;
}

/** Hours texts repeat across a file (chains, "24 hours"): each is read once per batch of distinct ones. */
const weekMinutes = new Memo((hours) => weekMinutesOf(hours), 5_000);
const NO_HOURS = { open: null, unlisted: null };
/** The key a city's or category's slug is looked up by among place_aliases. */
const aliasKeys = new Memo((slug) => aliasKey(slug), 5_000);
const keyOf = (slug: string | null) => (slug === null ? null : aliasKeys.get(slug));

/**
 * Set in a transaction that writes businesses.open_minutes and unlisted_minutes with working_hours, so the trigger
 * that empties them when the hours change without them (Migration20261127000010OpenMinutes) trusts its writes.
 */
export const OPEN_MINUTES_WRITER = `set local directory.writes_open_minutes = 'on'`;

const NEEDS_ESCAPE = /[\\\t\n\r]/;

/** A text cell in PostgreSQL's COPY text format: \N for null, backslash escapes. */
function text(value: string | null): string {
  if (value === null) return '\\N';
  if (!NEEDS_ESCAPE.test(value)) return value;
  return value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}
/** Numbers never need escaping. */
const number = (value: number | null) => (value === null ? '\\N' : String(value));

/**
 * One staging line: ord, COLUMNS in their order, then whether the time zone was derived and the alias keys of the
 * city and category slugs (one template: no per-field loop on a million rows; import-file.spec.ts checks every
 * column lands in its own place).
 */
function copyLine(ord: number, r: BusinessRow, slug: string): string {
  const minutes = r.working_hours === null ? NO_HOURS : weekMinutes.get(r.working_hours);
  return (
    `${ord}\t${text(r.name)}\t${text(slug)}\t${text(r.category)}\t${text(r.type)}\t${text(r.full_address)}\t` +
    `${text(r.street)}\t${text(r.city)}\t${text(r.postal_code)}\t${text(r.country)}\t${text(r.country_code)}\t` +
    `${text(r.phone)}\t${number(r.latitude)}\t${number(r.longitude)}\t${number(r.rating)}\t${number(r.reviews)}\t` +
    `${text(r.reviews_link)}\t${text(r.photo)}\t${text(r.logo)}\t${text(r.located_in)}\t${text(r.working_hours)}\t` +
    `${r.verified ? 't' : 'f'}\t${text(r.about)}\t${text(r.place_id)}\t${text(r.url)}\t${text(r.category_slug)}\t` +
    `${text(r.city_slug)}\t${text(r.time_zone)}\t${text(minutes.open)}\t${text(minutes.unlisted)}\t` +
    `${r.time_zone_derived ? 't' : 'f'}\t${text(keyOf(r.city_slug))}\t${text(keyOf(r.category_slug))}\n`
  );
}

function* copyLines(
  rows: readonly BusinessRow[],
  kept: readonly number[],
  slugs: readonly string[],
): Generator<string> {
  let chunk = '';
  for (const i of kept) {
    chunk += copyLine(i, rows[i], slugs[i]);
    if (chunk.length > 256 * 1024) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/**
 * A zone the file did not give was found from the position and country: where the business is stored with the same
 * ones, the stored zone (perhaps a Google export's own, which may differ from the position's) stays, and where no
 * zone was found (a placeholder position at sea) a stored zone of the same country stays too. The zone is not an
 * export field, so without this our own export, imported again, would change or erase it.
 */
const KEEP_STORED_TIME_ZONE = `update import_staging s set time_zone = b.time_zone from businesses b
  where s.time_zone_derived and b.place_id = s.place_id and b.country_code is not distinct from s.country_code
    and (s.time_zone is null or (b.latitude, b.longitude) is not distinct from (s.latitude, s.longitude))
    and b.time_zone is distinct from s.time_zone`;

/**
 * A stored business whose file gives its city or category in another spelling of the same place or category (the
 * same slug, or an alias of the stored slug in place_aliases: "Belgrade" for Beograd, "restaurants" for Restaurant)
 * keeps the stored spelling, which canonicalizeDirectory chose: a file imported again is then unchanged, where it was
 * written, rewritten back and counted as updated. New businesses bring their own spelling (it counts towards the
 * name most businesses give a place).
 */
const STORED_SPELLINGS = [
  `update import_staging s set city = b.city, city_slug = b.city_slug from businesses b
   where b.place_id = s.place_id and b.country_code = s.country_code
     and (s.city, s.city_slug) is distinct from (b.city, b.city_slug)
     and (b.city_slug = s.city_slug or exists (
       select from place_aliases a
       where a.kind = 'city' and a.country_code = s.country_code and a.alias = s.city_key and a.slug = b.city_slug))`,
  `update import_staging s set category = b.category, category_slug = b.category_slug from businesses b
   where b.place_id = s.place_id
     and (s.category, s.category_slug) is distinct from (b.category, b.category_slug)
     and (b.category_slug = s.category_slug or exists (
       select from place_aliases a
       where a.kind = 'category' and a.country_code = '' and a.alias = s.category_key and a.slug = b.category_slug))`,
];

/** A business slug taken by another business gets four more characters from its place id (or row). */
const SLUG_SQL = `case when exists (select 1 from businesses b where b.slug = s.slug and b.place_id is distinct from s.place_id)
  then s.slug || '-' || substr(md5(coalesce(s.place_id, s.ord::text)), 1, 4) else s.slug end`;
const selectColumns = (slug: string) => COLUMNS.map((c) => (c === 'slug' ? `${slug} as slug` : `s.${c}`)).join(', ');

/** The same four characters in JavaScript, for slugs repeated inside a batch. */
const slugSuffix = (source: string) => createHash('md5').update(source).digest('hex').slice(0, 4);

/**
 * Upserts a batch: COPY into a temporary staging table, then one set-based statement per kind of row.
 * Businesses with a place_id are matched on it (the last of duplicates inside the batch wins); rows without
 * one are inserted unless a business with the same name and address exists. Slugs are made unique inside
 * the batch here and against the table in the statement. Unchanged rows are not rewritten, so re-importing
 * a file changes nothing. Idempotent: a retried batch gives the same data.
 */
export async function writeBusinesses(
  client: pg.ClientBase,
  rows: readonly BusinessRow[],
  options: WriteOptions = {},
): Promise<WriteResult> {
  if (rows.length === 0) return { inserted: 0, updated: 0, skipped: 0, skippedRows: [], insertedWithPlaceId: 0 };
  const own = (options.transaction ?? 'own') === 'own';
  const approved = options.approved ?? true;

  // Inside the batch: one row per place id (the last), and slugs unique (later rows get a suffix).
  const lastOfPlaceId = new Map<string, number>();
  for (let i = 0; i < rows.length; i++) if (rows[i].place_id !== null) lastOfPlaceId.set(rows[i].place_id!, i);
  const kept: number[] = [];
  const slugs: string[] = new Array<string>(rows.length);
  const usedSlugs = new Set<string>();
  let withPlaceId = 0;
  /** Whether a row with a place id has no zone from the file (most Google exports give every row one). */
  let derivedZones = false;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    if (row.place_id !== null && lastOfPlaceId.get(row.place_id) !== i) continue;
    let slug = row.slug;
    if (usedSlugs.has(slug)) slug = `${slug}-${slugSuffix(row.place_id ?? String(i))}`;
    usedSlugs.add(slug);
    slugs[i] = slug;
    kept.push(i);
    if (row.place_id !== null) withPlaceId++;
    if (row.place_id !== null && row.time_zone_derived) derivedZones = true;
  }

  if (own) await client.query('begin');
  try {
    await client.query(OPEN_MINUTES_WRITER);
    // Created once per transaction (dropped at commit), emptied for each batch.
    await client.query(
      `create temporary table if not exists import_staging (ord int, ${COLUMNS.map((c) => `${c} ${columnType(c)}`).join(', ')},
         time_zone_derived boolean, city_key text, category_key text)
       on commit drop`,
    );
    await client.query('truncate import_staging');
    await pipeline(
      Readable.from(copyLines(rows, kept, slugs)),
      client.query(
        copyStreams.from(
          `copy import_staging (ord, ${COLUMNS.join(', ')}, time_zone_derived, city_key, category_key) from stdin`,
        ),
      ),
    );
    if (derivedZones) await client.query(KEEP_STORED_TIME_ZONE);
    for (const statement of STORED_SPELLINGS) await client.query(statement);
    // Each statement answers which rows it wrote (place ids and slugs are unique in staging).
    // One row back, not one per business: the counts, and which place ids were written only when some
    // were not (rows identical to what is stored).
    const placed =
      withPlaceId === 0
        ? null
        : (
            await client.query<{ written: number; inserted: number; ids: string[] | null }>(
              `
      with written as (
        insert into businesses (${COLUMNS.join(', ')}, is_approved)
        select ${selectColumns(SLUG_SQL)}, $2::boolean from import_staging s where s.place_id is not null
        on conflict (place_id) do update set ${UPDATED.map((c) => `${c} = excluded.${c}`).join(', ')}, updated_at = now()
        where (${UPDATED.map((c) => `businesses.${c}`).join(', ')}) is distinct from (${UPDATED.map((c) => `excluded.${c}`).join(', ')})
        returning place_id, (xmax = 0) as inserted)
      select count(*)::int as written, (count(*) filter (where inserted))::int as inserted,
        case when count(*) between 1 and $1 - 1 then array_agg(place_id) end as ids
      from written`,
              [withPlaceId, approved],
            )
          ).rows[0];
    const unplaced =
      withPlaceId === kept.length
        ? { rows: [] as { ord: number }[] }
        : await client.query<{ ord: number }>(
            `
      with picked as (
        select distinct on (lower(s.name), lower(coalesce(s.full_address, ''))) s.ord, ${SLUG_SQL} as final_slug,
          ${COLUMNS.filter((c) => c !== 'slug')
            .map((c) => `s.${c}`)
            .join(', ')}
        from import_staging s
        where s.place_id is null and not exists (
          select 1 from businesses b
          where lower(b.name) = lower(s.name) and lower(coalesce(b.full_address, '')) = lower(coalesce(s.full_address, '')))
        order by lower(s.name), lower(coalesce(s.full_address, '')), s.ord desc),
      written as (
        insert into businesses (${COLUMNS.join(', ')}, is_approved)
        select ${COLUMNS.map((c) => (c === 'slug' ? 'p.final_slug' : `p.${c}`)).join(', ')}, $1::boolean from picked p
        on conflict (slug) do nothing
        returning slug)
      select p.ord from written w join picked p on p.final_slug = w.slug`,
            [approved],
          );
    if (own) await client.query('commit');

    const insertedWithPlaceId = placed?.inserted ?? 0;
    const writtenWithPlaceId = placed?.written ?? 0;
    // All written, none written, or these.
    const writtenPlaceIds = placed?.ids ? new Set(placed.ids) : null;
    const isWritten = (placeId: string) => writtenPlaceIds?.has(placeId) ?? writtenWithPlaceId === withPlaceId;
    const writtenWithout = new Set<number>();
    for (const row of unplaced.rows) writtenWithout.add(row.ord);
    const skippedRows: WriteResult['skippedRows'] = [];
    for (let index = 0; index < rows.length; index++) {
      const placeId = rows[index].place_id;
      if (placeId === null) {
        if (writtenWithout.has(index)) continue;
        skippedRows.push({ index, reason: SKIP_REASONS.nameAddressDuplicate, kind: 'same-name-and-address' });
      } else if (lastOfPlaceId.get(placeId) !== index)
        skippedRows.push({ index, reason: SKIP_REASONS.laterDuplicate, kind: 'duplicate-in-file' });
      else if (isWritten(placeId)) continue;
      // Stored already with the same values: a re-import, not a problem.
      else skippedRows.push({ index, reason: SKIP_REASONS.unchanged, kind: null });
    }
    const inserted = insertedWithPlaceId + unplaced.rows.length;
    const updated = writtenWithPlaceId - insertedWithPlaceId;
    return { inserted, updated, skipped: rows.length - inserted - updated, skippedRows, insertedWithPlaceId };
  } catch (error) {
    if (own) await client.query('rollback').catch(() => undefined);
    throw error;
  }
}

function columnType(column: (typeof COLUMNS)[number]): string {
  switch (column) {
    case 'latitude':
    case 'longitude':
    case 'rating':
      return 'double precision';
    case 'reviews':
      return 'integer';
    case 'verified':
      return 'boolean';
    case 'open_minutes':
    case 'unlisted_minutes':
      return 'int4multirange';
    default:
      return 'text';
  }
}
