import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type pg from 'pg';
import copyStreams from 'pg-copy-streams';
import type { BusinessRow } from './normalize-row.js';

/** Columns COPY'd into the staging table, in order. */
const COLUMNS = [
  'name',
  'slug',
  'category',
  'type',
  'full_address',
  'street',
  'city',
  'postal_code',
  'country',
  'country_code',
  'phone',
  'latitude',
  'longitude',
  'rating',
  'reviews',
  'reviews_link',
  'photo',
  'logo',
  'located_in',
  'working_hours',
  'verified',
  'about',
  'place_id',
  'url',
  'category_slug',
  'city_slug',
] as const satisfies readonly (keyof BusinessRow)[];

/** What an import may change on an existing business (slug and approval stay as they are). */
const UPDATED = COLUMNS.filter((c) => c !== 'slug' && c !== 'place_id');

export interface WriteResult {
  inserted: number;
  updated: number;
  /** Rows identical to what is stored, duplicates inside the batch, or name+address duplicates. */
  skipped: number;
  /** Which rows were skipped (index into the rows given) and why, in row order. */
  skippedRows: { index: number; reason: string }[];
}

export const SKIP_REASONS = {
  unchanged: 'Already stored with the same values; nothing to change.',
  laterDuplicate: 'A later row of the file has the same place_id; that row was kept.',
  nameAddressDuplicate: 'A business with the same name and address is already stored, or comes later in the file.',
} as const;

export interface WriteOptions {
  /**
   * 'own' (default): the batch commits on its own. 'caller': the caller opened a transaction and commits
   * or rolls back (an import of a whole file is one transaction, so a bad file never lands half-way).
   */
  transaction?: 'own' | 'caller';
}

/** PostgreSQL COPY text format: tab-separated, \N for null, backslash escapes. */
function copyField(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  const text = typeof value === 'boolean' ? (value ? 't' : 'f') : String(value);
  return text.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

function* copyLines(rows: readonly BusinessRow[]): Generator<string> {
  let chunk = '';
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    chunk += `${i}\t${COLUMNS.map((c) => copyField(row[c])).join('\t')}\n`;
    if (chunk.length > 64 * 1024) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/**
 * Upserts a batch: COPY into a temporary staging table, then set-based statements. Businesses with a
 * place_id are matched on it (the last of duplicates inside the batch wins); rows without one are inserted
 * unless a business with the same name and address exists. Unchanged rows are not rewritten, so
 * re-importing a file changes nothing. Idempotent: a retried batch gives the same data.
 */
export async function writeBusinesses(
  client: pg.ClientBase,
  rows: readonly BusinessRow[],
  options: WriteOptions = {},
): Promise<WriteResult> {
  if (rows.length === 0) return { inserted: 0, updated: 0, skipped: 0, skippedRows: [] };
  const own = (options.transaction ?? 'own') === 'own';
  if (own) await client.query('begin');
  try {
    // Created once per transaction (dropped at commit), emptied for each batch.
    await client.query(
      `create temporary table if not exists import_staging (ord int, ${COLUMNS.map((c) => `${c} ${columnType(c)}`).join(', ')})
       on commit drop`,
    );
    await client.query('truncate import_staging');
    await pipeline(
      Readable.from(copyLines(rows)),
      client.query(copyStreams.from(`copy import_staging (ord, ${COLUMNS.join(', ')}) from stdin`)),
    );
    // Keep one row per place id (the last), and make slugs unique against the table and the batch.
    // Window functions keep both steps linear in the batch size.
    await client.query(`
      delete from import_staging where ord in (
        select ord from (
          select ord, row_number() over (partition by place_id order by ord desc) as rank
          from import_staging where place_id is not null
        ) ranked where rank > 1)`);
    await client.query(`
      with ranked as (select ord, row_number() over (partition by slug order by ord) as rank from import_staging)
      update import_staging s set slug = s.slug || '-' || substr(md5(coalesce(s.place_id, s.ord::text)), 1, 4)
      from ranked
      where ranked.ord = s.ord and (ranked.rank > 1 or exists (
        select 1 from businesses b where b.slug = s.slug and b.place_id is distinct from s.place_id))`);

    // Each statement answers which staging rows it wrote (place ids and slugs are unique in staging by now).
    const withPlaceId = await client.query<{ ord: number; inserted: boolean }>(`
      with written as (
        insert into businesses (${COLUMNS.join(', ')})
        select ${COLUMNS.join(', ')} from import_staging where place_id is not null
        on conflict (place_id) do update set ${UPDATED.map((c) => `${c} = excluded.${c}`).join(', ')}, updated_at = now()
        where (${UPDATED.map((c) => `businesses.${c}`).join(', ')}) is distinct from (${UPDATED.map((c) => `excluded.${c}`).join(', ')})
        returning place_id, (xmax = 0) as inserted)
      select s.ord, w.inserted from written w join import_staging s on s.place_id = w.place_id`);
    const withoutPlaceId = await client.query<{ ord: number }>(`
      with written as (
        insert into businesses (${COLUMNS.join(', ')})
        select distinct on (lower(s.name), lower(coalesce(s.full_address, ''))) ${COLUMNS.map((c) => `s.${c}`).join(', ')}
        from import_staging s
        where s.place_id is null and not exists (
          select 1 from businesses b
          where lower(b.name) = lower(s.name) and lower(coalesce(b.full_address, '')) = lower(coalesce(s.full_address, '')))
        order by lower(s.name), lower(coalesce(s.full_address, '')), s.ord desc
        on conflict (slug) do nothing
        returning slug)
      select s.ord from written w join import_staging s on s.slug = w.slug`);
    if (own) await client.query('commit');

    const written = new Set<number>();
    let inserted = withoutPlaceId.rows.length;
    for (const row of withPlaceId.rows) {
      written.add(row.ord);
      if (row.inserted) inserted++;
    }
    for (const row of withoutPlaceId.rows) written.add(row.ord);
    const updated = withPlaceId.rows.length - (inserted - withoutPlaceId.rows.length);
    const lastOrdOfPlaceId = new Map<string, number>();
    rows.forEach((row, index) => {
      if (row.place_id !== null) lastOrdOfPlaceId.set(row.place_id, index);
    });
    const skippedRows: WriteResult['skippedRows'] = [];
    rows.forEach((row, index) => {
      if (written.has(index)) return;
      let reason: string;
      if (row.place_id === null) reason = SKIP_REASONS.nameAddressDuplicate;
      else if (lastOrdOfPlaceId.get(row.place_id) !== index) reason = SKIP_REASONS.laterDuplicate;
      else reason = SKIP_REASONS.unchanged;
      skippedRows.push({ index, reason });
    });
    return { inserted, updated, skipped: rows.length - inserted - updated, skippedRows };
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
    default:
      return 'text';
  }
}

/** Which of these place ids are already stored (the upload report's duplicate analysis). */
export async function existingPlaceIds(client: pg.ClientBase, placeIds: readonly string[]): Promise<Set<string>> {
  if (placeIds.length === 0) return new Set();
  const { rows } = await client.query<{ place_id: string }>(
    'select place_id from businesses where place_id = any($1::text[])',
    [placeIds],
  );
  return new Set(rows.map((r) => r.place_id));
}
