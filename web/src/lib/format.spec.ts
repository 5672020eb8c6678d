import { compactCount, pageWindow, slugOf } from './format.js';

describe('web formatting rules', () => {
  it.each([
    [999, '999'],
    [1000, '1K+'],
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

  it('slugs like the api', () => expect(slugOf('Café & Bar')).toBe('café-&-bar'));
});
