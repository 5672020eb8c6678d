import { typedOpenNow } from './typed-filters.js';

describe('typedOpenNow (the open-now filter typed among the words)', () => {
  it.each([
    ['pizza open now', { q: 'pizza', openNow: true }],
    ['Open Now cafés in Zürich', { q: 'cafés in Zürich', openNow: true }],
    ['pharmacy  open right now', { q: 'pharmacy', openNow: true }],
    ['now open', { q: '', openNow: true }],
    ['pizza', { q: 'pizza', openNow: false }],
    ['reopen nowhere', { q: 'reopen nowhere', openNow: false }],
    ['open nowadays', { q: 'open nowadays', openNow: false }],
    ['open kitchen', { q: 'open kitchen', openNow: false }],
  ])('%j', (q, read) => expect(typedOpenNow(q)).toEqual(read));
});
