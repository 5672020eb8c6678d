import { toFacets, type FacetRow } from './facets.js';

const row = (facet: FacetRow['facet'], value: string, count: number, label = value): FacetRow => ({
  facet,
  value,
  label,
  country_code: facet === 'city' ? 'CH' : null,
  count: String(count),
});

describe('toFacets', () => {
  const rows = [
    row('total', '', 40),
    row('category', 'cafe', 25, 'Cafe'),
    row('category', 'cafe', 5, 'Café'),
    row('category', 'bar', 10, 'Bar'),
    row('city', 'zurich', 9, 'Zürich'),
  ];

  it('gives counted rows their counts, the spellings of a label added', () => {
    expect(toFacets(rows, 10)).toEqual({
      category: [
        { value: 'cafe', label: 'Cafe', count: 30 },
        { value: 'bar', label: 'Bar', count: 10 },
      ],
      country: [],
      city: [{ value: 'zurich', label: 'Zürich', count: 9, countryCode: 'CH' }],
    });
  });

  it('scales a sampled value only when it rests on enough sampled rows, keeping the order of the estimates', () => {
    const facets = toFacets(rows, 10, { scale: 100, preciseFrom: 10 });
    expect(facets.category).toEqual([
      { value: 'cafe', label: 'Cafe', count: 3000 },
      { value: 'bar', label: 'Bar', count: 1000 },
    ]);
    expect(facets.city).toEqual([{ value: 'zurich', label: 'Zürich', count: null, countryCode: 'CH' }]);
  });
});
