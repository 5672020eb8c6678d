import type pg from 'pg';
import type { DocumentWriter, SearchEngine } from '../search-engine.js';
import { allDocuments } from './source.js';
import { withSyncLock } from './lock.js';

export interface ReindexResult {
  documents: number;
  ms: number;
}

/**
 * Rebuilds the index from businesses into a fresh index and swaps it in; searches keep answering from the
 * old one meanwhile. Holds the sync lock, so drains pause and the changes committed during the build stay
 * in the outbox and are applied to the new index right after the swap (re-applying is harmless).
 */
export async function reindex(pool: pg.Pool, engine: SearchEngine, batchSize = 10_000): Promise<ReindexResult> {
  const started = performance.now();
  await withSyncLock(pool, true, async () => {
    // Changes committed before the build starts are in the build: their outbox rows are done with it.
    // (Only rows visible now: a transaction still open may hold a lower seq and commit after the build read.)
    const { rows } = await pool.query<{ seq: string }>('select seq from search_outbox');
    await engine.rebuild(async (writer: DocumentWriter & { copyFromSource?: () => Promise<void> }) => {
      if (writer.copyFromSource) {
        await writer.copyFromSource();
        return;
      }
      for await (const batch of allDocuments(pool, batchSize)) await writer.upsert(batch);
    });
    await pool.query('delete from search_outbox where seq = any($1::bigint[])', [rows.map((r) => r.seq)]);
  });
  return { documents: await engine.count(), ms: Math.round(performance.now() - started) };
}

/** At start: create the index if missing and tell whether a full reindex is needed (missing or old layout). */
export async function prepareIndex(engine: SearchEngine): Promise<{ reindexNeeded: boolean }> {
  const reindexNeeded = await engine.needsReindex();
  await engine.setup();
  return { reindexNeeded };
}
