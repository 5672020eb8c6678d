import {
  compactCount,
  compactPlural,
  countUpValue,
  listPageOf,
  listReadPage,
  pageWindow,
  pastLastPage,
  plural,
  topOf,
} from './format.js';

describe('web formatting rules', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1K+'],
    [1999, '1K+'],
    [999_999, '999K+'],
    [1_000_000, '1M+'],
    [564000, '564K+'],
    [1_181_616, '1M+'],
  ])('compactCount(%d) = %s', (value, text) => expect(compactCount(value)).toBe(text));

  it('slides a window of five pages', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
  });

  it('adds first and last page with ellipses for the business list', () => {
    expect(pageWindow(50, 100, true)).toEqual([1, 'ellipsis', 48, 49, 50, 51, 52, 'ellipsis', 100]);
    expect(pageWindow(2, 100, true)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 100]);
  });

  it('never shows more than five numbers nor a page outside 1..total', () => {
    for (const withEnds of [false, true])
      for (let total = 1; total <= 12; total++)
        for (let current = 1; current <= total; current++) {
          const pages = pageWindow(current, total, withEnds);
          const numbers = pages.filter((p): p is number => p !== 'ellipsis');
          const windowed = withEnds ? numbers.filter((p) => p !== 1 && p !== total) : numbers;
          expect(windowed.length).toBeLessThanOrEqual(5);
          expect(numbers).toContain(current);
          expect(numbers.every((p) => p >= 1 && p <= total)).toBe(true);
          expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
          expect(new Set(numbers).size).toBe(numbers.length);
        }
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it('shows the ellipsis only where pages are skipped', () => {
    expect(pageWindow(1, 100, true)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 100]);
    expect(pageWindow(4, 100, true)).toEqual([1, 2, 3, 4, 5, 6, 'ellipsis', 100]);
    expect(pageWindow(5, 100, true)).toEqual([1, 'ellipsis', 3, 4, 5, 6, 7, 'ellipsis', 100]);
    expect(pageWindow(100, 100, true)).toEqual([1, 'ellipsis', 96, 97, 98, 99, 100]);
    expect(pageWindow(3, 6, true)).toEqual([1, 2, 3, 4, 5, 6]);
    // Lists without ends (categories, countries, cities) never show one.
    expect(pageWindow(50, 100)).toEqual([48, 49, 50, 51, 52]);
  });

  it('counts a home counter up in 50 even steps to the exact value', () => {
    const shown = Array.from({ length: 51 }, (_, step) => countUpValue(1_181_616, step));
    expect(shown[0]).toBe(0);
    expect(shown[25]).toBe(590_808);
    expect(shown[50]).toBe(1_181_616);
    expect(shown.every((v, i) => i === 0 || v >= shown[i - 1])).toBe(true);
    expect(compactCount(shown[50])).toBe('1M+');
    expect(countUpValue(7, 49)).toBe(7);
    expect(countUpValue(7, 60)).toBe(7);
  });

  it('counts in words with the right number', () => {
    expect(plural(1, 'country', 'countries')).toBe('1 country');
    expect(plural(0, 'country', 'countries')).toBe('0 countries');
    expect(plural(1234, 'business', 'businesses')).toBe('1,234 businesses');
    expect(plural(2, 'review')).toBe('2 reviews');
    expect(plural(1, 'review')).toBe('1 review');
    expect(plural(1, 'business', 'businesses')).toBe('1 business');
  });

  it('says a list shows the top of what it counts only when it does', () => {
    expect(topOf(200, 320, 'category', 'categories')).toBe('Top 200 of 320 categories');
    expect(topOf(20, 1234, 'city', 'cities')).toBe('Top 20 of 1,234 cities');
    expect(topOf(12, 12, 'category', 'categories')).toBeNull();
  });

  it('keeps the noun of the real count under a compact figure', () => {
    expect(compactPlural(1, 'city', 'cities')).toBe('1 city');
    expect(compactPlural(12, 'city', 'cities')).toBe('12 cities');
    expect(compactPlural(1500, 'business', 'businesses')).toBe('1K+ businesses');
  });

  it.each([
    [null, 1],
    ['', 1],
    ['1', 1],
    ['42', 42],
    ['100', 100],
    ['101', 101],
    ['0', 1],
    ['1234567890', 1],
    ['-3', 1],
    ['2.5', 1],
    ['abc', 1],
    ['1e1', 1],
  ])('reads the business list page %p as %d', (value, page) => expect(listPageOf(value)).toBe(page));

  it('reads page 1 for the totals beyond the public limit, and knows a page past the last', () => {
    expect(listReadPage(100)).toBe(100);
    expect(listReadPage(101)).toBe(1);
    expect(pastLastPage(1, 0)).toBe(false);
    expect(pastLastPage(52, 52)).toBe(false);
    expect(pastLastPage(53, 52)).toBe(true);
    expect(pastLastPage(101, 100)).toBe(true);
    expect(pastLastPage(101, 500)).toBe(true);
  });
});
