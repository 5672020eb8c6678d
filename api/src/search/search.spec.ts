import request from 'supertest';
import { openState } from '@directory/core';
import { DIRECTORY_FIXTURE } from '../testing/fixtures.js';
import { insertBusinesses, startTestApp, syncSearch, type TestApp } from '../testing/test-app.js';

/** The search calls over HTTP on the real engine; the engine's own rules are proven by the contract suite. */
describe('GET /api/search', () => {
  let t: TestApp;
  const get = (path: string) => request(t.app.getHttpServer()).get(path);
  const search = async (query: string) => (await get(`/api/search?${query}`).expect(200)).body;
  const names = async (query: string) => (await search(query)).businesses.map((b: { name: string }) => b.name);

  beforeAll(async () => {
    t = await startTestApp();
    await insertBusinesses(t, DIRECTORY_FIXTURE);
  });
  afterAll(() => t.close());

  it('answers hits in the listing shape with paging, facets and timing', async () => {
    const body = await search('q=cafe');
    expect(body).toMatchObject({
      currentPage: 1,
      totalPages: 1,
      totalCount: 2,
      hasNextPage: false,
      hasPrevPage: false,
      exhaustive: true,
    });
    expect(typeof body.processingTimeMs).toBe('number');
    expect(body.businesses[0]).toEqual({
      id: expect.any(Number),
      slug: 'cafe-zurich-abc123',
      name: 'Café Zürich',
      category: 'Café & Bar',
      categorySlug: 'café-&-bar',
      type: null,
      rating: 4.6,
      reviews: 310,
      city: 'Zürich',
      citySlug: 'zürich',
      country: 'Switzerland',
      countryCode: 'CH',
      phone: null,
      photo: 'https://example.test/cafe.jpg',
      fullAddress: null,
      website: 'https://cafe-zurich.example/',
      latitude: 47.37,
      longitude: 8.54,
      verified: false,
      openNow: expect.any(Boolean),
      // Mondays 9–5 in Zürich: open, it closes at 5 PM; closed, it opens on a Monday at 9 AM.
      ...(body.businesses[0].openNow
        ? { closesAt: '5 PM', opensAt: null }
        : { closesAt: null, opensAt: expect.stringMatching(/^(Mon )?9 AM$/) }),
    });
    expect(body.facets.city).toEqual([
      { value: 'basel', label: 'Basel', count: 1, countryCode: 'CH' },
      { value: 'zürich', label: 'Zürich', count: 1, countryCode: 'CH' },
    ]);
  });

  it('offers what to try instead when nothing is found, each offer finding something', async () => {
    // Plumbing exists, but not in Zürich: the same words anywhere, the popular categories of Zürich.
    const inZurich = await search('q=plumbing&location=Z%C3%BCrich');
    expect(inZurich.totalCount).toBe(0);
    expect(inZurich.alternatives).toMatchObject({
      everywhere: { total: 1, exhaustive: true },
      withoutFilters: null,
    });
    expect(inZurich.alternatives.popularHere.map((f: { value: string }) => f.value).sort()).toEqual([
      'café-&-bar',
      'irish-pub',
    ]);
    // The place is right, so no city close to it finds the words either.
    expect(inZurich.alternatives.inCitiesLike).toEqual([]);
    // A place mistyped: the same search in the city whose name is close to it.
    const mistyped = await search('q=pub&location=zurch');
    expect(mistyped.totalCount).toBe(0);
    expect(mistyped.alternatives.inCitiesLike).toEqual([
      {
        city: expect.objectContaining({ name: 'Zürich', slug: 'zürich', countryCode: 'CH' }),
        total: (await search('q=pub&city=z%C3%BCrich&country=CH')).totalCount,
        exhaustive: true,
      },
    ]);
    expect(mistyped.alternatives.inCitiesLike[0].total).toBeGreaterThan(0);
    // A rating no plumber has: the same search without the filter finds one.
    const rated = await search('q=plumbing&minRating=4.5');
    expect(rated.alternatives).toMatchObject({ everywhere: null, withoutFilters: { total: 1 } });
    // A typo too far for search, close enough for the suggestions.
    const typo = await search('q=plumbkng%20zzq');
    expect(typo.totalCount).toBe(0);
    expect(typo.alternatives.didYouMean.businesses.map((b: { name: string }) => b.name)).toContain('Joe Plumbing');
    // Found something, or a page past the end: no alternatives.
    expect((await search('q=plumbing')).alternatives).toBeNull();
    expect((await search('q=plumbing&page=2')).alternatives).toBeNull();
  });

  it("badges a hit and filters openNow by the business's local time, as its page judges it", async () => {
    const before = new Date();
    const body = await search('q=cafe zurich');
    const filtered = await names('q=cafe zurich&openNow=true');
    const after = new Date();
    const hours = { Monday: '9AM-5PM', Sunday: 'Closed' } as const;
    // Judged between the two instants: one of them gives the same answer (a minute may turn meanwhile).
    const judged = [before, after].map((at) => openState(hours, 'Europe/Zurich', at).open);
    expect(judged).toContain(body.businesses[0].openNow);
    expect(judged).toContain(filtered.length === 1);
    // Malformed hours: neither open nor closed, and never found by the filter.
    expect((await search('q=Ветеринар')).businesses[0].openNow).toBeNull();
    expect(await names('q=Ветеринар&openNow=true')).toEqual([]);
  });

  it('folds accents, tolerates a typo and never shows unapproved businesses', async () => {
    expect(await names('q=zurich&category=caf%C3%A9-%26-bar')).toEqual(['Café Zürich']);
    expect(await names('q=Plumbinng')).toEqual(['Joe Plumbing']);
    expect((await names('q=plumber')).sort()).toEqual(['Joe Plumbing', 'Nowhere Shop']);
    expect(await names('q=hidden')).toEqual([]);
  });

  it('keeps to the location: city, country name or code', async () => {
    expect(await names(`q=${encodeURIComponent('café & bar')}&location=basel`)).toEqual(['Bar Basel']);
    expect(await names('location=RS')).toEqual(['Ветеринар Београд']);
    expect(await names('location=Switzerland&q=pub')).toEqual(["O'Brien's Pub"]);
    expect((await search('q=plumber&location=Zürich')).totalCount).toBe(0);
  });

  it('filters, sorts by distance and reports the distance', async () => {
    expect(await names('country=ch&minRating=4.5')).toEqual(['Café Zürich']);
    const near = await search('lat=47.38&lng=8.54&radiusKm=10&sort=distance');
    expect(near.businesses.map((b: { name: string }) => b.name)).toEqual(['Café Zürich']);
    expect(near.businesses[0].distanceKm).toBeCloseTo(1.11, 1);
  });

  it('keeps to the box of bbox=south,west,north,east, counting and faceting what it holds', async () => {
    const zurich = await search('bbox=47.3,8.4,47.5,8.7');
    expect(zurich.businesses.map((b: { name: string }) => b.name)).toEqual(['Café Zürich']);
    expect(zurich.totalCount).toBe(1);
    expect(zurich.facets.city).toEqual([{ value: 'zürich', label: 'Zürich', count: 1, countryCode: 'CH' }]);
    // The box crosses the antimeridian (west > east): nothing of the fixture lies there.
    expect((await search('bbox=-20,170,-10,-170')).totalCount).toBe(0);
    // Nothing in the box: the same words everywhere are offered, counted without it.
    const empty = await search('q=cafe&bbox=0,0,1,1');
    expect([empty.totalCount, empty.alternatives.everywhere]).toEqual([0, { total: 2, exhaustive: true }]);
  });

  it('finds a business written after start once the outbox is drained', async () => {
    await t.orm.em
      .fork()
      .execute(
        `insert into businesses (name, slug, category, category_slug) values ('Quokka Bakery', 'quokka-1', 'Bakery', 'bakery')`,
      );
    expect(await names('q=quokka')).toEqual([]);
    await syncSearch(t);
    expect(await names('q=quokka')).toEqual(['Quokka Bakery']);
    await t.orm.em.fork().execute(`update businesses set is_approved = false where slug = 'quokka-1'`);
    await syncSearch(t);
    expect(await names('q=quokka')).toEqual([]);
  });

  it.each([
    ['page=0', 'page must be a whole number from 1 to 500'],
    ['limit=101', 'limit must be a whole number from 1 to 100'],
    ['sort=best', 'sort must be one of relevance, rating, reviews, distance, name, newest'],
    ['minRating=6', 'minRating must be a number from 0 to 5'],
    ['openNow=maybe', 'openNow must be true or false'],
    ['country=Switzerland', 'country must be a two-letter country code such as CH'],
    ['lat=91&lng=0', 'lat must be a latitude from -90 to 90'],
    ['lat=47', 'lat and lng must be given together'],
    ['sort=distance', 'sort=distance needs lat and lng'],
    ['bbox=47,8,48', 'bbox must be four numbers south,west,north,east, e.g. 47.36,8.52,47.39,8.56'],
    ['bbox=47,8,48,x', 'bbox must be four numbers south,west,north,east, e.g. 47.36,8.52,47.39,8.56'],
    ['bbox=47,8,95,9', 'bbox latitudes (south, north) must be from -90 to 90'],
    ['bbox=47,-181,48,9', 'bbox longitudes (west, east) must be from -180 to 180'],
    ['bbox=48,8,47,9', 'bbox south must be less than north'],
  ])('rejects %s with the rule', async (query, message) => {
    const res = await get(`/api/search?${query}`).expect(400);
    expect(res.body.message).toEqual([message]);
  });
});

