import pg from 'pg';
import { withTransaction } from '@directory/core';
import type { DocumentWriter } from '../search-engine.js';
import {
  createFacetCountsIndexesSql,
  createFacetCountsTableSql,
  createFacetCountsTriggersSql,
  FACET_COUNTS_TABLE,
  FACET_COUNTS_TRIGGERS,
  fillFacetCountsSql,
} from './facet-counts.js';
import { withValuesWritten } from './planning.js';
import {
  createIndexesSql,
  createTablesSql,
  createSampleIndexesSql,
  createSamplesFillSql,
  createSamplesTableSql,
  createVocabularyIndexSql,
  DOCUMENTS_TABLE,
  LAYOUT_VERSION,
  SAMPLES_TABLE,
  SAMPLE_COLUMNS,
  VOCABULARY_TABLE,
  vocabularyInsertSql,
} from './schema.js';
import { copyFromSourceSql, upsertInto } from './writes.js';

/**
 * The index's tables: created at setup, rebuilt without downtime (fresh tables filled, indexed, then renamed in),
 * and a reindex asked for when the layout changed. How long a rebuild takes, and why it fills as it does:
 * bench/engine-notes.md "Rebuild".
 */

/** Advisory lock key shared by setup (DDL) so the api and worker starting together do not race. */
const SETUP_LOCK = 7_318_222_001;
/** Index builds of a rebuild get more memory than queries need (GIN builds are much faster with it). */
const BUILD_MEMORY = '512MB';

export interface PostgresDocumentWriter extends DocumentWriter {
  /** Fills the fresh table from businesses in one statement. */
  copyFromSource(): Promise<void>;
}

/** The documents table is missing or was built by an older layout (its comment names the layout). */
export async function needsReindex(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query<{ layout: string | null }>(
    `select obj_description(to_regclass($1), 'pg_class') as layout`,
    [DOCUMENTS_TABLE],
  );
  return rows[0]?.layout !== LAYOUT_VERSION;
}

