import type pg from 'pg';
import { DOCUMENTS_TABLE } from './schema.js';
import type { SearchDb, StatementQueue } from './statement-queue.js';

/**
 * How common each lexeme is, so that statements reading every match can test the most common ones on the rows
 * instead of intersecting their long posting lists (buildFilter's `frequent`; bench/engine-notes.md "Filter").
 */

/**
 * The share of documents holding each of the most common lexemes (pg_stats), the least share listed (the others
 * hold less), and the number of documents.
 */
export interface LexemeShares {
  of: ReadonlyMap<string, number>;
  least: number;
  documents: number;
}

/** Lexemes held by at least `from` of the documents, tested on the rows when the others find at most `rows`. */
export interface FrequentLexemes {
  shares: LexemeShares;
  from: number;
  rows: number;
}

/** How long the lexemes' shares read from pg_stats are used before they are read again. */
const LEXEME_SHARES_TTL_MS = 60_000;

/**
 * The lexemes' shares as ANALYZE last counted them (a rebuild analyzes). Read once before the first search that
 * needs them, then again in the background (no search waits) every LEXEME_SHARES_TTL_MS. None when they cannot be
 * read: every lexeme is then rare.
 */
export class LexemeSharesCache {
  private current: { readAt: number; shares: Promise<LexemeShares> } | null = null;

  constructor(private readonly statements: StatementQueue) {}

  of(db: SearchDb): Promise<LexemeShares> {
    const now = performance.now();
    if (!this.current) {
      this.current = { readAt: now, shares: readLexemeShares(db.query.bind(db)) };
    } else if (now - this.current.readAt > LEXEME_SHARES_TTL_MS) {
      const current = this.current;
      current.readAt = now;
      const next = readLexemeShares((sql, values) => this.statements.background(sql, values));
      void next.then((shares) => {
        // A failed read keeps the shares read before.
        if (this.current === current && shares !== NO_SHARES)
          this.current = { readAt: now, shares: Promise.resolve(shares) };
      });
    }
    return this.current.shares;
  }
}

/** The lexemes' shares of the documents' tsvectors, from pg_stats (NO_SHARES when they cannot be read). */
async function readLexemeShares(
  query: <R extends pg.QueryResultRow>(sql: string, values: unknown[]) => Promise<pg.QueryResult<R>>,
): Promise<LexemeShares> {
  try {
    const { rows } = await query<{ lexemes: string[] | null; shares: number[] | null; documents: number }>(
      `select s.most_common_elems::text::text[] as lexemes, s.most_common_elem_freqs as shares,
         greatest(c.reltuples, 0)::float8 as documents
       from pg_class c left join pg_stats s on s.schemaname = current_schema() and s.tablename = c.relname
         and s.attname = 'tsv'
       where c.oid = to_regclass($1)`,
      [DOCUMENTS_TABLE],
    );
    const { lexemes, shares, documents } = rows[0] ?? { lexemes: null, shares: null, documents: 0 };
    // One share a lexeme (other figures follow them in most_common_elem_freqs).
    const listed = (lexemes ?? []).map((lexeme, i): [string, number] => [lexeme, shares?.[i] ?? 0]);
    const least = listed.reduce((min, [, share]) => Math.min(min, share), listed.length > 0 ? 1 : 0);
    return { of: new Map(listed), least, documents };
  } catch {
    return NO_SHARES;
  }
}

/** Before ANALYZE has counted the lexemes: every one is rare, and no statement leaves one out. */
const NO_SHARES: LexemeShares = { of: new Map(), least: 0, documents: 0 };
