import { groupNearby } from './cluster.js';
import {
  categoryTarget,
  countedSearchHref,
  facetCount,
  formatDistance,
  parseSearch,
  resultCount,
  searchApiUrl,
  searchErrorMessage,
  searchHref,
  searchToParams,
  viewBox,
} from './search.js';

const parse = (query: string) => parseSearch(new URLSearchParams(query));

describe('a category picked from the suggestions', () => {
  it('opens its page, or with a location typed, searches it there', () => {
    expect(categoryTarget('coffee-shop', undefined)).toBe('/categories/coffee-shop');
    expect(categoryTarget('coffee-shop', '  ')).toBe('/categories/coffee-shop');
    expect(categoryTarget('coffee-shop', ' Zürich ')).toBe('/search?location=Z%C3%BCrich&category=coffee-shop');
  });
});

describe('the search a count beside a link names', () => {
  it('filters by exactly what was counted: a category in a country, or in a city of it', () => {
    expect(countedSearchHref({ category: 'restaurant', countryCode: 'ch' })).toBe(
      '/search?category=restaurant&country=CH',
    );
    expect(countedSearchHref({ category: 'café', countryCode: 'US', city: 'new-york' })).toBe(
      '/search?category=caf%C3%A9&country=US&city=new-york',
    );
    expect(parse('category=caf%C3%A9&country=US&city=new-york')).toMatchObject({
      category: 'café',
      country: 'US',
      city: 'new-york',
    });
  });
});

describe('search state in the address', () => {
  it('reads every parameter and writes the same link back', () => {
    const query =
      'q=pizza&location=Berlin&category=restaurant&country=DE&city=berlin&minRating=4&openNow=true&lat=52.52&lng=13.405&radiusKm=5&sort=distance&page=3';
    const state = parse(query);
    expect(state).toEqual({
      q: 'pizza',
      location: 'Berlin',
      category: 'restaurant',
      country: 'DE',
      city: 'berlin',
      minRating: 4,
      openNow: true,
      lat: 52.52,
      lng: 13.405,
      radiusKm: 5,
      sort: 'distance',
      page: 3,
    });
    expect(searchToParams(state).toString()).toBe(query);
  });

  it('reads "open now" typed among the words as the open-now filter', () => {
    expect(parse('q=pizza%20open%20now')).toMatchObject({ q: 'pizza', openNow: true });
    expect(searchToParams(parse('q=Open+Now+pizza')).toString()).toBe('q=pizza&openNow=true');
  });

  it('drops what the api would refuse, so a damaged link still searches', () => {
    const state = parse('page=0&sort=cheapest&minRating=9&country=Germany&lat=200&lng=10&radiusKm=5&openNow=yes');
    expect(state).toMatchObject({ page: 1, sort: 'relevance', country: '', openNow: false });
    expect(state.minRating).toBeUndefined();
    expect(state.lat).toBeUndefined();
    expect(state.radiusKm).toBeUndefined();
    expect(parse('page=501').page).toBe(1);
    expect(parse('page=2.5').page).toBe(1);
  });

  it('offers distance only with a point', () => {
    expect(parse('sort=distance').sort).toBe('relevance');
    expect(parse('sort=distance&lat=1&lng=2').sort).toBe('distance');
    expect(searchToParams({ sort: 'distance' }).toString()).toBe('');
  });

  it('leaves defaults out of links and always sends page and limit to the api', () => {
    expect(searchHref()).toBe('/search');
    expect(searchHref({ q: '  café & bar ', location: ' ' })).toBe('/search?q=caf%C3%A9+%26+bar');
    expect(searchApiUrl(parse('q=spa'))).toBe('/api/search?q=spa&page=1&limit=20');
  });
});

describe('the map area in the address', () => {
  it('reads a valid bbox and writes it back; drops one the api would refuse', () => {
    const state = parse('q=pizza&bbox=47.3,8.4,47.5,8.7');
    expect(state.bbox).toEqual({ south: 47.3, west: 8.4, north: 47.5, east: 8.7 });
    expect(searchToParams(state).toString()).toBe('q=pizza&bbox=47.3%2C8.4%2C47.5%2C8.7');
    expect(parse('bbox=-20,170,-10,-170').bbox).toEqual({ south: -20, west: 170, north: -10, east: -170 });
    for (const bad of ['47,8,48', '47,8,48,x', '48,8,47,9', '47,8,95,9', '47,-181,48,9', '1e2,0,1,1'])
      expect([bad, parse(`bbox=${bad}`).bbox]).toEqual([bad, undefined]);
  });

  it('rounds a view to about 100 m and brings its longitudes into -180..180', () => {
    expect(viewBox({ south: 47.30049, west: 8.40051, north: 47.5, east: 8.7 })).toEqual({
      south: 47.3,
      west: 8.401,
      north: 47.5,
      east: 8.7,
    });
    // A view across the antimeridian, and one wider than the world.
    expect(viewBox({ south: -20, west: 170, north: -10, east: 190 })).toEqual({
      south: -20,
      west: 170,
      north: -10,
      east: -170,
    });
    expect(viewBox({ south: -95, west: -400, north: 95, east: 400 })).toEqual({
      south: -90,
      west: -180,
      north: 90,
      east: 180,
    });
  });
});

describe('search wording', () => {
  it('says when a count is an estimate', () => {
    expect(resultCount(1, true)).toBe('1 result');
    expect(resultCount(1234, true)).toBe('1,234 results');
    expect(resultCount(28633, false)).toBe('About 28,600 results');
    expect(resultCount(1001, false)).toBe('About 1,000 results');
    // A facet's count as exactly as the total its click finds.
    expect(facetCount(1583, true)).toBe('1,583');
    expect(facetCount(1583, false)).toBe('about 1,580');
    expect(facetCount(null, false)).toBeNull();
  });

  it('formats distances', () => {
    expect(formatDistance(0.234)).toBe('230 m');
    expect(formatDistance(3.21)).toBe('3.2 km');
    expect(formatDistance(1234.5)).toBe('1,235 km');
  });

  it('reads the messages of a refused search', () => {
    expect(searchErrorMessage(new Error('400: {"message":["minRating must be from 0 to 5"]}'))).toEqual({
      invalid: true,
      limited: false,
      text: 'minRating must be from 0 to 5',
    });
    const wait = 'Too many searches from this address: at most 100 every 10 seconds. Try again in 4 seconds.';
    expect(searchErrorMessage(new Error(`429: {"message":"${wait}","statusCode":429}`))).toEqual({
      invalid: false,
      limited: true,
      text: wait,
    });
    expect(searchErrorMessage(new Error('500: Internal Server Error'))).toEqual({
      invalid: false,
      limited: false,
      text: '500: Internal Server Error',
    });
  });
});

describe('marker grouping', () => {
  it('groups points within the radius and keeps far ones apart', () => {
    const points = [
      { id: 1, x: 0, y: 0 },
      { id: 2, x: 10, y: 10 },
      { id: 3, x: 200, y: 0 },
      { id: 4, x: 5, y: -5 },
    ];
    const groups = groupNearby(points, (p) => p, 40);
    expect(groups.map((g) => g.map((p) => p.id))).toEqual([[1, 2, 4], [3]]);
  });
});