describe('GET /api/search/suggest', () => {
  let t: TestApp;
  const get = (path: string) => request(t.app.getHttpServer()).get(path);

  beforeAll(async () => {
    t = await startTestApp();
    await insertBusinesses(t, DIRECTORY_FIXTURE);
  });
  afterAll(() => t.close());

  it('suggests businesses, categories and cities by prefix', async () => {
    const { body } = await get('/api/search/suggest?q=zu').expect(200);
    expect(body.cities).toEqual([{ name: 'Zürich', slug: 'zürich', countryCode: 'CH', count: 2 }]);
    const plumb = (await get('/api/search/suggest?q=plu').expect(200)).body;
    expect(plumb.categories).toEqual([{ name: 'Plumber', slug: 'plumber', count: 2 }]);
    expect(plumb.businesses).toEqual([
      { name: 'Joe Plumbing', slug: 'joe-plumbing-new-york-mno345', city: 'New York' },
    ]);
  });

  it('suggests the words in each city a place after a connector begins', async () => {
    const { body } = await get('/api/search/suggest?q=plumber%20in%20zu').expect(200);
    expect(body.searchesIn).toEqual([
      { q: 'plumber', city: { name: 'Zürich', slug: 'zürich', countryCode: 'CH', count: 2 } },
    ]);
    expect((await get('/api/search/suggest?q=zu').expect(200)).body.searchesIn).toEqual([]);
    // "in" ending what is typed is a word being typed, not a connector.
    expect((await get('/api/search/suggest?q=plumber%20in').expect(200)).body.searchesIn).toEqual([]);
  });

  it('needs q', async () => {
    const res = await get('/api/search/suggest').expect(400);
    expect(res.body.message).toEqual(['q is required: the beginning of a name, category or city']);
  });
});
