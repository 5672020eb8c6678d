import type pg from 'pg';
import { businessSlug, cancelOnAbort, type SlugFixProgress, type SlugFixResult } from '@directory/core';

/**
 * A "long timestamp slug" is what the legacy importer wrote: the name followed by a Unix time in seconds
 * (10 digits) or milliseconds (13 digits) from 2001 to 2033, often with a random tail, e.g.
 * `joes-pizza-1699999999999` or `joes-pizza-1700000000-x7k2m9`. The fix gives such businesses the short
 * place-id style of every other slug: name + city + six characters from the place id.
 */
export const LONG_TIMESTAMP_SLUG = /(^|-)1\d{9}(\d{3})?(-|$)/;
const LONG_TIMESTAMP_SLUG_SQL = '(^|-)1[0-9]{9}([0-9]{3})?(-|$)';

export const SLUG_FIX_CHECKPOINT = 'slug-fix';
/** Session-level advisory lock: one slug fix at a time, whichever worker process runs it. */
const LOCK_SQL = `hashtext('directory:slug-fix')`;

export interface SlugFixOptions {
  batchSize?: number;
  /** Stop (keeping the checkpoint) after this many batches; the next run resumes there. */
  maxBatches?: number;
  onProgress?: (progress: SlugFixProgress) => unknown;
  /** Stops the fix: the batch in flight is rolled back, the committed ones and the checkpoint stay. */
  signal?: AbortSignal;
}

interface CheckpointState {
  lastId: number;
  processed: number;
  renamed: number;
  startedAt: string;
}

interface Candidate {
  id: string;
  name: string;
  city: string | null;
  place_id: string | null;
  slug: string;
}

/**
 * Renames long timestamp slugs in batches. Each batch, its slug_redirects rows (old slug -> business, so every
 * old address keeps working) and the checkpoint commit in one transaction: a run that dies resumes after its
 * last committed batch and never renames twice. New slugs are unique against every business and every
 * redirect. Re-running after a complete run finds nothing to rename.
 */
export async function fixSlugs(pool: pg.Pool, options: SlugFixOptions = {}): Promise<SlugFixResult> {
  const batchSize = options.batchSize ?? 500;
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10_000) {
    throw new Error(`The slug fix batch size ${batchSize} must be a whole number from 1 to 10000.`);
  }
  const client = await pool.connect();
  // A cancel interrupts the statement in flight (a batch waiting for a row lock stops at once).
  const stopInterrupting = cancelOnAbort(pool, client, options.signal);
  try {
    const { rows: locked } = await client.query<{ ok: boolean }>(`select pg_try_advisory_lock(${LOCK_SQL}) as ok`);
    if (!locked[0].ok) throw new Error('Another slug fix is running; wait for it to finish and try again.');
    try {
      return await run(client, batchSize, options);
    } finally {
      await client.query(`select pg_advisory_unlock(${LOCK_SQL})`);
    }
  } finally {
    stopInterrupting();
    // A connection a cancel may have interrupted (its unlock included) is closed: its session lock goes with it.
    client.release(options.signal?.aborted);
  }
}

async function run(client: pg.PoolClient, batchSize: number, options: SlugFixOptions): Promise<SlugFixResult> {
  const saved = await client.query<{ state: CheckpointState }>('select state from job_checkpoints where name = $1', [
    SLUG_FIX_CHECKPOINT,
  ]);
  const resumedFrom = saved.rows[0] ? saved.rows[0].state.lastId : null;
  const state: CheckpointState = saved.rows[0]?.state ?? {
    lastId: 0,
    processed: 0,
    renamed: 0,
    startedAt: new Date().toISOString(),
  };
  const remaining = await client.query<{ n: string }>(
    'select count(*) as n from businesses where id > $1 and slug ~ $2',
    [state.lastId, LONG_TIMESTAMP_SLUG_SQL],
  );
  const rowsTotal = state.processed + Number(remaining.rows[0].n);
  // Progress is best effort: a lost update must not fail the fix.
  const progress = (phase: SlugFixProgress['phase']) =>
    Promise.resolve()
      .then(() => options.onProgress?.({ phase, rowsDone: state.processed, rowsTotal, renamed: state.renamed }))
      .catch(() => undefined);
  await progress('renaming');

  for (let batch = 0; ; batch++) {
    options.signal?.throwIfAborted();
    if (options.maxBatches !== undefined && batch >= options.maxBatches) {
      return result(state, resumedFrom, false);
    }
    let more: boolean;
    try {
      more = await withRetry(() => renameBatch(client, state, batchSize));
    } catch (error) {
      options.signal?.throwIfAborted(); // the interrupted statement's error is the cancel
      throw error;
    }
    if (!more) break;
    await progress('renaming');
  }
  await progress('done');
  return result(state, resumedFrom, true);
}

