import { prefixEnd } from './text.js';

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
