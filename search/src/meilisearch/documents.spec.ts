import { facetKey, facetParts, mergeFacets } from './documents.js';
import { beginsWith, suggestionPrefix } from './query.js';

/** Meilisearch's own fold of a facet value (milli's normalize_facet): trimmed, compatibility-decomposed, lower case. */
const meilisearchFold = (value: string) => value.trim().normalize('NFKD').toLowerCase();

describe('Meilisearch facet keys (run without a server)', () => {
  const spellings = [
    'Coffee Shop',
    'Coffee shop',
    'coffee shop',
    ' Café ',
    'Cafe\u0301',
    'ＣＨ',
    'İstanbul',
    'A,B',
    '%41',
  ];

  it('survive Meilisearch folding its facet values unchanged, so every spelling stays a value of its own', () => {
    const keys = spellings.map((label) => facetKey('slug', label));
    expect(keys.map(meilisearchFold)).toEqual(keys);
    expect(new Set(keys).size).toBe(spellings.length);
    expect(keys.map(facetParts)).toEqual(spellings.map((label) => ['slug', label]));
  });

  it('merge per value, the counts added and the least spelling in byte order the label', () => {
    const distribution = {
      [facetKey('coffee-shop', 'coffee shop')]: 5,
      [facetKey('coffee-shop', 'Coffee Shop')]: 1,
      [facetKey('bakery', 'Bakery')]: 6,
      [facetKey('cafe', 'Café')]: 2,
    };
    expect(mergeFacets(distribution, 'category', 10)).toEqual([
      { value: 'bakery', label: 'Bakery', count: 6 },
      { value: 'coffee-shop', label: 'Coffee Shop', count: 6 },
      { value: 'cafe', label: 'Café', count: 2 },
    ]);
    const cities = {
      [facetKey('springfield', 'US', 'Springfield')]: 3,
      [facetKey('springfield', 'DE', 'Springfield')]: 3,
      // A key Meilisearch cut short is left out rather than misread.
      [`${facetKey('leeds', 'GB', 'Leeds')}%4`]: 1,
    };
    expect(mergeFacets(cities, 'city', 10)).toEqual([
      { value: 'springfield', label: 'Springfield', count: 3, countryCode: 'DE' },
      { value: 'springfield', label: 'Springfield', count: 3, countryCode: 'US' },
    ]);
    expect(mergeFacets(distribution, 'category', 1)).toHaveLength(1);
  });
});

describe('Meilisearch suggestion prefixes (run without a server)', () => {
  it('fold as the PostgreSQL engine does, keep punctuation (a name may begin with it) and drop what a filter cannot carry', () => {
    expect(suggestionPrefix('  Mün  chen ')).toBe('mun chen');
    expect(suggestionPrefix('-')).toBe('-');
    expect(suggestionPrefix(' \u0000 ')).toBe('');
    expect(suggestionPrefix('a\tb')).toBe('a b');
    expect(suggestionPrefix('a\ud800')).toBe('a');
    expect(suggestionPrefix('😀')).toBe('😀');
  });

  it('are ranges in byte order, quoted for a filter', () => {
    expect(beginsWith('name_sort', 'sta')).toBe('(name_sort >= "sta" AND name_sort < "stb")');
    expect(beginsWith('name_sort', 'a"')).toBe('(name_sort >= "a\\"" AND name_sort < "a#")');
  });
});
