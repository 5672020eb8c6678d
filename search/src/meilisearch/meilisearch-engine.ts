import { Meilisearch, MeilisearchApiError, type EnqueuedTaskPromise, type Index } from 'meilisearch';
import {
  HIT_FIELDS,
  type DocumentWriter,
  type SearchDocument,
  type SearchEngine,
  type SearchFacets,
  type SearchQuery,
  type SearchResult,
  type Suggestions,
  type WriteOptions,
} from '../search-engine.js';
import { normalizeQuery } from '../text.js';
import { mergeFacets, toHit, toMeiliDocument, type MeiliDocument } from './documents.js';
import { filters, sortOf } from './query.js';
import { LAYOUT_DOCUMENT_ID, LAYOUT_VERSION, layoutDocument, meilisearchSettings } from './settings.js';
import { suggest } from './suggest.js';

export { meilisearchSettings, LAYOUT_VERSION } from './settings.js';
export { toMeiliDocument } from './documents.js';

export interface MeilisearchEngineOptions {
  host: string;
  apiKey?: string;
  /** Index uid; tests give each run its own. */
  indexUid?: string;
  /** Documents per addDocuments task. */
  batchSize?: number;
  /**
   * Exact totals below this many hits (pagination.maxTotalHits, an index setting applied by setup and rebuild);
   * from it on the total is this number and `exhaustive` false. The PostgreSQL engine's exactCountUpTo.
   */
  maxTotalHits?: number;
  facetLimit?: number;
}

const WAIT = { timeout: 10 * 60_000, interval: 50 };

const RETRIEVED = [...HIT_FIELDS];

export class MeilisearchSearchEngine implements SearchEngine {
  readonly kind = 'meilisearch' as const;
  readonly client: Meilisearch;
  readonly indexUid: string;
  private readonly batchSize: number;
  private readonly maxTotalHits: number;
  private readonly facetLimit: number;

  constructor(options: MeilisearchEngineOptions) {
    this.client = new Meilisearch({ host: options.host, apiKey: options.apiKey, defaultWaitOptions: WAIT });
    this.indexUid = options.indexUid ?? 'businesses';
    this.batchSize = options.batchSize ?? 10_000;
    this.maxTotalHits = options.maxTotalHits ?? 100_000;
    this.facetLimit = options.facetLimit ?? 50;
  }

  private get index(): Index<MeiliDocument> {
    return this.client.index<MeiliDocument>(this.indexUid);
  }

  /** True when the index is missing, or its layout document is missing or names another layout. */
  async needsReindex(): Promise<boolean> {
    return (await this.layout(this.indexUid)) !== LAYOUT_VERSION;
  }

  /** Creates the index (empty, of the current layout) when missing; applies the settings either way. */
  async setup(): Promise<void> {
    await this.prepare(this.indexUid);
  }

  async upsert(documents: readonly SearchDocument[], options: WriteOptions = {}): Promise<void> {
    await this.write(this.indexUid, documents, options.wait ?? false);
  }

  async delete(ids: readonly number[], options: WriteOptions = {}): Promise<void> {
    if (ids.length === 0) return;
    const tasks: EnqueuedTaskPromise[] = [];
    for (let i = 0; i < ids.length; i += this.batchSize) {
      tasks.push(this.index.deleteDocuments([...ids.slice(i, i + this.batchSize)]));
    }
    if (options.wait) await settle(tasks);
    else await Promise.all(tasks);
  }

  /** Businesses stored: the index's documents but its layout document. */
  async count(): Promise<number> {
    const [stats, layout] = await Promise.all([this.index.getStats(), this.layout(this.indexUid)]);
    return stats.numberOfDocuments - (layout === null ? 0 : 1);
  }

  /** A fresh index gets settings, layout and documents, then swapIndexes makes it live in one atomic task. */
  async rebuild(fill: (writer: DocumentWriter) => Promise<void>): Promise<void> {
    const fresh = `${this.indexUid}_${Date.now().toString(36)}`;
    await this.prepare(fresh);
    try {
      await fill({ upsert: (documents) => this.write(fresh, documents, true) });
      if (!(await this.exists(this.indexUid))) await this.prepare(this.indexUid);
      await settle([this.client.swapIndexes([{ indexes: [this.indexUid, fresh], rename: false }])]);
    } finally {
      // After the swap `fresh` holds the old documents; on failure, the half-built ones.
      await this.client.deleteIndexIfExists(fresh);
    }
  }

