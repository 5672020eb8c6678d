import pg from 'pg';
import { namedCity, recordCityNames, refreshAggregates, slugify } from '@directory/core';
import { createSuiteDatabase } from '../../testing/database.js';
import type { SearchEngine, SearchQuery } from './search-engine.js';
import { drainOutbox } from './sync/outbox.js';
import { contractEngines } from './testing/engines.js';
import { FIXTURES, insertFixtures, type Fixture } from './testing/fixtures.js';
import {
  AMENITIES,
  AROUND_THE_CLOCK_PLACES,
  COMPOUNDS,
  CONNECTED,
  GROOMERS,
  TEA_ROOMS,
  withFixtures,
  WORD_FORMS,
} from './testing/places.js';

/**
 * The contract both engines pass for what visitors type: suggestions (prefixes and typos), places by any of their
 * names, words typed apart, other forms of a word in the country's language, the admin's synonyms and amenities.
 * Same set-up as search-engine.spec.ts.
 */
const approved = FIXTURES.filter((f) => f.approved !== false);

describe.each(contractEngines())('what visitors type: %s engine', (_kind, contract) => {
  let database: Awaited<ReturnType<typeof createSuiteDatabase>>;
  let pool: pg.Pool;
  let engine: SearchEngine;
  let ids: Map<string, number>;
  const search = (query: SearchQuery) => engine.search(query);
  const keysOf = (hits: { id: number }[]) => {
    const byId = new Map([...ids].map(([k, v]) => [v, k]));
    return hits.map((h) => byId.get(h.id));
  };
  const withPlaces = (places: Fixture[], run: () => Promise<void>) => withFixtures(pool, engine, places, run);

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

  it('finds a city by any of its names, a US state by name and code, a country by its short forms', async () => {
    // What the canonicalisation stores for the fixtures' cities (core/src/canonical): GeoNames' names of each.
    const named = (text: string, countryCode: string) => {
      const place = namedCity(text, countryCode)!;
      return { countryCode, slug: slugify(text), geonameId: place.geonameId, names: place.names };
    };
    await recordCityNames(pool, [named('München', 'DE'), named('Beograd', 'RS'), named('New York', 'US')]);
    await drainOutbox(pool, engine);
    try {
      const located = async (location: string) => keysOf((await search({ location, limit: 100 })).hits).sort();
      const inCity = (city: string) =>
        approved
          .filter((f) => f.city === city)
          .map((f) => f.key)
          .sort();
      for (const alias of ['Munich', 'Monaco di Baviera', 'Мюнхен'])
        expect(await located(alias)).toEqual(inCity('München'));
      for (const alias of ['Belgrade', 'Београд', 'Belgrad']) expect(await located(alias)).toEqual(inCity('Beograd'));
      for (const alias of ['NYC', 'New York City', 'New York, NY'])
        expect(await located(alias)).toEqual(inCity('New York'));
      // A US address names its state by code: the state's name finds it too, and the code still does.
      const illinois = approved
        .filter((f) => f.address.includes(', IL '))
        .map((f) => f.key)
        .sort();
      expect(illinois.length).toBeGreaterThan(0);
      expect(await located('Illinois')).toEqual(illinois);
      expect(await located('Springfield, IL')).toEqual(illinois);
      expect(await located('New York, New York')).toEqual(inCity('New York'));
      const us = approved
        .filter((f) => f.countryCode === 'US')
        .map((f) => f.key)
        .sort();
      expect(await located('USA')).toEqual(us);
      // A word of the query names the place too (where the engine says so), and finds no other city's.
      const withWords = async (q: string) => keysOf((await search({ q, limit: 100 })).hits).sort();
      const munich = inCity('München');
      expect(await withWords('munich')).toEqual(contract.capabilities.placeWordsInQuery ? munich : []);
      const restaurantsInMunich = approved
        .filter((f) => f.city === 'München' && f.category === 'Restaurant')
        .map((f) => f.key)
        .sort();
      expect(restaurantsInMunich.length).toBeGreaterThan(1);
      expect(await withWords('restaurant munich')).toEqual(
        contract.capabilities.placeWordsInQuery ? restaurantsInMunich : [],
      );
      // The names of one city never find another's businesses.
      expect(await located('Munich, Serbia')).toEqual([]);
      expect(await located('Alabama')).toEqual([]);
    } finally {
      await pool.query('delete from city_names');
      await pool.query(
        `insert into search_outbox (business_ids) select array_agg(id) from businesses having count(*) > 0`,
      );
      await drainOutbox(pool, engine);
    }
  });

  it('suggests businesses, categories and cities', async () => {
    const spr = await engine.suggest('spr');
    expect(spr.businesses).toEqual([{ name: 'Sprüngli', slug: expect.any(String), city: 'Zürich' }]);
    const bak = await engine.suggest('bak');
    expect(bak.categories).toEqual([{ name: 'Bakery', slug: 'bakery', count: 3 }]);
    expect(bak.businesses.map((b) => b.name)).toContain('Bakery');
    const mun = await engine.suggest('Mün');
    expect(mun.cities).toEqual([{ name: 'München', slug: 'münchen', countryCode: 'DE', count: 2 }]);
    expect((await engine.suggest('mumb')).cities).toEqual([
      { name: 'Mumbai', slug: 'mumbai', countryCode: 'IN', count: 1 },
    ]);
    // One letter, or no word at all: names starting with it only.
    const s = await engine.suggest('s', 10);
    expect(s.businesses.length).toBeGreaterThan(0);
    expect(s.businesses.every((b) => /^s/i.test(b.name))).toBe(true);
    for (const q of ['  ', '-', '!?'])
      expect([q, await engine.suggest(q)]).toEqual([q, { businesses: [], categories: [], cities: [] }]);
  });

  it('forgives a typo in suggestions when the prefix finds too little', async () => {
    // A letter replaced in a whole word and in the word being typed; a category and a city no prefix reaches.
    expect((await engine.suggest('sprungly')).businesses.map((b) => b.name)).toEqual(['Sprüngli']);
    expect((await engine.suggest('sprunhl')).businesses.map((b) => b.name)).toEqual(['Sprüngli']);
    expect((await engine.suggest('bakwry')).categories).toEqual([{ name: 'Bakery', slug: 'bakery', count: 3 }]);
    expect((await engine.suggest('mumbaj')).cities).toEqual([
      { name: 'Mumbai', slug: 'mumbai', countryCode: 'IN', count: 1 },
    ]);
    // Too short to hold a typo, or too far from any word: nothing.
    expect(await engine.suggest('sprx')).toEqual({ businesses: [], categories: [], cities: [] });
    expect(await engine.suggest('qqqqqqq')).toEqual({ businesses: [], categories: [], cities: [] });
  });

  it('suggests names beginning with the prefix, then names with a word beginning it, the most reviewed first', async () => {
    await withPlaces(TEA_ROOMS, async () => {
      const names = async (q: string, limit: number) => (await engine.suggest(q, limit)).businesses.map((b) => b.name);
      // A name beginning with the prefix comes first, however few its reviews.
      expect(await names('tea roo', 4)).toEqual([
        'Tea Room Zero',
        'Zephyrf Tea Room',
        'Zephyre Tea Room',
        'Zephyrd Tea Room',
      ]);
      expect(await names('zeph', 3)).toEqual(['Zephyr Twin A', 'Zephyr Twin B', 'Zephyrf Tea Room']);
      expect((await engine.suggest('tea')).categories).toEqual([{ name: 'Tea house', slug: 'tea-house', count: 9 }]);
      expect((await engine.suggest('lee')).cities).toEqual([
        { name: 'Leeds', slug: 'leeds', countryCode: 'GB', count: 9 },
      ]);
    });
  });

  it('finds businesses by the amenities they have, not those they lack', async () => {
    await withPlaces(AMENITIES, async () => {
      const names = async (q: string) => (await search({ q, category: 'bistro' })).hits.map((h) => h.name);
      expect(await names('wheelchair accessible')).toEqual(['Zzramp Bistro']);
      expect(await names('wheelchair entrance')).toEqual(['Zzramp Bistro']);
      expect(await names('hearing loop')).toEqual([]);
      expect(await names('wheelchair friendly')).toEqual([]);
    });
  });

  it('finds places open 24 hours on each day they open by "24 hours", "24h" and "24/7"', async () => {
    await withPlaces(AROUND_THE_CLOCK_PLACES, async () => {
      const names = async (q: string) => (await search({ q, category: 'pharmacy' })).hits.map((h) => h.name).sort();
      const allDay = ['Zzalways Pharmacy', 'Zzweekday Pharmacy'];
      expect(await names('pharmacy 24 hours')).toEqual(allDay);
      expect(await names('pharmacy open 24h')).toEqual(allDay);
      expect(await names('24/7 pharmacy')).toEqual(allDay);
      expect(await names('pharmacy')).toEqual([...allDay, 'Zzlate Pharmacy'].sort());
    });
  });

  it('finds a name the visitor typed as two words', async () => {
    await withPlaces(COMPOUNDS, async () => {
      const names = async (q: string) => (await search({ q })).hits.map((h) => h.name);
      expect(await names('zzhafer keller')).toEqual(['Zzhaferkeller']);
      expect(await names('mc zzdonalds')).toEqual(["McZzdonald's"]);
      // Words found as typed are not joined away.
      expect(await names('zzhafer bakery')).toEqual(['Zzhafer Bakery']);
    });
  });

  it('takes a connector between words for none ("gyms in Hyderabad"), yet ranks a name holding it first', async () => {
    await withPlaces(CONNECTED, async () => {
      const names = async (q: string) => (await search({ q })).hits.map((h) => h.name);
      const deliFirst = ['Zzmade Zzitaly Deli', 'Zzmade in Zzitaly'];
      expect(await names('zzmade zzitaly')).toEqual(deliFirst);
      for (const q of [
        'zzmade near zzitaly',
        'zzmade close to zzitaly',
        'zzmade zzitaly near me',
        'best zzmade zzitaly',
      ])
        expect([q, await names(q)]).toEqual([q, deliFirst]);
      // The exact name as typed first: PostgreSQL's exact-name tier reads the words as typed; Meilisearch is sent the
      // words a match must hold, and ranks by its own rules.
      expect(await names('zzmade in zzitaly')).toEqual(
        contract.kind === 'postgres' ? ['Zzmade in Zzitaly', 'Zzmade Zzitaly Deli'] : expect.arrayContaining(deliFirst),
      );
      // With a typo too (the typo pass's exact names keep the connector).
      expect((await names('zzmade in zzitalu'))[0]).toBe(
        contract.kind === 'postgres' ? 'Zzmade in Zzitaly' : expect.any(String),
      );
      // Ending the query, it is a word being typed.
      expect(await names('zzitaly de')).toEqual(['Zzmade Zzitaly Deli']);
    });
    const keys = async (q: string) => keysOf((await search({ q, limit: 100 })).hits).sort();
    expect(await keys('pizza in zürich')).toEqual(await keys('pizza zürich'));
    expect((await keys('pizza zürich')).length).toBeGreaterThan(0);
  });

  it("finds businesses by the admin's synonyms, below those holding the words themselves", async () => {
    await pool.query(`insert into search_synonyms (phrase, means) values ('zzpooch wash', 'zzgroomer')`);
    try {
      await withPlaces(GROOMERS, async () => {
        const names = async (q: string) => (await search({ q })).hits.map((h) => h.name);
        expect(await names('zzpooch wash')).toEqual(['Zzpooch Wash Express', 'Fluffy Paws']);
        expect(await names('zzgroomer')).toEqual(['Fluffy Paws']);
        expect((await search({ q: 'zzpooch wash' })).facets.category).toEqual([
          { value: 'car-wash', label: 'Car wash', count: 1 },
          { value: 'zzgroomer', label: 'Zzgroomer', count: 1 },
        ]);
      });
    } finally {
      await pool.query(`delete from search_synonyms where phrase = 'zzpooch wash'`);
    }
  });

  it("finds the other forms of a word in the languages of the place's country, the form as typed first", async () => {
    await withPlaces(WORD_FORMS, async () => {
      const names = async (q: string) => (await search({ q })).hits.map((h) => h.name);
      // Engines without word forms (testing/engines.ts) find the words as typed, and maybe more by typo tolerance.
      const expectForms = async (q: string, asTyped: string[], withForms: string[]) =>
        expect(await names(q)).toEqual(contract.capabilities.wordForms ? withForms : expect.arrayContaining(asTyped));
      // German plural ↔ singular in Zürich and Wien (not the last word, which is a prefix as typed).
      await expectForms(
        'bäckereien zzalp',
        ['Zzalp Bäckereien', 'Zzalp Bäckereien Deli'],
        ['Zzalp Bäckereien', 'Zzalp Bäckereien Deli', 'Zzalp Bäckerei'],
      );
      // A German plural stands for its stem in German places only: the New York deli is stemmed in English alone.
      await expectForms('bäckerei zzalp', ['Zzalp Bäckerei'], ['Zzalp Bäckerei', 'Zzalp Bäckereien']);
      await expectForms('metzgereien zzalp', [], ['Zzalp Metzgerei']);
      // French in Paris.
      await expectForms('boulangeries zzalp', [], ['Zzalp Boulangerie']);
    });
  });
});
