import { foldedIncludes, foldText } from './fold.js';

describe('list filters fold accents and case', () => {
  it.each([
    ['Zürich', 'zurich'],
    ['Café', 'cafe'],
    ['Türkiye', 'turkiye'],
    ['São Paulo', 'sao paulo'],
    ['Kraków', 'krakow'],
    ['Łódź', 'lodz'],
    ['Straße', 'strasse'],
    ['İstanbul', 'istanbul'],
    ['Diyarbakır', 'diyarbakir'],
  ])('%s folds to %s', (name, folded) => expect(foldText(name)).toBe(folded));

  it('matches either way round', () => {
    expect(foldedIncludes('Zürich', 'zurich')).toBe(true);
    expect(foldedIncludes('Zurich', 'ZÜRICH')).toBe(true);
    expect(foldedIncludes('Coffee shop', ' CAFÉ ')).toBe(false);
    expect(foldedIncludes('Café', '')).toBe(true);
  });
});
