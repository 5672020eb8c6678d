import { Meilisearch, MeilisearchApiError, type EnqueuedTaskPromise, type Index, type Settings } from 'meilisearch';
import {
  HIT_FIELDS,
  type DocumentWriter,
  type FacetValue,
  type SearchDocument,
  type SearchEngine,
  type SearchFacets,
  type SearchHit,
  type SearchQuery,
  type SearchResult,
  type Suggestions,
  type WriteOptions,
} from '../search-engine.js';
import { FACET_SEPARATOR as SEP, fold, haversineKm, isOpen, normalizeQuery, type NormalizedQuery } from '../text.js';

export interface MeilisearchEngineOptions {
  host: string;
  apiKey?: string;
  /** Index uid; tests give each run its own. */
  indexUid?: string;
  /** Documents per addDocuments task. */
  batchSize?: number;
  /** Exact totals up to this many hits (pagination.maxTotalHits); the PostgreSQL engine's countCap. */
  maxTotalHits?: number;
  facetLimit?: number;
}

/** A stored document: the shared fields plus what Meilisearch filters, sorts and facets on. */
interface MeiliDocument extends Omit<SearchDocument, 'open_days'> {
  open_days: number | null;
  open_weekdays: number[];
  name_sort: string;
  /** "Label␟slug" so facet search matches from the label and one value carries both. */
  category_facet: string | null;
  country_facet: string | null;
  city_facet: string | null;
  _geo?: { lat: number; lng: number };
}

const WAIT = { timeout: 10 * 60_000, interval: 50 };

const RETRIEVED = [...HIT_FIELDS];