function result(state: CheckpointState, resumedFrom: number | null, complete: boolean): SlugFixResult {
  const message = complete
    ? state.renamed > 0
      ? `${state.renamed} business address${state.renamed === 1 ? ' was' : 'es were'} shortened; the old addresses redirect to the new ones.`
      : 'No business has a long timestamp address; nothing to change.'
    : `${state.renamed} address${state.renamed === 1 ? '' : 'es'} shortened so far; the fix stopped at business ${state.lastId} and resumes there on the next run.`;
  return {
    success: true,
    successCount: state.renamed,
    totalProcessed: state.processed,
    checkpointEnabled: true,
    complete,
    resumedFrom,
    message,
  };
}

/** A concurrent writer can take a slug between our check and our update; the batch is then simply redone. */
async function withRetry<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if ((error as { code?: string }).code !== '23505' || attempt >= attempts) throw error;
    }
  }
}

/** One batch in one transaction; false when there was nothing left (the checkpoint is then cleared). */
async function renameBatch(client: pg.PoolClient, state: CheckpointState, batchSize: number): Promise<boolean> {
  await client.query('begin');
  try {
    const { rows } = await client.query<Candidate>(
      `select id, name, city, place_id, slug from businesses where id > $1 and slug ~ $2 order by id limit $3
       for update`,
      [state.lastId, LONG_TIMESTAMP_SLUG_SQL, batchSize],
    );
    if (rows.length === 0) {
      await client.query('delete from job_checkpoints where name = $1', [SLUG_FIX_CHECKPOINT]);
      await client.query('commit');
      return false;
    }
    const renames = await chooseSlugs(client, rows);
    if (renames.length > 0) {
      const ids = renames.map((r) => r.id);
      await client.query(
        `update businesses b set slug = v.slug, updated_at = now()
         from unnest($1::bigint[], $2::text[]) as v(id, slug) where b.id = v.id`,
        [ids, renames.map((r) => r.slug)],
      );
      // The new address may be one this business had before: it is its own again, not a redirect.
      await client.query(
        `delete from slug_redirects r using unnest($1::bigint[], $2::text[]) as v(id, slug)
         where r.old_slug = v.slug and r.business_id = v.id`,
        [ids, renames.map((r) => r.slug)],
      );
      await client.query(
        `insert into slug_redirects (old_slug, business_id)
         select * from unnest($1::text[], $2::bigint[])
         on conflict (old_slug) do update set business_id = excluded.business_id, created_at = now()`,
        [renames.map((r) => r.oldSlug), ids],
      );
    }
    const next: CheckpointState = {
      ...state,
      lastId: Number(rows[rows.length - 1].id),
      processed: state.processed + rows.length,
      renamed: state.renamed + renames.length,
    };
    await client.query(
      `insert into job_checkpoints (name, state) values ($1, $2)
       on conflict (name) do update set state = excluded.state, updated_at = now()`,
      [SLUG_FIX_CHECKPOINT, JSON.stringify(next)],
    );
    await client.query('commit');
    Object.assign(state, next);
    return true;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}

/**
 * The new slug of each candidate: businessSlug(name, city, place id), or with the business id mixed into the
 * suffix source when that address already belongs to another business or redirects to one.
 */
async function chooseSlugs(client: pg.PoolClient, rows: Candidate[]) {
  const proposals = rows.map((row) => ({ row, options: slugOptions(row) }));
  const wanted = proposals.flatMap((p) => p.options);
  const taken = await client.query<{ slug: string; id: string }>(
    `select slug, id from businesses where slug = any($1)
     union all
     select old_slug, business_id from slug_redirects where old_slug = any($1)`,
    [wanted],
  );
  const owners = new Map<string, Set<string>>();
  for (const t of taken.rows) {
    if (!owners.has(t.slug)) owners.set(t.slug, new Set());
    owners.get(t.slug)!.add(String(t.id));
  }
  const used = new Set<string>();
  const renames: { id: string; slug: string; oldSlug: string }[] = [];
  for (const { row, options } of proposals) {
    const free = options.find((slug) => {
      const holders = owners.get(slug);
      return !used.has(slug) && (!holders || [...holders].every((id) => id === String(row.id)));
    });
    if (!free) {
      throw new Error(`No free short address was found for business ${row.id} ("${row.name}"); rename it by hand.`);
    }
    used.add(free);
    if (free !== row.slug) renames.push({ id: String(row.id), slug: free, oldSlug: row.slug });
  }
  return renames;
}

function slugOptions(row: Candidate): string[] {
  const source = row.place_id ?? `business-${row.id}`;
  return [
    businessSlug(row.name, row.city, source),
    businessSlug(row.name, row.city, `${source}#${row.id}`),
    ...[1, 2, 3].map((n) => businessSlug(row.name, row.city, `${source}#${row.id}#${n}`)),
  ];
}
