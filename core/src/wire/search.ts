/** The search answer's parts the web reads beyond the listings. Browser-safe. */

/** A facet value with its count: category slug, country ISO code, or city slug (with its countryCode). */
export interface FacetCount {
  value: string;
  label: string;
  /** Exact, or within 2 % when the answer is not exhaustive ("about N"); null when not counted (shown without). */
  count: number | null;
  countryCode?: string;
}

/** Autocomplete: businesses, categories and cities beginning with (or within a typo of) what was typed. */
export interface Suggestions {
  businesses: { name: string; slug: string; city: string | null }[];
  categories: { name: string; slug: string; count: number }[];
  cities: { name: string; slug: string; countryCode: string; count: number }[];
}

/**
 * GET /api/search/suggest: the suggestions, and for "pizza in zu" a search of what precedes the connector ("pizza")
 * in each city the rest begins ("Zürich"); empty without a connector between words.
 */
export interface SuggestAnswer extends Suggestions {
  searchesIn: { q: string; city: Suggestions['cities'][number] }[];
}

/** How many a search without some of its parts finds. */
export interface RelaxedCount {
  total: number;
  /** False when total is an estimate ("about N"). */
  exhaustive: boolean;
}

/**
 * What a search that found nothing offers instead, so an empty result is never a dead end: each part is there only
 * when it finds something.
 */
export interface SearchAlternatives {
  /** The same words anywhere (the location and place filters dropped). */
  everywhere: RelaxedCount | null;
  /** The same words and place without the other filters (category, rating, open now). */
  withoutFilters: RelaxedCount | null;
  /** The categories with most businesses in the place asked for, the words dropped. */
  popularHere: FacetCount[];
  /** Names, categories and cities close to the words typed (typos forgiven). */
  didYouMean: Suggestions;
  /** The same search in the cities whose names are close to the place typed ("zurch": Zürich), each counted. */
  inCitiesLike: ({ city: Suggestions['cities'][number] } & RelaxedCount)[];
}
