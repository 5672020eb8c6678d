import pg from 'pg';
import type { SearchDocument } from '../search-engine.js';
import { DOCUMENT_COLUMNS, SOURCE_SQL } from '../sync/source.js';
import type { Sql } from './planning.js';
import { DOCUMENTS_TABLE, SAMPLES_TABLE, VOCABULARY_TABLE, syncSamplesSql, vocabularyInsertSql } from './schema.js';

/**
 * Writes to the live index: each keeps the vocabulary and the samples in step with the documents, and is visible
 * once it returns.
 */

const WRITABLE = DOCUMENT_COLUMNS.map((c) => c as string);

export async function upsertDocuments(pool: pg.Pool, documents: readonly SearchDocument[]): Promise<void> {
  await upsertInto(pool, DOCUMENTS_TABLE, documents);
  const ids = documents.map((d) => d.id);
  await pool.query(vocabularyInsertSql(DOCUMENTS_TABLE, VOCABULARY_TABLE, true), [ids]);
  await pool.query(syncSamplesSql(DOCUMENTS_TABLE, SAMPLES_TABLE), [ids]);
}

export async function deleteDocuments(pool: pg.Pool, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await pool.query(`delete from ${DOCUMENTS_TABLE} where id = any($1::bigint[])`, [ids]);
  await pool.query(syncSamplesSql(DOCUMENTS_TABLE, SAMPLES_TABLE), [ids]);
}

/**
 * The sync fast path: documents are computed from businesses by SQL inside the database, so a drain of
 * 100k ids is a few set-based statements and no data crosses to Node.
 */
export async function syncFromSource(pool: pg.Pool, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await pool.query(copyFromSourceSql(DOCUMENTS_TABLE, { ids }));
  await pool.query(
    `delete from ${DOCUMENTS_TABLE} d where d.id = any($1::bigint[])
       and not exists (select 1 from businesses b where b.id = d.id)`,
    [ids],
  );
  await pool.query(vocabularyInsertSql(DOCUMENTS_TABLE, VOCABULARY_TABLE, true), [ids]);
  await pool.query(syncSamplesSql(DOCUMENTS_TABLE, SAMPLES_TABLE), [ids]);
}

/** The upsert of documents computed by SOURCE_SQL for ids, or for an id range in popularity order (rebuilds). */
export function copyFromSourceSql(table: string, which: { ids: readonly number[] } | { range: [number, number] }): Sql {
  const t = pg.escapeIdentifier(table);
  const columns = WRITABLE.join(', ');
  const [where, order, values]: [string, string, unknown[]] =
    'ids' in which
      ? ['where b.id = any($1::bigint[])', '', [which.ids]]
      : ['where b.id between $1 and $2', 'order by s.reviews desc, s.id', which.range];
  return {
    text: `insert into ${t} (${columns}) select ${columns} from (${SOURCE_SQL} ${where}) s ${order}
     on conflict (id) do update set ${WRITABLE.filter((c) => c !== 'id')
       .map((c) => `${c} = excluded.${c}`)
       .join(', ')}`,
    values,
  };
}

/** Upserts the documents into `table` (the documents alone: callers keep the vocabulary and samples). */
export async function upsertInto(pool: pg.Pool, table: string, documents: readonly SearchDocument[]): Promise<void> {
  if (documents.length === 0) return;
  const t = pg.escapeIdentifier(table);
  const columns = WRITABLE.join(', ');
  await pool.query(
    `insert into ${t} (${columns})
     select ${columns} from jsonb_to_recordset($1::jsonb) as r(
       id bigint, slug text, name text, category text, category_slug text, type text, city text, city_slug text,
       country text, country_code text, full_address text, phone text, photo text, website text,
       latitude double precision,
       longitude double precision, rating double precision, reviews integer, verified boolean, is_approved boolean,
       open_minutes int4multirange, unlisted_minutes int4multirange, time_zone text, location_terms text[],
       synonym_phrases text, amenities text)
     on conflict (id) do update set ${WRITABLE.filter((c) => c !== 'id')
       .map((c) => `${c} = excluded.${c}`)
       .join(', ')}`,
    [JSON.stringify(documents)],
  );
}
