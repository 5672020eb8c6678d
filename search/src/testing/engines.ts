import type pg from 'pg';
import type { SearchEngine } from '../search-engine.js';
import { PostgresSearchEngine } from '../postgres/postgres-engine.js';
import { MeilisearchSearchEngine } from '../meilisearch/meilisearch-engine.js';
import { reindex } from '../sync/reindex.js';

/**
 * What an engine guarantees where the two legitimately differ; the contract asserts each engine by what it
 * declares here, never by skipping.
 */
export interface EngineCapabilities {
  /**
   * Totals of more matches than the engine counts (`exhaustive: false`): 'estimated', an estimate of every match
   * with the facets scaled to it (PostgreSQL: from a sample); 'capped', the bound itself, a floor, with the
   * facets counted exactly over every match (Meilisearch's maxTotalHits).
   */
  totalsBeyondBound: 'estimated' | 'capped';
  /**
   * Other forms of a word match it ("gyms" finds "Gym", "bäckereien" a Zürich "Bäckerei", "boulangeries" a Paris
   * "Boulangerie"): PostgreSQL by Snowball stems in English and the languages of the document's country
   * (word-forms.ts); Meilisearch has no stemming in any language (only typo tolerance, which reaches some plurals of
   * long words).
   */
  wordForms: boolean;
  /**
   * "Open now" is judged at the local minute (1), or at the start of its quarter hour (15: Meilisearch filters by
   * quarter-hour slots of the week, and its hits' flag follows the filter).
   */
  openNowStepMinutes: 1 | 15;
  /**
   * A word of the query names a place by any of the city's names ("pizza munich" finds München's pizzerias):
   * PostgreSQL matches a word of 4+ letters against the documents' location terms; Meilisearch searches only the
   * words the documents hold (its location terms are a filter, and searching them would match inside multi-word
   * names: "apple" in "Big Apple").
   */
  placeWordsInQuery: boolean;
}

export interface ContractEngine {
  kind: SearchEngine['kind'];
  capabilities: EngineCapabilities;
  /** The suite's engine on the suite's database, not yet set up. */
  create(pool: pg.Pool): SearchEngine;
  /**
   * An engine holding the suite's businesses, that counts exactly fewer than `countUpTo` matches: on the same index
   * (PostgreSQL, whose bound is the engine's own) or on one of its own (Meilisearch, whose bound is an index
   * setting), set up and filled.
   */
  bounded(pool: pg.Pool, countUpTo: number): Promise<SearchEngine>;
  /** Makes the live index look built by an older layout, as an upgrade of the engine would find it. */
  ageLayout(pool: pg.Pool, engine: SearchEngine): Promise<void>;
  /** Removes what the engine stored outside the suite's database. */
  dispose(engine: SearchEngine): Promise<void>;
}

const postgres: ContractEngine = {
  kind: 'postgres',
  capabilities: { totalsBeyondBound: 'estimated', wordForms: true, openNowStepMinutes: 1, placeWordsInQuery: true },
  create: (pool) => new PostgresSearchEngine(pool),
  // exactCountUpTo n counts n matches exactly in a pass, and an estimate below preciseMatches is counted again
  // exactly: n + 1 and more are estimated.
  bounded: async (pool, countUpTo) =>
    new PostgresSearchEngine(pool, { exactCountUpTo: countUpTo - 1, preciseMatches: countUpTo }),
  ageLayout: async (pool) => {
    await pool.query(`comment on table search_documents is 'search_documents v0'`);
  },
  dispose: async () => undefined,
};

const meilisearch = (host: string, apiKey: string | undefined): ContractEngine => {
  const uid = (name: string) => `${process.env.TEST_RUN_ID}_${process.pid}_${name}`;
  const create = (name: string, maxTotalHits?: number) =>
    new MeilisearchSearchEngine({ host, apiKey, indexUid: uid(name), maxTotalHits });
  return {
    kind: 'meilisearch',
    capabilities: {
      totalsBeyondBound: 'capped',
      wordForms: false,
      openNowStepMinutes: 15,
      placeWordsInQuery: false,
    },
    create: () => create('contract'),
    bounded: async (pool, countUpTo) => {
      const engine = create(`bounded_${countUpTo}`, countUpTo);
      await engine.setup();
      await reindex(pool, engine);
      return engine;
    },
    ageLayout: async (_pool, engine) => {
      const { client, indexUid } = engine as MeilisearchSearchEngine;
      await client
        .index(indexUid)
        .addDocuments([{ id: 'layout', layout: 'businesses v0', is_approved: false }])
        .waitTask();
    },
    dispose: async (engine) => {
      const { client, indexUid } = engine as MeilisearchSearchEngine;
      await client.deleteIndexIfExists(indexUid);
    },
  };
};

/** PostgreSQL always; Meilisearch when MEILI_URL points to a server (MEILI_KEY its key), each run on its own indexes. */
export function contractEngines(): [SearchEngine['kind'], ContractEngine][] {
  const engines: ContractEngine[] = [postgres];
  if (process.env.MEILI_URL) engines.push(meilisearch(process.env.MEILI_URL, process.env.MEILI_KEY));
  return engines.map((engine) => [engine.kind, engine]);
}
