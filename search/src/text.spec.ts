import { matchedWords, placeAfterConnector, prefixEnd } from './text.js';

describe('prefixEnd (the upper bound of the strings that begin with a prefix)', () => {
  it.each([
    ['caf', 'cag'],
    ['mü', 'mý'],
    ['a\u{D7FF}', 'a\u{E000}'],
    ['ab\u{10FFFF}', 'ac'],
    ['東京', '東亭'],
  ])('%s → %s', (prefix, end) => {
    expect(prefixEnd(prefix)).toBe(end);
  });

  it('lies above every string that begins with the prefix and below the next ones, in byte order', () => {
    const bytes = (s: string) => Buffer.from(s, 'utf8');
    const end = bytes(prefixEnd('mün'));
    for (const begins of ['mün', 'münchen', 'mün\u{10FFFF}']) expect(Buffer.compare(bytes(begins), end)).toBe(-1);
    for (const after of ['müo', 'müpa', 'mý']) expect(Buffer.compare(bytes(after), end)).toBeGreaterThanOrEqual(0);
  });
});

describe('matchedWords (the words a match must hold)', () => {
  it('leaves out a connector between two other words, and "near me" ending the query', () => {
    expect(matchedWords(['gyms', 'in', 'hyderabad'])).toEqual(['gyms', 'hyderabad']);
    expect(matchedWords(['cafe', 'close', 'to', 'bahnhof'])).toEqual(['cafe', 'bahnhof']);
    expect(matchedWords(['restaurantes', 'cerca', 'de', 'madrid'])).toEqual(['restaurantes', 'madrid']);
    expect(matchedWords(['pizza', 'near', 'me'])).toEqual(['pizza']);
    expect(matchedWords(['pizza', 'in', 'new', 'york', 'near', 'me'])).toEqual(['pizza', 'new', 'york']);
  });

  it('leaves out the qualifiers that begin the query, unless they are all of it', () => {
    expect(matchedWords(['best', 'restaurants', 'in', 'zurich'])).toEqual(['restaurants', 'zurich']);
    expect(matchedWords(['top', 'gyms', 'hyderabad'])).toEqual(['gyms', 'hyderabad']);
    expect(matchedWords(['cheap', 'pizza', 'near', 'me'])).toEqual(['pizza']);
    expect(matchedWords(['good', 'best'])).toEqual(['best']);
    expect(matchedWords(['best'])).toEqual(['best']);
    expect(matchedWords(['pizza', 'best'])).toEqual(['pizza', 'best']);
  });

  it('keeps a connector that begins or ends the query, or stands alone', () => {
    expect(matchedWords(['in', 'n', 'out'])).toEqual(['in', 'n', 'out']);
    expect(matchedWords(['gyms', 'in'])).toEqual(['gyms', 'in']);
    expect(matchedWords(['near', 'me'])).toEqual(['near', 'me']);
    expect(matchedWords(['at'])).toEqual(['at']);
    expect(matchedWords(['cafe', 'close', 'to'])).toEqual(['cafe', 'close', 'to']);
  });
});

describe('placeAfterConnector (autocomplete of a place after "in")', () => {
  it.each([
    ['pizza in zu', { sought: 'pizza', place: 'zu' }],
    ['Gyms  near  New Yo', { sought: 'Gyms', place: 'New Yo' }],
    ['cafés près de Gen', { sought: 'cafés', place: 'Gen' }],
    ['Zzmade in Zzitaly in Ber', { sought: 'Zzmade in Zzitaly', place: 'Ber' }],
  ])('%s', (q, split) => expect(placeAfterConnector(q)).toEqual(split));

  it.each(['pizza', 'pizza in', 'in zurich', ''])('none in %j', (q) => expect(placeAfterConnector(q)).toBeNull());
});