export function meilisearchSettings(maxTotalHits: number): Settings {
  return {
    // Attribute order is rank: name, then category/type, then places.
    searchableAttributes: ['name', 'category', 'type', 'city', 'full_address', 'country'],
    filterableAttributes: [
      'category',
      'category_slug',
      'country_code',
      'city_slug',
      'rating',
      'verified',
      'is_approved',
      'location_terms',
      'open_weekdays',
      'category_facet',
      'country_facet',
      'city_facet',
      '_geo',
    ],
    sortableAttributes: ['id', 'rating', 'reviews', 'name', 'name_sort', '_geo'],
    // "sort" right after typo: an explicit sort orders the matching documents as the PostgreSQL engine
    // does; popularity (reviews) breaks the remaining ties of a relevance ordering.
    rankingRules: ['words', 'typo', 'sort', 'proximity', 'attribute', 'exactness', 'reviews:desc'],
    typoTolerance: { enabled: true, minWordSizeForTypos: { oneTypo: 5, twoTypos: 9 } },
    // ~500 categories and tens of thousands of cities: facets sorted by count so the top values come back.
    faceting: { maxValuesPerFacet: 1000, sortFacetValuesBy: { '*': 'count' } },
    pagination: { maxTotalHits },
    facetSearch: true,
    prefixSearch: 'indexingTime',
    searchCutoffMs: 200,
  };
}

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

  async needsReindex(): Promise<boolean> {
    return !(await this.exists(this.indexUid));
  }

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

  async count(): Promise<number> {
    return (await this.index.getStats()).numberOfDocuments;
  }

  /** A fresh index gets settings and documents, then swapIndexes makes it live in one atomic task. */
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
      exhaustive: total < this.maxTotalHits,
      processingTimeMs: Math.round(performance.now() - started),
    };
  }

  async suggest(q: string, limit = 5): Promise<Suggestions> {
    const text = fold(q).replace(/\s+/g, ' ').trim();
    if (!text) return { businesses: [], categories: [], cities: [] };
    const approved = 'is_approved = true';
    const [businesses, categories, cities] = await Promise.all([
      this.index.search(text, {
        filter: approved,
        limit,
        attributesToSearchOn: ['name'],
        attributesToRetrieve: ['name', 'slug', 'city'],
        matchingStrategy: 'all',
      }),
      this.index.searchForFacetValues({ facetName: 'category_facet', facetQuery: text, filter: approved }),
      this.index.searchForFacetValues({ facetName: 'city_facet', facetQuery: text, filter: approved }),
    ]);
    // Facet search is word-prefix and typo tolerant; keep the label-prefix matches the other engine gives.
    const starts = (label: string) => fold(label).startsWith(text);
    const categoryValues = mergeFacets(
      Object.fromEntries(categories.facetHits.map((h) => [h.value, h.count])),
      'category',
      1000,
    ).filter((f) => starts(f.label));
    const cityValues = mergeFacets(
      Object.fromEntries(cities.facetHits.map((h) => [h.value, h.count])),
      'city',
      1000,
    ).filter((f) => starts(f.label));
    return {
      businesses: businesses.hits.map((h) => ({ name: h.name, slug: h.slug, city: h.city })),
      categories: categoryValues.slice(0, limit).map((f) => ({ name: f.label, slug: f.value, count: f.count })),
      cities: cityValues
        .slice(0, limit)
        .map((f) => ({ name: f.label, slug: f.value, countryCode: f.countryCode ?? '', count: f.count })),
    };
  }

  async close(): Promise<void> {
    // The client holds no connections.
  }

  private async exists(uid: string): Promise<boolean> {
    try {
      await this.client.getRawIndex(uid);
      return true;
    } catch (error) {
      if (error instanceof MeilisearchApiError && error.response.status === 404) return false;
      throw error;
    }
  }

  private async prepare(uid: string): Promise<void> {
    if (!(await this.exists(uid))) await settle([this.client.createIndex(uid, { primaryKey: 'id' })]);
    await settle([this.client.index(uid).updateSettings(meilisearchSettings(this.maxTotalHits))]);
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

export function toMeiliDocument(doc: SearchDocument): MeiliDocument {
  const withGeo = doc.latitude !== null && doc.longitude !== null;
  return {
    ...doc,
    open_weekdays: doc.open_days === null ? [] : [0, 1, 2, 3, 4, 5, 6].filter((d) => doc.open_days! & (1 << d)),
    name_sort: fold(doc.name),
    category_facet: doc.category_slug ? `${doc.category ?? doc.category_slug}${SEP}${doc.category_slug}` : null,
    country_facet: doc.country_code ? `${doc.country ?? doc.country_code}${SEP}${doc.country_code}` : null,
    city_facet:
      doc.city_slug && doc.country_code
        ? `${doc.city ?? doc.city_slug}${SEP}${doc.country_code}${SEP}${doc.city_slug}`
        : null,
    ...(withGeo ? { _geo: { lat: doc.latitude!, lng: doc.longitude! } } : {}),
  };
}

const quote = (value: string | number) => JSON.stringify(value);

function filters(query: NormalizedQuery): string[] {
  const list = ['is_approved = true'];
  if (query.category) list.push(`category_slug = ${quote(query.category)}`);
  if (query.country) list.push(`country_code = ${quote(query.country)}`);
  if (query.city) list.push(`city_slug = ${quote(query.city)}`);
  if (query.minRating !== undefined) list.push(`rating >= ${query.minRating}`);
  if (query.openNow) list.push(`open_weekdays = ${query.weekday}`);
  for (const group of query.locationGroups) list.push(`location_terms IN [${group.map(quote).join(', ')}]`);
  if (query.geo?.radiusKm !== undefined) {
    list.push(`_geoRadius(${query.geo.lat}, ${query.geo.lng}, ${Math.round(query.geo.radiusKm * 1000)})`);
  }
  return list;
}

function sortOf(query: NormalizedQuery): string[] | undefined {
  switch (query.sort) {
    // id breaks ties as the PostgreSQL engine does, so pages never overlap.
    case 'rating':
      return ['rating:desc', 'reviews:desc', 'id:asc'];
    case 'reviews':
      return ['reviews:desc', 'id:asc'];
    case 'name':
      return ['name_sort:asc', 'id:asc'];
    case 'newest':
      return ['id:desc'];
    case 'distance':
      return query.geo ? [`_geoPoint(${query.geo.lat}, ${query.geo.lng}):asc`] : undefined;
    default:
      return undefined;
  }
}

/**
 * Facet values "Label␟slug" (city: "City␟CC␟slug") merged per slug: counts add up and the most frequent
 * label names the value (ties: the first label in code point order), as the PostgreSQL engine's mode().
 */
function mergeFacets(
  distribution: Record<string, number> | undefined,
  facet: 'category' | 'country' | 'city',
  limit: number,
): FacetValue[] {
  const merged = new Map<string, FacetValue & { labelCount: number }>();
  for (const [raw, count] of Object.entries(distribution ?? {})) {
    const parts = raw.split(SEP);
    const label = parts[0];
    const value = facet === 'city' ? parts[2] : parts[1];
    const countryCode = facet === 'city' ? parts[1] : undefined;
    if (!value) continue;
    const key = countryCode ? `${countryCode}/${value}` : value;
    const seen = merged.get(key);
    if (!seen) {
      merged.set(key, { value, label, count, labelCount: count, ...(countryCode ? { countryCode } : {}) });
      continue;
    }
    seen.count += count;
    if (count > seen.labelCount || (count === seen.labelCount && label < seen.label)) {
      seen.label = label;
      seen.labelCount = count;
    }
  }
  return [...merged.values()]
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
    .slice(0, limit)
    .map(({ labelCount: _labelCount, ...value }) => value);
}

function toHit(doc: object, query: NormalizedQuery): SearchHit {
  const d = doc as unknown as SearchDocument;
  const hit: SearchHit = {
    id: Number(d.id),
    slug: d.slug,
    name: d.name,
    category: d.category ?? null,
    category_slug: d.category_slug ?? null,
    type: d.type ?? null,
    rating: d.rating ?? null,
    reviews: d.reviews ?? 0,
    city: d.city ?? null,
    city_slug: d.city_slug ?? null,
    country: d.country ?? null,
    country_code: d.country_code ?? null,
    full_address: d.full_address ?? null,
    phone: d.phone ?? null,
    photo: d.photo ?? null,
    latitude: d.latitude ?? null,
    longitude: d.longitude ?? null,
    verified: Boolean(d.verified),
    openNow: isOpen(d.open_days ?? null, query.weekday),
  };
  if (query.geo && hit.latitude !== null && hit.longitude !== null) {
    hit.distanceKm = haversineKm(query.geo.lat, query.geo.lng, hit.latitude, hit.longitude);
  }
  return hit;
}
