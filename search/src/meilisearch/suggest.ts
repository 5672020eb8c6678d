import type { Index } from 'meilisearch';
import type { Suggestions } from '../search-engine.js';
import { prefixEnd, queryWords, searchWords, TYPO_MIN_LETTERS } from '../text.js';
import { mergeFacets, type MeiliDocument } from './documents.js';
import { APPROVED, beginsWith, quote, suggestionPrefix } from './query.js';

type NameHit = Pick<MeiliDocument, 'name' | 'slug' | 'city'>;
const NAME_FIELDS: (keyof MeiliDocument)[] = ['name', 'slug', 'city'];

/**
 * The PostgreSQL engine's suggestions: names whose words begin with the prefix's words, the most reviewed first (then by
 * name and slug); when they are fewer than `limit` and the prefix has 2+ characters and a word, names with words
 * beginning with it (the last word a prefix), the most reviewed first; categories and cities whose folded label
 * begins with it, the most frequent first. A prefix of no letter or digit ("-") only finds names beginning with
 * it, as there.
 */
const isEmpty = (result: { facetDistribution?: Record<string, Record<string, number>> }) =>
  Object.values(result.facetDistribution ?? {}).every((values) => Object.keys(values).length === 0);

export async function suggest(index: Index<MeiliDocument>, q: string, limit: number): Promise<Suggestions> {
  const prefix = suggestionPrefix(q);
  if (!prefix) return { businesses: [], categories: [], cities: [] };
  // Names are ranges of their words (name_sort), as the query's are cut.
  const namePrefix = searchWords(q).join(' ') || prefix;
  const [starts, categoriesByPrefix, citiesByPrefix] = await Promise.all([
    index.search<NameHit>('', {
      filter: [APPROVED, beginsWith('name_sort', namePrefix)],
      sort: ['reviews:desc', 'name_sort:asc', 'slug:asc'],
      limit,
      attributesToRetrieve: NAME_FIELDS,
    }),
    index.search('', { filter: [APPROVED, beginsWith('category_fold', prefix)], facets: ['category_facet'], limit: 0 }),
    index.search('', { filter: [APPROVED, beginsWith('city_fold', prefix)], facets: ['city_facet'], limit: 0 }),
  ]);
  let [categories, cities] = [categoriesByPrefix, citiesByPrefix];
  const businesses = starts.hits.map(({ name, slug, city }) => ({ name, slug, city: city ?? null }));
  const words = queryWords(q);
  if (businesses.length < limit && words.length > 0 && prefix.length >= 2) {
    // Sorted after the words and typo rules: names with every word as typed first, the most reviewed first.
    const more = await index.search<NameHit>(words.join(' '), {
      filter: [APPROVED, `(name_sort < ${quote(namePrefix)} OR name_sort >= ${quote(prefixEnd(namePrefix))})`],
      attributesToSearchOn: ['name'],
      matchingStrategy: 'all',
      sort: ['reviews:desc', 'id:asc'],
      limit: limit - businesses.length,
      attributesToRetrieve: NAME_FIELDS,
    });
    businesses.push(...more.hits.map(({ name, slug, city }) => ({ name, slug, city: city ?? null })));
  }
  // Nothing begins with what was typed: categories and cities whose label matches it with typos forgiven (the
  // words rule tolerates typos in the last word, a prefix, too), as the PostgreSQL engine does.
  if (starts.hits.length === 0 && isEmpty(categories) && isEmpty(cities) && prefix.length >= TYPO_MIN_LETTERS) {
    const withTypos = (attribute: 'category' | 'city', facet: 'category_facet' | 'city_facet') =>
      index.search(prefix, {
        filter: [APPROVED],
        attributesToSearchOn: [attribute],
        matchingStrategy: 'all',
        facets: [facet],
        limit: 0,
      });
    [categories, cities] = await Promise.all([
      withTypos('category', 'category_facet'),
      withTypos('city', 'city_facet'),
    ]);
  }
  return {
    businesses,
    categories: mergeFacets(categories.facetDistribution?.category_facet, 'category', limit).map((f) => ({
      name: f.label,
      slug: f.value,
      count: f.count,
    })),
    cities: mergeFacets(cities.facetDistribution?.city_facet, 'city', limit).map((f) => ({
      name: f.label,
      slug: f.value,
      countryCode: f.countryCode ?? '',
      count: f.count,
    })),
  };
}
