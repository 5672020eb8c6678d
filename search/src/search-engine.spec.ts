import pg from 'pg';
import { refreshAggregates } from '@directory/core';
import { createSuiteDatabase } from '../../testing/database.js';
import type { GeoBounds, SearchEngine, SearchQuery } from './search-engine.js';
import { drainOutbox } from './sync/outbox.js';
import { reindex } from './sync/reindex.js';
import { contractEngines } from './testing/engines.js';
import { FIXTURES, insertFixtures, type Fixture } from './testing/fixtures.js';
import { DATELINE, LOUNGES, SPELLINGS, TWINS, withFixtures } from './testing/places.js';
import { haversineKm, searchWords } from './text.js';

/**
 * The contract both engines pass: same queries, same documents found. The PostgreSQL engine always runs;
 * Meilisearch runs when MEILI_URL points to a server (each run gets its own index uid). Where the engines
 * legitimately differ, each is held to what it declares (testing/engines.ts).
 */
const SUNDAY = new Date(2026, 10, 22, 12);
const MONDAY = new Date(2026, 10, 23, 12);
const ZURICH_HB = { lat: 47.3779, lng: 8.5403 };
const approved = FIXTURES.filter((f) => f.approved !== false);

describe.each(contractEngines())('search contract: %s engine', (kind, contract) => {
  let database: Awaited<ReturnType<typeof createSuiteDatabase>>;
  let pool: pg.Pool;
  let engine: SearchEngine;
  let ids: Map<string, number>;
  const idOf = (key: string) => ids.get(key)!;
  const search = (query: SearchQuery) => engine.search(query);
  const keysOf = (hits: { id: number }[]) => {
    const byId = new Map([...ids].map(([k, v]) => [v, k]));
    return hits.map((h) => byId.get(h.id));
  };

  beforeAll(async () => {
    database = await createSuiteDatabase();
    pool = new pg.Pool({ connectionString: database.url, max: 6 });
    ids = await insertFixtures(pool);
    await refreshAggregates(pool);
    engine = contract.create(pool);
    await engine.setup();
    await drainOutbox(pool, engine);
  });

  afterAll(async () => {
    if (engine) await contract.dispose(engine);
    await engine?.close();
    await pool?.end();
    await database?.drop();
  });

  it(`indexes every business (${kind})`, async () => {
    expect(await engine.count()).toBe(FIXTURES.length);
  });

  it('answers with the hit, paging and facet shape the api relies on', async () => {
    const result = await search({ q: 'starbucks' });
    expect(result).toMatchObject({ total: 1, page: 1, limit: 20, totalPages: 1, exhaustive: true });
    expect(typeof result.processingTimeMs).toBe('number');
    expect(result.hits[0]).toEqual({
      id: idOf('starbucks'),
      slug: expect.any(String),
      name: 'Starbucks',
      category: 'Coffee shop',
      category_slug: 'coffee-shop',
      type: 'Coffee shop',
      rating: 3.9,
      reviews: 400,
      city: 'Zürich',
      city_slug: 'zürich',
      country: 'Switzerland',
      country_code: 'CH',
      full_address: 'Bahnhofstrasse 10, 8001 Zürich, Switzerland',
      phone: '+1 555 0100',
      photo: null,
      website: 'https://www.starbucks.example/zurich',
      latitude: 47.3717,
      longitude: 8.539,
      verified: false,
      openNow: null,
      closesAt: null,
      opensAt: null,
    });
    expect(result.facets.category).toEqual([{ value: 'coffee-shop', label: 'Coffee shop', count: 1 }]);
    expect(result.facets.country).toEqual([{ value: 'CH', label: 'Switzerland', count: 1 }]);
    expect(result.facets.city).toEqual([{ value: 'zürich', label: 'Zürich', count: 1, countryCode: 'CH' }]);
  });

  it.each([
    ['Starbuks', 'starbucks'],
    ['Augustimer Keller', 'augustiner'],
    ['Hofbrauhaus', 'hofbraeuhaus'],
    ['Sprüngki', 'spruengli'],
    ['Kaysre', 'maison-kayser'],
    // A swap in a short word: few trigrams in common with the word meant, still one edit.
    ['Mubmai', 'mumbai-masala'],
  ])('finds a name with one typo (%s) in the top 3', async (q, key) => {
    const { hits } = await search({ q });
    expect(keysOf(hits).slice(0, 3)).toContain(key);
  });

  it.each([
    ['hof', 'hofbraeuhaus'],
    ['spr', 'spruengli'],
    ['Augus', 'augustiner'],
    ['joe', 'joes-pizza'],
    ['maison kay', 'maison-kayser'],
  ])('finds a name by its prefix (%s)', async (q, key) => {
    const { hits } = await search({ q });
    expect(keysOf(hits)).toContain(key);
  });

  it('folds accents and case', async () => {
    expect(keysOf((await search({ q: 'cafe' })).hits)).toContain('cafe-central');
    expect(keysOf((await search({ q: 'CAFÉ central' })).hits)[0]).toBe('cafe-central');
    const munich = keysOf((await search({ q: 'munchen' })).hits);
    expect(munich).toEqual(expect.arrayContaining(['hofbraeuhaus', 'augustiner']));
    expect(keysOf((await search({ q: 'MÜNCHEN' })).hits).sort()).toEqual([...munich].sort());
    expect(keysOf((await search({ q: 'sprungli' })).hits)).toEqual(['spruengli']);
    expect(keysOf((await search({ q: 'backerei' })).hits)).toEqual(['bern-baeckerei']);
  });

  it('ranks an exact name match above category matches', async () => {
    const { hits, total } = await search({ q: 'bakery' });
    expect(keysOf(hits)[0]).toBe('bakery');
    expect(total).toBe(4);
    expect(keysOf(hits).slice(1).sort()).toEqual(['bern-baeckerei', 'hleb', 'maison-kayser']);
  });

  it('ranks a name match above a match in the category or address', async () => {
    const { hits } = await search({ q: 'pizza' });
    const keys = keysOf(hits);
    expect(new Set(keys)).toEqual(new Set(['pizza-napoli', 'joes-pizza', 'zurich-pizza']));
    const { hits: zurich } = await search({ q: 'zurich' });
    expect(keysOf(zurich)[0]).toBe('zurich-pizza');
  });

  it.each([
    ['München', (f: (typeof FIXTURES)[number]) => f.city === 'München'],
    ['munchen', (f: (typeof FIXTURES)[number]) => f.city === 'München'],
    ['Zürich', (f: (typeof FIXTURES)[number]) => f.city === 'Zürich'],
    ['Mumbai', (f: (typeof FIXTURES)[number]) => f.city === 'Mumbai'],
    ['Switzerland', (f: (typeof FIXTURES)[number]) => f.countryCode === 'CH'],
    ['ch', (f: (typeof FIXTURES)[number]) => f.countryCode === 'CH'],
    ['Deutschland', (f: (typeof FIXTURES)[number]) => f.countryCode === 'DE'],
    ['Bahnhofstrasse', (f: (typeof FIXTURES)[number]) => f.address.startsWith('Bahnhofstrasse')],
    ['New York, United States', (f: (typeof FIXTURES)[number]) => f.city === 'New York'],
    ['8001', (f: (typeof FIXTURES)[number]) => f.postalCode === '8001'],
    ['Zürich, 8001', (f: (typeof FIXTURES)[number]) => f.postalCode === '8001'],
    ['62701', (f: (typeof FIXTURES)[number]) => f.postalCode === '62701'],
    ['Springfield, Germany', () => false],
  ])('filters by location %s and never returns businesses elsewhere', async (location, expected) => {
    const result = await search({ location, limit: 100 });
    const want = approved.filter(expected).map((f) => f.key);
    expect(keysOf(result.hits).sort()).toEqual(want.sort());
    expect(result.total).toBe(want.length);
  });

  it('combines keyword and location', async () => {
    expect(keysOf((await search({ q: 'pizza', location: 'Zürich' })).hits)).toEqual([]);
    expect(keysOf((await search({ q: 'pizza', location: 'Winterthur' })).hits)).toEqual(['zurich-pizza']);
    expect(keysOf((await search({ q: 'masala', location: 'Mumbai' })).hits)).toEqual([]);
    expect(keysOf((await search({ q: 'indian', location: 'Mumbai' })).hits)).toEqual(['dosa']);
  });

  it('never shows unapproved businesses', async () => {
    expect((await search({ q: 'hidden gem' })).total).toBe(0);
    expect((await search({ q: 'Hiden Gem Bakery' })).total).toBe(0);
    const bakeries = await search({ category: 'bakery', limit: 100 });
    expect(keysOf(bakeries.hits)).not.toContain('hidden');
    expect(bakeries.total).toBe(3);
    const munich = await search({ location: 'München', sort: 'reviews' });
    expect(keysOf(munich.hits)).not.toContain('hidden');
    expect((await engine.suggest('hidden')).businesses).toEqual([]);
  });

  it('counts facets correctly', async () => {
    const result = await search({ country: 'US', limit: 1 });
    const us = approved.filter((f) => f.countryCode === 'US');
    expect(result.total).toBe(us.length);
    const byCategory = new Map<string, number>();
    for (const f of us) byCategory.set(f.category, (byCategory.get(f.category) ?? 0) + 1);
    expect(result.facets.category.map((f) => [f.label, f.count]).sort()).toEqual([...byCategory].sort());
    expect(result.facets.category[0]).toEqual({ value: 'convenience-store', label: 'Convenience store', count: 23 });
    expect(result.facets.country).toEqual([{ value: 'US', label: 'United States', count: us.length }]);
    expect(result.facets.city).toEqual([
      { value: 'springfield', label: 'Springfield', count: 23, countryCode: 'US' },
      { value: 'new-york', label: 'New York', count: 4, countryCode: 'US' },
    ]);
    const all = await search({ limit: 1 });
    expect(all.total).toBe(approved.length);
    expect(all.facets.country.find((f) => f.value === 'DE')?.count).toBe(2);
  });

  it('filters by category, country, city, rating and opening day', async () => {
    const pizza = await search({ category: 'pizza-restaurant', country: 'us' });
    expect(keysOf(pizza.hits).sort()).toEqual(['joes-pizza', 'pizza-napoli']);
    const munich = await search({ city: 'münchen', country: 'DE' });
    expect(keysOf(munich.hits).sort()).toEqual(['augustiner', 'hofbraeuhaus']);
    // Totals and facets count what the hits list, however each engine finds them.
    expect([pizza.total, munich.total]).toEqual([2, 2]);
    const pizzaInUs = await search({ q: 'pizza', country: 'US' });
    expect([pizzaInUs.total, pizzaInUs.facets.country]).toEqual([
      2,
      [{ value: 'US', label: 'United States', count: 2 }],
    ]);
    const good = await search({ minRating: 4.5, limit: 100 });
    expect(keysOf(good.hits).sort()).toEqual(
      approved
        .filter((f) => (f.rating ?? 0) >= 4.5)
        .map((f) => f.key)
        .sort(),
    );
    const sunday = await search({ openNow: true, now: SUNDAY });
    expect(keysOf(sunday.hits)).toEqual(['hofbraeuhaus']);
    const monday = await search({ openNow: true, now: MONDAY });
    expect(keysOf(monday.hits).sort()).toEqual(['cafe-central', 'hofbraeuhaus']);
    const cafe = await search({ q: 'cafe central', now: SUNDAY });
    expect(cafe.hits[0].openNow).toBe(false);
    expect((await search({ q: 'cafe central', now: MONDAY })).hits[0].openNow).toBe(true);
  });

  it('finds by geo radius and sorts by distance', async () => {
    const near = await search({ ...ZURICH_HB, radiusKm: 5, sort: 'distance' });
    expect(keysOf(near.hits)).toEqual(['starbucks', 'spruengli']);
    for (const hit of near.hits) {
      expect(hit.distanceKm).toBeCloseTo(haversineKm(ZURICH_HB.lat, ZURICH_HB.lng, hit.latitude!, hit.longitude!), 3);
    }
    const region = await search({ ...ZURICH_HB, radiusKm: 30, sort: 'distance' });
    expect(keysOf(region.hits)).toEqual(['starbucks', 'spruengli', 'zurich-pizza']);
    const swiss = await search({ ...ZURICH_HB, radiusKm: 120, sort: 'distance', limit: 2, page: 2 });
    expect(keysOf(swiss.hits)).toEqual(['zurich-pizza', 'bern-baeckerei']);
    expect(swiss.total).toBe(4);
    const nearest = await search({ lat: 40.73, lng: -74.0, sort: 'distance', limit: 3 });
    expect(keysOf(nearest.hits)).toEqual(['joes-pizza', 'pizza-napoli', 'mumbai-masala']);
    const distances = nearest.hits.map((h) => h.distanceKm!);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    // Across the antimeridian-free equator to a far point: radius limits strictly.
    expect((await search({ lat: 0, lng: 0, radiusKm: 1000 })).total).toBe(0);
  });

  it('finds only places inside a box, and counts and facets those alone', async () => {
    const inside =
      ({ south, west, north, east }: GeoBounds) =>
      (f: Fixture) =>
        f.lat !== null && f.lng !== null && f.lat >= south && f.lat <= north && f.lng >= west && f.lng <= east;
    const expectInside = async (query: SearchQuery, wanted: (f: Fixture) => boolean) => {
      const result = await search({ limit: 100, ...query });
      const want = approved.filter((f) => inside(query.bounds!)(f) && wanted(f));
      expect(keysOf(result.hits).sort()).toEqual(want.map((f) => f.key).sort());
      expect([result.total, result.exhaustive]).toEqual([want.length, true]);
      const byCategory = new Map<string, number>();
      for (const f of want) byCategory.set(f.category, (byCategory.get(f.category) ?? 0) + 1);
      expect(result.facets.category.map((f) => [f.label, f.count]).sort()).toEqual([...byCategory].sort());
      return result;
    };
    const zurichRegion = { south: 47.3, west: 8.4, north: 47.6, east: 8.8 };
    await expectInside({ bounds: zurichRegion }, () => true);
    expect(
      keysOf((await expectInside({ q: 'pizza', bounds: zurichRegion }, (f) => f.category.includes('Pizza'))).hits),
    ).toEqual(['zurich-pizza']);
    // A category and country alone are counted by facet elsewhere; inside a box only what it holds counts.
    const joes = { south: 40.725, west: -74.01, north: 40.735, east: -73.99 };
    const pizza = await expectInside(
      { category: 'pizza-restaurant', country: 'US', bounds: joes },
      (f) => f.category === 'Pizza restaurant' && f.countryCode === 'US',
    );
    expect(keysOf(pizza.hits)).toEqual(['joes-pizza']);
    expect(pizza.facets.country).toEqual([{ value: 'US', label: 'United States', count: 1 }]);
    await expectInside({ sort: 'reviews', bounds: joes }, () => true);
    await expectInside({ sort: 'rating', bounds: { south: 40, west: -75, north: 41, east: -73 } }, () => true);
    expect((await search({ bounds: { south: 0, west: 0, north: 1, east: 1 } })).total).toBe(0);
    // West greater than east: the box crosses the antimeridian.
    await withPlaces(DATELINE, async () => {
      const across = await search({ q: 'zzdateline', bounds: { south: -17, west: 179, north: -16, east: -179 } });
      expect(across.hits.map((h) => h.name).sort()).toEqual(['Zzdateline Dive East', 'Zzdateline Dive West']);
      expect(across.total).toBe(2);
      expect(across.facets.category).toEqual([{ value: 'dive-shop', label: 'Dive shop', count: 2 }]);
      const browse = await search({ country: 'FJ', bounds: { south: -17, west: 179, north: -16, east: -179 } });
      expect(browse.total).toBe(2);
    });
  });

  it('sorts by rating, reviews and name', async () => {
    const filter = { category: 'convenience-store', limit: 100 } as const;
    const byReviews = (await search({ ...filter, sort: 'reviews' })).hits.map((h) => h.reviews);
    expect(byReviews).toEqual([...byReviews].sort((a, b) => b - a));
    const byRating = (await search({ ...filter, sort: 'rating' })).hits.map((h) => h.rating);
    const rated = byRating.filter((r): r is number => r !== null);
    expect(rated).toEqual([...rated].sort((a, b) => b - a));
    expect(byRating.slice(rated.length).every((r) => r === null)).toBe(true);
    const byName = (await search({ country: 'CH', sort: 'name' })).hits.map((h) => searchWords(h.name).join(' '));
    expect(byName).toEqual([...byName].sort());
    const newest = (await search({ limit: 100, sort: 'newest' })).hits.map((h) => h.id);
    expect(newest).toEqual(approved.map((f) => idOf(f.key)).sort((a, b) => b - a));
  });

  it('pages stably', async () => {
    const everything = await search({ category: 'convenience-store', sort: 'reviews', limit: 100 });
    expect(everything.total).toBe(23);
    const pages = [];
    for (let page = 1; page <= 4; page++) {
      const result = await search({ category: 'convenience-store', sort: 'reviews', limit: 7, page });
      expect(result).toMatchObject({ total: 23, totalPages: 4, page, limit: 7 });
      pages.push(...result.hits.map((h) => h.id));
    }
    expect(pages).toEqual(everything.hits.map((h) => h.id));
    expect(new Set(pages).size).toBe(23);
    const again = await search({ category: 'convenience-store', sort: 'reviews', limit: 7, page: 2 });
    expect(again.hits.map((h) => h.id)).toEqual(pages.slice(7, 14));
    const relevance = await search({ q: 'corner store', limit: 5, page: 5 });
    expect(relevance.hits).toHaveLength(3);
    expect((await search({ q: 'corner store', limit: 5, page: 6 })).hits).toEqual([]);
  });

  const withPlaces = (places: Fixture[], run: () => Promise<void>) => withFixtures(pool, engine, places, run);

  it('counts a facet value once whatever the spellings of its label, labelled by the least in byte order', async () => {
    await withPlaces(SPELLINGS, async () => {
      const { facets, total } = await search({ q: 'zzspelling' });
      expect(total).toBe(3);
      expect(facets.category).toEqual([{ value: 'coffee-shop', label: 'Coffee Shop', count: 3 }]);
      expect(facets.city).toEqual([{ value: 'leeds', label: 'LEEDS', count: 3, countryCode: 'GB' }]);
    });
  });

  it('orders places sharing a name the most reviewed first, by relevance and by name', async () => {
    await withPlaces(TWINS, async () => {
      const reviews = (result: { hits: { reviews: number }[] }) => result.hits.map((h) => h.reviews);
      expect(reviews(await search({ q: 'twinloaf bakery' }))).toEqual([3, 2, 1, 1000]);
      expect(reviews(await search({ country: 'GB', sort: 'name' }))).toEqual([3, 2, 1, 1000]);
      const pages = [1, 2, 3, 4].map((page) => search({ q: 'twinloaf bakery', limit: 1, page }));
      expect((await Promise.all(pages)).flatMap(reviews)).toEqual([3, 2, 1, 1000]);
    });
  });

  it('follows an unapproval and a deletion through the sync', async () => {
    const count = await engine.count();
    await withPlaces(LOUNGES, async () => {
      expect((await search({ q: 'quokka' })).total).toBe(2);
      expect(await engine.count()).toBe(count + 2);
      await pool.query(`update businesses set is_approved = false where name = 'Quokka Lounge 1'`);
      await drainOutbox(pool, engine);
      // Still stored, never shown.
      expect(await engine.count()).toBe(count + 2);
      expect((await search({ q: 'quokka' })).hits.map((h) => h.name)).toEqual(['Quokka Lounge 2']);
      expect((await engine.suggest('quokka')).businesses.map((b) => b.name)).toEqual(['Quokka Lounge 2']);
      expect((await search({ category: 'lounge' })).facets.category).toEqual([
        { value: 'lounge', label: 'Lounge', count: 1 },
      ]);
      await pool.query(`delete from businesses where name = 'Quokka Lounge 2'`);
      await drainOutbox(pool, engine);
      expect(await engine.count()).toBe(count + 1);
      expect((await search({ q: 'quokka' })).total).toBe(0);
    });
    expect(await engine.count()).toBe(count);
  });

  it('applies businesses changed by several statements once, with their last change', async () => {
    await withPlaces(LOUNGES, async () => {
      const lounges = `name like 'Quokka Lounge %'`;
      await pool.query(`update businesses set name = name || ' Bar' where ${lounges}`);
      await pool.query(`update businesses set rating = 4.5 where ${lounges}`);
      await pool.query(`update businesses set name = 'Numbat Lounge 1' where name = 'Quokka Lounge 1 Bar'`);
      // Batches of two ids: each statement's row would be a batch of its own, the last one covered by the first.
      const drained = await drainOutbox(pool, engine, { batchSize: 2 });
      expect([drained.ids, drained.batches]).toEqual([2, 1]);
      expect((await pool.query('select count(*)::int as n from search_outbox')).rows[0].n).toBe(0);
      const names = async (q: string) => (await search({ q, minRating: 4.5 })).hits.map((h) => h.name);
      expect([await names('numbat'), await names('quokka')]).toEqual([['Numbat Lounge 1'], ['Quokka Lounge 2 Bar']]);
    });
  });

  it('counts exactly below its bound; from it on, says so with a total of at least the bound', async () => {
    // The suite's businesses on an engine that counts fewer than 6 matches exactly.
    const bounded = await contract.bounded(pool, 6);
    try {
      expect(await bounded.search({ country: 'DE' })).toMatchObject({ total: 2, exhaustive: true });
      // Words, so that neither engine answers from counts kept by facet (a query of facets alone may be exact).
      const large = await bounded.search({ q: 'corner', category: 'convenience-store', sort: 'reviews', limit: 3 });
      expect(large).toMatchObject({ exhaustive: false, totalPages: Math.ceil(large.total / 3) });
      expect(large.hits).toHaveLength(3);
      expect(large.total).toBeGreaterThanOrEqual(6);
      const [facet, ...others] = large.facets.category;
      expect([facet.value, others]).toEqual(['convenience-store', []]);
      if (contract.capabilities.totalsBeyondBound === 'estimated') {
        // An estimate of every match, the facets scaled to it.
        expect(facet.count).toBe(large.total);
      } else {
        // The bound itself, a floor; the facets count every match.
        expect([large.total, facet.count]).toEqual([6, 23]);
      }
    } finally {
      await contract.dispose(bounded);
    }
  });

  it('rebuilds into a fresh index and swaps it in, answering throughout', async () => {
    const count = await engine.count();
    const [result, during] = await Promise.all([reindex(pool, engine), search({ q: 'Starbuks' })]);
    expect(during.hits[0].name).toBe('Starbucks');
    expect(result.documents).toBe(count);
    expect(await engine.count()).toBe(count);
    expect(await engine.needsReindex()).toBe(false);
    expect((await search({ q: 'Starbuks' })).hits[0].name).toBe('Starbucks');
    expect((await search({ limit: 100 })).total).toBe(approved.length);
  });

  it('asks for a reindex when its index was built by an older layout, and answers until it is rebuilt', async () => {
    expect(await engine.needsReindex()).toBe(false);
    await contract.ageLayout(pool, engine);
    expect(await engine.needsReindex()).toBe(true);
    // The set-up at every start keeps the index and the request; only a rebuild answers it.
    await engine.setup();
    expect(await engine.needsReindex()).toBe(true);
    expect((await search({ q: 'starbucks' })).total).toBe(1);
    expect(await engine.count()).toBe(FIXTURES.length);
    await reindex(pool, engine);
    expect(await engine.needsReindex()).toBe(false);
    expect(await engine.count()).toBe(FIXTURES.length);
  });
});
