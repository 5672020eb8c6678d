import type { Settings } from 'meilisearch';
import { TWO_TYPOS_FROM, TYPO_MIN_LETTERS } from '../text.js';

/**
 * What the index's documents and settings are made of. An index whose layout document says otherwise (or has
 * none: built before layouts were recorded) asks for a reindex, as the PostgreSQL engine's table comment does.
 */
export const LAYOUT_VERSION = 'businesses v10';

/** The document that records the layout: never approved, so no search, facet or suggestion ever sees it. */
export const LAYOUT_DOCUMENT_ID = 'layout';

export function layoutDocument(): { id: string; layout: string; is_approved: false } {
  return { id: LAYOUT_DOCUMENT_ID, layout: LAYOUT_VERSION, is_approved: false };
}

export function meilisearchSettings(maxTotalHits: number): Settings {
  return {
    // Attribute order is rank: name, then category/type, then places, then the synonyms' phrases and the amenities.
    searchableAttributes: [
      'name',
      'category',
      'type',
      'city',
      'full_address',
      'country',
      'synonym_phrases',
      'amenities',
    ],
    // Plain names keep every filter operator, `>=`/`<` included, which compare strings in byte order (≥ 1.15):
    // the folded name, category and city ranges of suggestions.
    filterableAttributes: [
      'category_slug',
      'country_code',
      'city_slug',
      'rating',
      'verified',
      'is_approved',
      'location_terms',
      'open_slots',
      'time_zone',
      'name_sort',
      'category_fold',
      'city_fold',
      'category_facet',
      'country_facet',
      'city_facet',
      '_geo',
    ],
    sortableAttributes: ['id', 'slug', 'rating', 'reviews', 'name_sort', '_geo'],
    // "sort" right after typo: an explicit sort orders the matching documents as the PostgreSQL engine
    // does; popularity (reviews), then id, break the remaining ties of a relevance ordering, as there.
    rankingRules: ['words', 'typo', 'sort', 'proximity', 'attribute', 'exactness', 'reviews:desc', 'id:asc'],
    typoTolerance: { enabled: true, minWordSizeForTypos: { oneTypo: TYPO_MIN_LETTERS, twoTypos: TWO_TYPOS_FROM } },
    // ~500 categories and tens of thousands of cities: facets sorted by count so the top values come back.
    faceting: { maxValuesPerFacet: 1000, sortFacetValuesBy: { '*': 'count' } },
    // Totals are exact up to maxTotalHits and capped there; facet counts are exact beyond it.
    pagination: { maxTotalHits },
    // Suggestions read categories and cities by folded-label ranges, not by facet search.
    facetSearch: false,
    prefixSearch: 'indexingTime',
    searchCutoffMs: 200,
  };
}
