import type { SearchEngine, SearchQuery } from '@directory/search';
import { type RelaxedCount, type SearchAlternatives, slugify, type Suggestions } from '@directory/core';

/** Suggestions and popular categories offered after an empty search. */
const OFFERED = 5;
/** Cities close to the place typed, each searched again. */
const CITIES_LIKE = 3;

/**
 * What to offer when a search found nothing: the same words without the place, without the other filters, the
 * popular categories of the place, names, categories and cities close to the words, and the same search in the
 * cities close to the place typed. Asked only for page 1 of an empty search, each with a count of its own, so every
 * offer is known to find something.
 */
export async function searchAlternatives(engine: SearchEngine, query: SearchQuery): Promise<SearchAlternatives> {
  const words = query.q?.trim() ?? '';
  const hasPlace =
    Boolean(query.location?.trim() || query.country || query.city || query.bounds) ||
    (query.lat !== undefined && query.radiusKm !== undefined);
  const hasFilters = Boolean(query.category || query.minRating || query.openNow);
  const placeless: SearchQuery = {
    ...query,
    location: undefined,
    country: undefined,
    city: undefined,
    radiusKm: undefined,
    bounds: undefined,
  };
  const unfiltered: SearchQuery = { ...query, category: undefined, minRating: undefined, openNow: undefined };
  const count = async (relaxed: SearchQuery): Promise<RelaxedCount | null> => {
    const result = await engine.search({ ...relaxed, page: 1, limit: 1 });
    return result.total > 0 ? { total: result.total, exhaustive: result.exhaustive } : null;
  };
  /**
   * The same search in each city close to the place typed, those that find nothing left out; the city the place
   * names exactly is not searched again (the search just found nothing there).
   */
  const inCitiesLike = async (location: string): Promise<SearchAlternatives['inCitiesLike']> => {
    const { cities } = await closeTo(engine, location);
    const typed = slugify(location);
    const offers = await Promise.all(
      cities.slice(0, CITIES_LIKE).map(async (city) => {
        if (city.slug === typed) return [];
        const found = await count({ ...placeless, city: city.slug, country: city.countryCode });
        return found ? [{ city, ...found }] : [];
      }),
    );
    return offers.flat();
  };
  const location = query.location?.trim() ?? '';
  const [everywhere, withoutFilters, here, didYouMean, citiesLike] = await Promise.all([
    words && hasPlace ? count(placeless) : null,
    hasFilters ? count(unfiltered) : null,
    hasPlace && words ? engine.search({ ...unfiltered, q: undefined, page: 1, limit: 1 }) : null,
    closeTo(engine, words),
    location ? inCitiesLike(location) : [],
  ]);
  return {
    everywhere,
    withoutFilters,
    popularHere: here ? here.facets.category.slice(0, OFFERED) : [],
    didYouMean,
    inCitiesLike: citiesLike,
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