  async search(input: SearchQuery): Promise<SearchResult> {
    const started = performance.now();
    const query = normalizeQuery(input);
    // page/hitsPerPage: totalHits counts every match up to maxTotalHits (offset/limit would estimate it), and
    // the facet distribution counts every match.
    const response = await this.index.search(query.words.join(' '), {
      filter: filters(query),
      sort: sortOf(query),
      facets: ['category_facet', 'country_facet', 'city_facet'],
      page: query.page,
      hitsPerPage: query.limit,
      matchingStrategy: 'all',
      attributesToRetrieve: RETRIEVED,
    });
    const total = response.totalHits ?? 0;
    const distribution = response.facetDistribution ?? {};
    return {
      hits: response.hits.map((doc) => toHit(doc, query)),
      total,
      page: query.page,
      limit: query.limit,
      totalPages: Math.ceil(total / query.limit),
      facets: {
        category: mergeFacets(distribution.category_facet, 'category', this.facetLimit),
        country: mergeFacets(distribution.country_facet, 'country', this.facetLimit),
        city: mergeFacets(distribution.city_facet, 'city', this.facetLimit),
      } satisfies SearchFacets,
      // Meilisearch stops counting at maxTotalHits: a total that reached it is that bound, not the count.
      exhaustive: total < this.maxTotalHits,
      processingTimeMs: Math.round(performance.now() - started),
    };
  }

  async suggest(q: string, limit = 5): Promise<Suggestions> {
    return suggest(this.index, q, limit);
  }

  async close(): Promise<void> {
    // The client holds no connections.
  }

  private async exists(uid: string): Promise<boolean> {
    return (await notFoundAsNull(this.client.getRawIndex(uid))) !== null;
  }

  /** The layout an index records; null when the index or its layout document is missing. */
  private async layout(uid: string): Promise<string | null> {
    const document = await notFoundAsNull(
      this.client.index(uid).getDocument<{ layout?: string }>(LAYOUT_DOCUMENT_ID, { fields: ['layout'] }),
    );
    return document?.layout ?? null;
  }

  /**
   * A missing index is created with its layout document (empty, it is of the current layout); an existing one
   * keeps its own, so an index of an older layout still asks for the reindex after its settings are updated.
   */
  private async prepare(uid: string): Promise<void> {
    const created = !(await this.exists(uid));
    if (created) await settle([this.client.createIndex(uid, { primaryKey: 'id' })]);
    await settle([this.client.index(uid).updateSettings(meilisearchSettings(this.maxTotalHits))]);
    if (created) await settle([this.client.index(uid).addDocuments([layoutDocument()], { primaryKey: 'id' })]);
  }

  private async write(uid: string, documents: readonly SearchDocument[], wait: boolean): Promise<void> {
    if (documents.length === 0) return;
    const index = this.client.index<MeiliDocument>(uid);
    const tasks: EnqueuedTaskPromise[] = [];
    for (let i = 0; i < documents.length; i += this.batchSize) {
      tasks.push(index.addDocuments(documents.slice(i, i + this.batchSize).map(toMeiliDocument), { primaryKey: 'id' }));
    }
    if (wait) await settle(tasks);
    else await Promise.all(tasks);
  }
}

async function notFoundAsNull<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof MeilisearchApiError && error.response.status === 404) return null;
    throw error;
  }
}

/** Waits for tasks and fails with Meilisearch's own message when one did not succeed. */
async function settle(tasks: EnqueuedTaskPromise[]): Promise<void> {
  for (const task of tasks) {
    const done = await task.waitTask(WAIT);
    if (done.status !== 'succeeded') {
      throw new Error(
        `Meilisearch task ${done.uid} (${done.type}) ${done.status}: ${done.error?.message ?? 'no reason given'}`,
      );
    }
  }
}
