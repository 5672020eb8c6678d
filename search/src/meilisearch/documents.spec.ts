import { openNowClock, openStateOf } from '../open-now.js';
import { facetKey, facetParts, mergeFacets, OPEN_SLOT_MINUTES, openSlots } from './documents.js';
import { beginsWith, openNowFilter, suggestionPrefix } from './query.js';

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

describe('Meilisearch open-now slots (run without a server)', () => {
  it('holds the quarter hours at whose start a place is open', () => {
    // Monday 11:30–14:00 (not 14:00 itself) and 14:05–14:20, whose only quarter hour's start is 14:15.
    expect(openSlots('{[2130,2280),[2285,2300)}')).toEqual([142, 143, 144, 145, 146, 147, 148, 149, 150, 151, 153]);
    expect(openSlots('{}')).toEqual([]);
    expect(openSlots(null)).toEqual([]);
  });

  it('asks each group of zones for its slot, and judges the hits at that slot as the filter does', () => {
    const now = new Date('2026-11-26T19:07:00Z');
    const clock = openNowClock(now, OPEN_SLOT_MINUTES);
    // Thursday 14:07 in New York: slot (4 × 1440 + 14 × 60) / 15.
    expect(clock.minuteIn('America/New_York')).toBe(4 * 1440 + 14 * 60);
    const filter = openNowFilter(now);
    const newYork = clock.groups.find((group) => group.zones.includes('America/New_York'))!;
    expect(filter).toContain(`AND open_slots = ${newYork.minute / OPEN_SLOT_MINUTES})`);
    expect(clock.groups.flatMap((group) => group.zones).length).toBe(
      new Set(clock.groups.flatMap((g) => g.zones)).size,
    );
    const weeks = ['{[5880,6480)}', '{[5880,6307)}', '{[6308,6400)}', '{[0,10080)}', '{}', '{[6299,6301)}'];
    for (const week of weeks) {
      for (const zone of ['America/New_York', 'Europe/Zurich', 'Asia/Kolkata', 'Australia/Adelaide', 'UTC']) {
        const slot = clock.minuteIn(zone)! / OPEN_SLOT_MINUTES;
        expect([week, zone, openStateOf(week, null, zone, clock).openNow]).toEqual([
          week,
          zone,
          openSlots(week).includes(slot),
        ]);
      }
    }
  });
});
