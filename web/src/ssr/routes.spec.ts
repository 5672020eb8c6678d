import { hourRanges, openingHours } from '../lib/business.js';
import { headHtml, pageHead, scriptJson } from './head.js';
import { isClientOnly, matchPublicPage, movedTo, outOfRange, pageAddress, pageData } from './routes.js';

const keysOf = (url: string) => {
  const { pathname, search } = new URL(url, 'http://x');
  return pageData(matchPublicPage(pathname, search), search);
};

describe('the public pages the server renders', () => {
  it('renders a page from what it reads of its address, in one order', () => {
    const address = (url: string) => {
      const { pathname, search } = new URL(url, 'http://x');
      return pageAddress(matchPublicPage(pathname, search), pathname, search);
    };
    expect(address('/search?cb=1&country=ch&q=pizza&x=%00')).toBe('/search?q=pizza&country=CH');
    expect(address('/search?q=pizza&country=CH')).toBe('/search?q=pizza&country=CH');
    expect(address('/businesses?page=2&utm_source=x')).toBe('/businesses?page=2');
    expect(address('/businesses?page=1')).toBe('/businesses');
    expect(address('/countries/rs?utm_source=mail')).toBe('/countries/rs');
    // Every paged list keeps its page in the address (Back returns to it); page 1 is the plain address.
    expect(address('/categories/bakery?page=2&x=1')).toBe('/categories/bakery?page=2');
    expect(address('/cities/de/berlin?page=1')).toBe('/cities/de/berlin');
    expect(address('/cities?page=3')).toBe('/cities?page=3');
    expect(address('/countries?page=abc')).toBe('/countries');
    // A list's text, order, minimum and view are its own: kept, in one order, defaults and unknown values dropped.
    expect(address('/cities?page=2&min=10&q=z%C3%BCrich&sort=name&view=list')).toBe(
      '/cities?q=z%C3%BCrich&sort=name&min=10&page=2',
    );
    expect(address('/categories/b?view=list&sort=count&min=7')).toBe('/categories/b?view=list');
    expect(address('/countries?q=usa&x=1')).toBe('/countries?q=usa');
    expect(address('/businesses?view=list&page=3&q=x')).toBe('/businesses?view=list&page=3');
    expect(address('/categories/bakery?q=x')).toBe('/categories/bakery');
    expect(keysOf('/countries/de/cities?q=berl').keys).toEqual(['/api/countries/de/cities?page=1&limit=24&q=berl']);
  });

  it('says a page past the last of a business, category or city list is out of range', () => {
    const category = matchPublicPage('/categories/bakery', '?page=3');
    expect(outOfRange(category, { '/api/categories/bakery?page=3&limit=12': { totalPages: 2 } })).toBe(true);
    expect(outOfRange(category, { '/api/categories/bakery?page=3&limit=12': { totalPages: 3 } })).toBe(false);
    const city = matchPublicPage('/cities/de/berlin', '?page=200');
    expect(outOfRange(city, { '/api/cities/de/berlin?page=1&limit=12': { totalPages: 5 } })).toBe(true);
    expect(outOfRange(matchPublicPage('/countries/de', '?page=9'), {})).toBe(false);
  });

  it("says a page past the last of a country's cities or of its popular categories is out of range", () => {
    const cities = matchPublicPage('/countries/ch/cities', '?page=99');
    expect(outOfRange(cities, { '/api/countries/ch/cities?page=99&limit=24&q=': { totalPages: 1 } })).toBe(true);
    const typed = matchPublicPage('/countries/ch/cities', '?q=z%C3%BC&page=2');
    expect(outOfRange(typed, { '/api/countries/ch/cities?page=2&limit=24&q=z%C3%BC': { totalPages: 1 } })).toBe(true);
    expect(outOfRange(typed, { '/api/countries/ch/cities?page=2&limit=24&q=z%C3%BC': { totalPages: 2 } })).toBe(false);
    // 45 categories are three pages of 20.
    const topCategories = Array.from({ length: 45 }, (_, i) => ({ category: `C${i}`, slug: `c${i}`, count: 1 }));
    const country = { '/api/countries/ch': { topCategories } };
    expect(outOfRange(matchPublicPage('/countries/ch', '?page=3'), country)).toBe(false);
    expect(outOfRange(matchPublicPage('/countries/ch', '?page=4'), country)).toBe(true);
    expect(outOfRange(matchPublicPage('/countries/ch', ''), { '/api/countries/ch': { topCategories: [] } })).toBe(
      false,
    );
  });

  it('knows an A–Z address that is no letter names no page', () => {
    for (const path of [
      '/cities/1',
      '/cities/_',
      '/cities/%20',
      '/categories/1',
      '/categories/-',
      '/categories/%C3%9F',
    ])
      expect([path, matchPublicPage(path, '')]).toEqual([path, { kind: 'not-found' }]);
    expect(matchPublicPage('/cities/k', '')).toEqual({ kind: 'cities', letter: 'k', page: 1 });
    expect(matchPublicPage('/cities/%C3%A9', '')).toEqual({ kind: 'cities', letter: 'é', page: 1 });
    expect(matchPublicPage('/categories/B', '')).toEqual({ kind: 'categories', letter: 'B', page: 1 });
    expect(keysOf('/cities/1')).toEqual({ keys: [] });
  });

  it('sends a business found by another address to its current one', () => {
    const page = matchPublicPage('/business/old-name', '');
    expect(movedTo(page, { slug: 'new name' })).toBe('/business/new%20name');
    expect(movedTo(page, { slug: 'old-name' })).toBeUndefined();
    expect(movedTo(matchPublicPage('/categories/bakery', ''), { slug: 'bakery' })).toBeUndefined();
    // A category, city or country read by an alias: the api's read answered under the canonical slug.
    expect(movedTo(matchPublicPage('/categories/cafe', ''), { slug: 'café' })).toBe('/categories/caf%C3%A9');
    expect(movedTo(matchPublicPage('/cities/ch/zurich', ''), { slug: 'zürich' })).toBe('/cities/ch/z%C3%BCrich');
    expect(movedTo(matchPublicPage('/cities/CH/z%C3%BCrich', ''), { slug: 'zürich' })).toBe('/cities/ch/z%C3%BCrich');
    expect(movedTo(matchPublicPage('/cities/ch/z%C3%BCrich', ''), { slug: 'zürich' })).toBeUndefined();
    expect(movedTo(matchPublicPage('/countries/turkiye', ''), { slug: 'türkiye', countryCode: 'TR' })).toBe(
      '/countries/t%C3%BCrkiye',
    );
    expect(movedTo(matchPublicPage('/countries/tr', ''), { slug: 'türkiye', countryCode: 'TR' })).toBeUndefined();
    expect(movedTo(matchPublicPage('/countries/turkiye/cities', ''), { slug: 'türkiye', countryCode: 'TR' })).toBe(
      '/countries/t%C3%BCrkiye/cities',
    );
    expect(movedTo(page, undefined)).toBeUndefined();
    // A business address in capitals is read in lower case (slugs are), and moves there.
    const capitals = matchPublicPage('/business/PIZZA-BAR-BELGRADE-B4MKC7', '');
    expect(pageData(capitals, '').primary).toBe('/api/businesses/pizza-bar-belgrade-b4mkc7');
    expect(movedTo(capitals, { slug: 'pizza-bar-belgrade-b4mkc7' })).toBe('/business/pizza-bar-belgrade-b4mkc7');
  });

  it('reads, for each route of App.tsx, the exact api keys its components ask SWR for', () => {
    expect(keysOf('/')).toEqual({ keys: ['/api/homepage-data', '/api/featured-businesses'] });
    expect(keysOf('/business/caf%C3%A9-1')).toEqual({
      keys: ['/api/businesses/caf%C3%A9-1'],
      primary: '/api/businesses/caf%C3%A9-1',
    });
    expect(keysOf('/businesses?page=3').keys).toEqual(['/api/businesses?page=3']);
    expect(keysOf('/businesses?page=101').keys).toEqual(['/api/businesses?page=1']);
    expect(keysOf('/search?q=%20pizza&sort=bogus').keys).toEqual(['/api/search?q=pizza&page=1&limit=20']);
    // The list pages state the directory's totals, from the home data.
    expect(keysOf('/categories').keys).toEqual(['/api/categories', '/api/homepage-data']);
    expect(keysOf('/categories/b').keys).toEqual(['/api/categories?letter=B', '/api/homepage-data']);
    expect(keysOf('/countries').keys).toEqual(['/api/countries', '/api/homepage-data']);
    expect(keysOf('/categories/bakery').primary).toBe('/api/categories/bakery?page=1&limit=12');
    expect(keysOf('/countries/de').primary).toBe('/api/countries/de');
    expect(keysOf('/countries/de/cities').primary).toBe('/api/countries/de/cities?page=1&limit=24&q=');
    expect(keysOf('/cities/k').keys).toEqual(['/api/cities?letter=K', '/api/homepage-data']);
    expect(keysOf('/cities/kiel')).toEqual({ keys: [], redirect: '/cities' });
    expect(keysOf('/cities/de/berlin').primary).toBe('/api/cities/de/berlin?page=1&limit=12');
    expect(keysOf('/cities/de/berlin?page=2').primary).toBe('/api/cities/de/berlin?page=2&limit=12');
    expect(keysOf('/categories/bakery?page=3').primary).toBe('/api/categories/bakery?page=3&limit=12');
    expect(keysOf('/categories/bakery?page=101').primary).toBe('/api/categories/bakery?page=1&limit=12');
    expect(matchPublicPage('/cookie-policy', '')).toEqual({ kind: 'legal', page: 'cookie-policy' });
    expect(matchPublicPage('/contact', '')).toEqual({ kind: 'contact' });
    expect(matchPublicPage('/business', '')).toEqual({ kind: 'not-found' });
    expect(matchPublicPage('/constructor', '')).toEqual({ kind: 'not-found' });
    expect(matchPublicPage('/cities/de/berlin/extra', '')).toEqual({ kind: 'not-found' });
  });

  it('leaves the admin to the browser', () => {
    expect(isClientOnly('/admin')).toBe(true);
    expect(isClientOnly('/admin/businesses')).toBe(true);
    expect(isClientOnly('/admin-legacy/x')).toBe(true);
    expect(isClientOnly('/administrators')).toBe(false);
  });

  it('writes head tags with escaped text and absolute canonical addresses', () => {
    const head = pageHead(
      { kind: 'category', slug: 'a&b', page: 1 },
      { category: 'A & "B"', businessCount: 2, countryCount: 1 },
      false,
    );
    const html = headHtml(head, 'https://dir.example');
    expect(html).toContain('<title>A &amp; &quot;B&quot; | WorldBiz Directory</title>');
    expect(html).toContain('<link rel="canonical" href="https://dir.example/categories/a%26b" data-head>');
    expect(html).not.toContain('noindex');
    const second = pageHead(
      { kind: 'category', slug: 'bakery', page: 2 },
      { category: 'Bakery', businessCount: 30, countryCount: 2 },
      false,
    );
    expect(second.path).toBe('/categories/bakery?page=2');
    // Counts read with thousands separators, as everywhere on the site.
    const restaurants = { category: 'Restaurant', businessCount: 1451, countryCount: 18 };
    expect(pageHead({ kind: 'category', slug: 'restaurant', page: 1 }, restaurants, false).description).toBe(
      '1,451 Restaurant businesses in 18 countries.',
    );
    // A country read by its ISO code is the page of its name to search engines, its list of cities too.
    const country = { country: 'Switzerland', slug: 'switzerland', businessCount: 9, cityCount: 2 };
    expect(pageHead({ kind: 'country', slug: 'ch', page: 1 }, country, false).path).toBe('/countries/switzerland');
    expect(pageHead({ kind: 'country-cities', slug: 'ch', page: 1, q: '' }, country, false).path).toBe(
      '/countries/switzerland/cities',
    );
    const missing = pageHead({ kind: 'business', slug: 'gone' }, undefined, true);
    expect(missing.title).toBe('Page not found | WorldBiz Directory');
    expect(headHtml(missing, '')).toContain('<meta name="robots" content="noindex, follow" data-head>');
  });

  it('serialises data for a <script> element without a way out of it', () => {
    const text = scriptJson({ name: '</script><!-- \u2028\u2029' });
    expect(text).not.toMatch(/[<\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual({ name: '</script><!-- \u2028\u2029' });
  });

  it("turns stored opening hours into schema.org's form, skipping closed and unreadable days", () => {
    expect(hourRanges('9AM-5PM')).toEqual(['09:00-17:00']);
    expect(hourRanges('9-11:30AM, 6–10PM')).toEqual(['09:00-11:30', '18:00-22:00']);
    expect(hourRanges('11-2PM')).toEqual(['11:00-14:00']);
    expect(hourRanges('12PM-12AM')).toEqual(['12:00-00:00']);
    expect(hourRanges('Open 24 hours')).toEqual(['00:00-23:59']);
    expect(hourRanges('6PM-2AM')).toEqual(['18:00-02:00']);
    expect(hourRanges('by appointment')).toBeNull();
    expect(openingHours({ Monday: '9AM-5PM', Sunday: 'Closed', Tuesday: 'ask us' })).toEqual(['Mo 09:00-17:00']);
  });
});
