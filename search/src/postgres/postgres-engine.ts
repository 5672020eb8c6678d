import { availableParallelism } from 'node:os';
import pLimit, { type LimitFunction } from 'p-limit';
import type pg from 'pg';
import type { SearchDocument, SearchEngine, SearchQuery, SearchResult, Suggestions } from '../search-engine.js';
import { Counter, sampleLevels } from './counting.js';
import { LexemeSharesCache } from './frequent-lexemes.js';
import { needsReindex, rebuildIndex, setupIndex, type PostgresDocumentWriter } from './rebuild.js';
import { DOCUMENTS_TABLE } from './schema.js';
import { search, type SearchSettings } from './search.js';
import { StatementQueue } from './statement-queue.js';
import { suggestions } from './suggest.js';
import { deleteDocuments, syncFromSource, upsertDocuments } from './writes.js';

export type { PostgresDocumentWriter } from './rebuild.js';

/** The engine's bounds. Defaults and the measurements behind them: bench/engine-notes.md. */
export interface PostgresEngineOptions {
  /**
   * Matches are counted exactly up to this many (facets too; relevance-sorted, up to rankAllUpTo); beyond it,
   * the total is estimated (from the sample indexes, else the planner), facets are scaled from a sample and
   * `exhaustive` is false.
   */
  exactCountUpTo?: number;
  /**
   * Relevance ranks every match in one pass up to this many; beyond it, each tier's best come from a walk of its
   * own (ranking.ts).
   */
  rankAllUpTo?: number;
  /**
   * A sample index is trusted (its scaled count and facets answer) when it finds at least this many matches,
   * and more than exactCountUpTo matches could put in it.
   */
  minSampleMatches?: number;
  /**
   * An estimated total is counted again from at least this many matches (a standard error of 1/√n), or exactly
   * when the finest sample holds fewer (Counter.precise).
   */
  preciseMatches?: number;
  /** Most matches read from a sample index (their facets are scaled to the total). */
  sampleRows?: number;
  /**
   * A query of filters only (open now, a minimum rating, facets) is counted by reading every row of the documents
   * when there are at most this many, else of the finest sample holding at most this many (counting.ts).
   */
  filteredRowsUpTo?: number;
  /** Suggestions of names with a word beginning the prefix are looked for among this many most reviewed first. */
  suggestFromMostReviewed?: number;
  /** Values returned per facet. */
  facetLimit?: number;
  /** Connections a rebuild fills and indexes on at once (one per core is right). */
  rebuildParallelism?: number;
  /**
   * Statements of searches run at once (default: three per two cores); more wait their turn, those of the search
   * that began first going first (StatementQueue), so each search runs at nearly its unloaded speed.
   */
  concurrentStatements?: number;
  /** Suggestions run at once (default: two per core), in a queue of their own so that none waits behind a search. */
  concurrentSuggestions?: number;
  /**
   * Statements that read every match leave out of their index search the lexemes held by at least this share of
   * the documents, and test them on the rows instead (buildFilter); 1 never does.
   */
  indexLexemesBelowShare?: number;
  /** ...as long as the lexemes left in the index search are expected to find at most this many rows. */
  testLexemesOnRowsUpTo?: number;
  /**
   * Windows among at least this many matches, filtered by words and a location only, run under a plan made once
   * per connection (planning.ts plannedOnce).
   */
  plannedOnceFromMatches?: number;
}

/**
 * The embedded engine: search_documents with tsvector, word, array and point indexes. Every query is shaped so
 * its cost is bounded by the page asked for, not by the number of matches: ordered index walks that stop at the
 * page (pages.ts), candidate windows for relevance (ranking.ts), sampled counts and facets (counting.ts).
 */
export class PostgresSearchEngine implements SearchEngine {
  readonly kind = 'postgres' as const;
  private readonly settings: SearchSettings;
  private readonly suggestFromMostReviewed: number;
  private readonly rebuildParallelism: number;
  private readonly statements: StatementQueue;
  private readonly suggestSlots: LimitFunction;

  constructor(
    private readonly pool: pg.Pool,
    options: PostgresEngineOptions = {},
  ) {
    const exactCountUpTo = options.exactCountUpTo ?? 1000;
    const levels = sampleLevels(exactCountUpTo, options.minSampleMatches, options.sampleRows);
    const cores = availableParallelism();
    this.statements = new StatementQueue(pool, Math.max(1, options.concurrentStatements ?? Math.round(1.5 * cores)));
    this.settings = {
      counter: new Counter(exactCountUpTo, levels, options.facetLimit ?? 50, {
        filteredRowsUpTo: options.filteredRowsUpTo,
        preciseMatches: options.preciseMatches,
      }),
      rankAllUpTo: Math.max(exactCountUpTo, options.rankAllUpTo ?? 3000),
      plannedOnceFromMatches: options.plannedOnceFromMatches ?? 20_000,
      indexLexemesBelowShare: options.indexLexemesBelowShare ?? 0.1,
      testLexemesOnRowsUpTo: options.testLexemesOnRowsUpTo ?? 1000,
      lexemeShares: new LexemeSharesCache(this.statements),
    };
    this.suggestFromMostReviewed = options.suggestFromMostReviewed ?? 3000;
    this.rebuildParallelism = Math.max(1, options.rebuildParallelism ?? 2);
    this.suggestSlots = pLimit(Math.max(1, options.concurrentSuggestions ?? 2 * cores));
  }

  needsReindex(): Promise<boolean> {
    return needsReindex(this.pool);
  }

  setup(): Promise<void> {
    return setupIndex(this.pool);
  }

  upsert(documents: readonly SearchDocument[]): Promise<void> {
    return upsertDocuments(this.pool, documents);
  }

  delete(ids: readonly number[]): Promise<void> {
    return deleteDocuments(this.pool, ids);
  }

  /** The sync's fast path: the documents of these businesses computed inside the database (writes.ts). */
  syncFromSource(ids: readonly number[]): Promise<void> {
    return syncFromSource(this.pool, ids);
  }

  async count(): Promise<number> {
    const { rows } = await this.pool.query<{ n: string }>(`select count(*) as n from ${DOCUMENTS_TABLE}`);
    return Number(rows[0].n);
  }

  rebuild(fill: (writer: PostgresDocumentWriter) => Promise<void>): Promise<void> {
    return rebuildIndex(this.pool, this.rebuildParallelism, fill);
  }

  search(query: SearchQuery): Promise<SearchResult> {
    return search(this.statements.session(), this.settings, query);
  }

  suggest(q: string, limit = 5): Promise<Suggestions> {
    return this.suggestSlots(() => suggestions(this.pool, q, limit, this.suggestFromMostReviewed));
  }

  async close(): Promise<void> {
    // The pool belongs to the caller (shared with the api or worker).
  }
}
