import type { SearchEngine, SearchQuery } from '@directory/search';
import type { RelaxedCount, SearchAlternatives, Suggestions } from '@directory/core';

/** Suggestions and popular categories offered after an empty search. */
const OFFERED = 5;

/**
 * What to offer when a search found nothing: the same words without the place, without the other filters, the
 * popular categories of the place, and names, categories and cities close to the words. Asked only for page 1 of
 * an empty search, each with a count of its own, so every offer is known to find something.
 */
export async function searchAlternatives(engine: SearchEngine, query: SearchQuery): Promise<SearchAlternatives> {
  const words = query.q?.trim() ?? '';
  const hasPlace =
    Boolean(query.location?.trim() || query.country || query.city) ||
    (query.lat !== undefined && query.radiusKm !== undefined);
  const hasFilters = Boolean(query.category || query.minRating || query.openNow);
  const placeless: SearchQuery = {
    ...query,
    location: undefined,
    country: undefined,
    city: undefined,
    radiusKm: undefined,
  };
  const unfiltered: SearchQuery = { ...query, category: undefined, minRating: undefined, openNow: undefined };
  const count = async (relaxed: SearchQuery): Promise<RelaxedCount | null> => {
    const result = await engine.search({ ...relaxed, page: 1, limit: 1 });
    return result.total > 0 ? { total: result.total, exhaustive: result.exhaustive } : null;
  };
  const [everywhere, withoutFilters, here, didYouMean] = await Promise.all([
    words && hasPlace ? count(placeless) : null,
    hasFilters ? count(unfiltered) : null,
    hasPlace && words ? engine.search({ ...unfiltered, q: undefined, page: 1, limit: 1 }) : null,
    closeTo(engine, words),
  ]);
  return {
    everywhere,
    withoutFilters,
    popularHere: here ? here.facets.category.slice(0, OFFERED) : [],
    didYouMean,
  };
}

const NONE: Suggestions = { businesses: [], categories: [], cities: [] };

/** Suggestions for the words; when they find none together, for the longest word alone (the others may be noise). */
async function closeTo(engine: SearchEngine, words: string): Promise<Suggestions> {
  if (!words) return NONE;
  const found = await engine.suggest(words, OFFERED);
  if (found.businesses.length + found.categories.length + found.cities.length > 0) return found;
  const longest = words.split(/\s+/).reduce((a, b) => (b.length > a.length ? b : a), '');
  return longest === words ? NONE : engine.suggest(longest, OFFERED);
}