/** Creates the tables that are missing; idempotent, under the setup lock. */
export async function setupIndex(pool: pg.Pool): Promise<void> {
  await underSetupLock(pool, async (client) => {
    const exists = async (table: string) =>
      (await client.query(`select to_regclass($1) as table`, [table])).rows[0].table !== null;
    const gen = generation();
    const statements: string[] = [];
    if (!(await exists(DOCUMENTS_TABLE)))
      statements.push(
        ...createTablesSql(DOCUMENTS_TABLE, VOCABULARY_TABLE),
        ...createIndexesSql(DOCUMENTS_TABLE, gen),
        createVocabularyIndexSql(VOCABULARY_TABLE, gen),
      );
    // An index of an older layout has none, or one of other columns: empty, a count finds no sample and
    // counts exactly, until the reindex the layout asks for fills it.
    const { rows: sampleColumns } = await client.query<{ name: string }>(
      `select attname as name from pg_attribute where attrelid = to_regclass($1) and attnum > 0 and not attisdropped`,
      [SAMPLES_TABLE],
    );
    if (
      sampleColumns
        .map((c) => c.name)
        .sort()
        .join() !== [...SAMPLE_COLUMNS].sort().join()
    )
      statements.push(
        `drop table if exists ${SAMPLES_TABLE}`,
        createSamplesTableSql(SAMPLES_TABLE),
        ...createSampleIndexesSql(SAMPLES_TABLE, gen),
      );
    // The counts of an index that has none, or whose documents lack the triggers that keep them (a table built by
    // an older version), are filled from its documents; the triggers keep them from then on.
    const { rows: triggers } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_trigger where tgrelid = to_regclass($1) and tgname like 'search_facet_counts_%'`,
      [DOCUMENTS_TABLE],
    );
    if (!(await exists(FACET_COUNTS_TABLE)) || triggers[0].n < FACET_COUNTS_TRIGGERS)
      statements.push(
        `drop table if exists ${FACET_COUNTS_TABLE}`,
        createFacetCountsTableSql(FACET_COUNTS_TABLE),
        fillFacetCountsSql(FACET_COUNTS_TABLE, DOCUMENTS_TABLE),
        ...createFacetCountsIndexesSql(FACET_COUNTS_TABLE, gen),
        ...createFacetCountsTriggersSql(DOCUMENTS_TABLE, SAMPLES_TABLE),
      );
    for (const sql of statements) await client.query(sql);
  });
}

/**
 * Builds search_documents_<generation>, its vocabulary and its samples without indexes, fills them (the
 * documents in id ranges on several connections, each in popularity order), indexes them (several at once),
 * then swaps the three in by renaming. `parallelism`: connections filled and indexed on at once.
 */
export async function rebuildIndex(
  pool: pg.Pool,
  parallelism: number,
  fill: (writer: PostgresDocumentWriter) => Promise<void>,
): Promise<void> {
  const gen = generation();
  const fresh = `${DOCUMENTS_TABLE}_${gen}`;
  const freshVocabulary = `${VOCABULARY_TABLE}_${gen}`;
  const retired = `${DOCUMENTS_TABLE}_retired_${gen}`;
  const retiredVocabulary = `${VOCABULARY_TABLE}_retired_${gen}`;
  const freshSamples = `${SAMPLES_TABLE}_${gen}`;
  const retiredSamples = `${SAMPLES_TABLE}_retired_${gen}`;
  const freshCounts = `${FACET_COUNTS_TABLE}_${gen}`;
  const retiredCounts = `${FACET_COUNTS_TABLE}_retired_${gen}`;
  const id = pg.escapeIdentifier;
  await dropLeftovers(pool);
  for (const sql of [
    ...createTablesSql(fresh, freshVocabulary),
    createSamplesTableSql(freshSamples),
    createFacetCountsTableSql(freshCounts),
  ])
    await pool.query(sql);
  try {
    await fill({
      upsert: (documents) => upsertInto(pool, fresh, documents),
      copyFromSource: () => parallelCopy(pool, parallelism, fresh),
    });
    // The vocabulary (one connection) is filled and indexed while the documents are indexed.
    const vocabulary = [
      vocabularyInsertSql(fresh, freshVocabulary, false),
      createVocabularyIndexSql(freshVocabulary, gen),
    ];
    const samples = [createSamplesFillSql(fresh, freshSamples), ...createSampleIndexesSql(freshSamples, gen)];
    const counts = [fillFacetCountsSql(freshCounts, fresh), ...createFacetCountsIndexesSql(freshCounts, gen)];
    await inParallel(
      pool,
      parallelism,
      [vocabulary, samples, counts, ...createIndexesSql(fresh, gen)],
      [`set maintenance_work_mem = '${BUILD_MEMORY}'`],
    );
    await inParallel(
      pool,
      parallelism,
      [fresh, freshVocabulary, freshSamples, freshCounts].map((table) => `vacuum analyze ${id(table)}`),
    );
    await underSetupLock(pool, async (client) => {
      // The fresh documents' writes are counted from the swap on (the sync waits for the rebuild, so none came before).
      for (const sql of createFacetCountsTriggersSql(fresh, SAMPLES_TABLE)) await client.query(sql);
      await client.query(`alter table if exists ${DOCUMENTS_TABLE} rename to ${id(retired)}`);
      await client.query(`alter table if exists ${VOCABULARY_TABLE} rename to ${id(retiredVocabulary)}`);
      await client.query(`alter table ${id(fresh)} rename to ${DOCUMENTS_TABLE}`);
      await client.query(`alter table ${id(freshVocabulary)} rename to ${VOCABULARY_TABLE}`);
      await client.query(`alter table if exists ${SAMPLES_TABLE} rename to ${id(retiredSamples)}`);
      await client.query(`alter table ${id(freshSamples)} rename to ${SAMPLES_TABLE}`);
      await client.query(`alter table if exists ${FACET_COUNTS_TABLE} rename to ${id(retiredCounts)}`);
      await client.query(`alter table ${id(freshCounts)} rename to ${FACET_COUNTS_TABLE}`);
    });
    await pool.query(
      `drop table if exists ${id(retired)}, ${id(retiredVocabulary)}, ${id(retiredSamples)}, ${id(retiredCounts)}`,
    );
  } catch (error) {
    await pool
      .query(`drop table if exists ${id(fresh)}, ${id(freshVocabulary)}, ${id(freshSamples)}, ${id(freshCounts)}`)
      .catch(() => undefined);
    throw error;
  }
}

function generation(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** One transaction holding the setup lock: creating and swapping the tables never interleave. */
async function underSetupLock(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await withTransaction(client, 'begin', async () => {
      await client.query('select pg_advisory_xact_lock($1)', [SETUP_LOCK]);
      await work(client);
    });
  } finally {
    client.release();
  }
}

/** Tables of a rebuild that was interrupted (process killed); callers hold the sync lock, so none is in use. */
async function dropLeftovers(pool: pg.Pool): Promise<void> {
  const { rows } = await pool.query<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = current_schema()
       and (tablename like 'search\\_documents\\_%' or tablename like 'search\\_vocabulary\\_%'
            or tablename like 'search\\_samples\\_%' or tablename like 'search\\_facet\\_counts\\_%')`,
  );
  for (const { name } of rows) await pool.query(`drop table if exists ${pg.escapeIdentifier(name)}`);
}

/**
 * Fills the fresh table from businesses in id ranges, one per connection, each written in popularity order:
 * the plans that walk the reviews index (most reviewed first, filtering as they go) then read neighbouring
 * rows from the same pages instead of one page per row. Rows written later by the sync are appended; the next
 * rebuild restores the order.
 */
async function parallelCopy(pool: pg.Pool, parallelism: number, table: string): Promise<void> {
  const { rows } = await pool.query<{ lo: string | null; hi: string | null }>(
    'select min(id) as lo, max(id) as hi from businesses',
  );
  if (rows[0].lo === null) return;
  const lo = Number(rows[0].lo);
  const hi = Number(rows[0].hi);
  const step = Math.ceil((hi - lo + 1) / parallelism);
  const ranges = Array.from({ length: parallelism }, (_, i): [number, number] => [
    lo + i * step,
    Math.min(hi, lo + (i + 1) * step - 1),
  ]);
  // The sort by popularity gets the memory of an index build.
  await inParallel(
    pool,
    parallelism,
    ranges.map((range) => withValuesWritten(copyFromSourceSql(table, { range }))),
    [`set work_mem = '${BUILD_MEMORY}'`],
  );
}

/**
 * Runs the statements on up to `parallelism` connections, each prepared with `setup`; the statements of a list
 * run one after the other, on one connection.
 */
async function inParallel(
  pool: pg.Pool,
  parallelism: number,
  statements: (string | string[])[],
  setup: string[] = [],
): Promise<void> {
  const queue = statements.map((task) => (typeof task === 'string' ? [task] : task));
  await Promise.all(
    Array.from({ length: Math.min(parallelism, queue.length) }, async () => {
      const client = await pool.connect();
      try {
        for (const sql of setup) await client.query(sql);
        for (let task = queue.shift(); task !== undefined; task = queue.shift())
          for (const sql of task) await client.query(sql);
        for (const sql of setup) await client.query(`reset ${sql.split(/\s+/)[1]}`);
      } finally {
        client.release();
      }
    }),
  );
}
