import pg from 'pg';
import { mulberry32 } from '@directory/core';
import { createSuiteDatabase } from '../../../testing/database.js';
import { drainOutbox } from '../sync/outbox.js';
import { insertFixtures, type Fixture } from '../testing/fixtures.js';
import { normalizeQuery } from '../text.js';
import { buildFilter } from './filter.js';
import { hitsSql, type HitRow } from './pages.js';
import type { Sql } from './planning.js';
import { PostgresSearchEngine } from './postgres-engine.js';
import { inTitle, type RelevancePlan } from './ranking.js';
import { wordGroups } from './search.js';
import type { SearchDb } from './statement-queue.js';
import { tsquery } from './tsquery.js';

const IN_PERTH = { city: 'Perth', country: 'Australia', countryCode: 'AU', lat: -31.95, lng: 115.86, rating: 4 };
const place = (key: string, name: string, category: string, reviews: number): Fixture => ({
  ...IN_PERTH,
  key,
  name,
  category,
  address: `${reviews + 1} Hay St, Perth WA 6000, Australia`,
  reviews,
});

/**
 * Relevance tiers (ranking.ts) whichever statement ranks: every match ranked at once, or each tier's best by windows
 * (an engine that ranks every match only up to one of them).
 */
describe('PostgreSQL engine: relevance tiers, ranked at once and by windows', () => {
  let database: Awaited<ReturnType<typeof createSuiteDatabase>>;
  let pool: pg.Pool;
  let rankingAll: PostgresSearchEngine;
  let byWindows: PostgresSearchEngine;

  beforeAll(async () => {
    database = await createSuiteDatabase();
    pool = new pg.Pool({ connectionString: database.url, max: 4 });
    rankingAll = new PostgresSearchEngine(pool);
    byWindows = new PostgresSearchEngine(pool, { exactCountUpTo: 1, rankAllUpTo: 1 });
    await rankingAll.setup();
  });
  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });

  it('finds the other forms of a word, the form as typed first, however popular the others', async () => {
    await insertFixtures(pool, [
      place('gym-1', 'Iron Gym', 'Gym', 900),
      place('gym-2', 'Gyms of Perth', 'Fitness center', 1),
      place('gym-3', 'Bodyworks', 'Gym', 500),
      place('bakery-1', 'Crumb Bakery', 'Bakery', 300),
      place('bakery-2', 'The Bakeries', 'Cafe', 2),
      place('church-1', 'St Mary Church', 'Church', 40),
    ]);
    await drainOutbox(pool, rankingAll);
    for (const engine of [rankingAll, byWindows]) {
      const names = async (q: string) => (await engine.search({ q })).hits.map((h) => h.name);
      // "gyms": the name as typed, then the names with "gym", then the category.
      expect(await names('gyms')).toEqual(['Gyms of Perth', 'Iron Gym', 'Bodyworks']);
      // "gym" begins "gyms" as typed: a prefix of it, so every one is as typed.
      expect(await names('gym')).toEqual(['Iron Gym', 'Gyms of Perth', 'Bodyworks']);
      expect(await names('bakery')).toEqual(['Crumb Bakery', 'The Bakeries']);
      expect(await names('bakeries')).toEqual(['The Bakeries', 'Crumb Bakery']);
      expect(await names('churches')).toEqual(['St Mary Church']);
    }
  });

  it('reads a short word with a letter dropped as the longer word, and a name misspelt as that name first', async () => {
    await insertFixtures(pool, [
      place('hiltl', 'Haus Hiltl', 'Vegetarian restaurant', 3),
      place('haus', 'Haus am See', 'Restaurant', 700),
      place('freaks-1', 'Fitness Freaks', 'Gym', 2),
      place('freaks-2', 'Fitness Freaks Ladies Gym', 'Gym', 800),
    ]);
    await drainOutbox(pool, rankingAll);
    for (const engine of [rankingAll, byWindows]) {
      // "hitl" is no word of the index, and one letter short of "hiltl".
      expect((await engine.search({ q: 'haus hitl' })).hits.map((h) => h.name)).toEqual(['Haus Hiltl']);
      // The name exactly, but for the typo, above a longer and more reviewed name with the same words.
      expect((await engine.search({ q: 'fitenss freaks' })).hits.map((h) => h.name)).toEqual([
        'Fitness Freaks',
        'Fitness Freaks Ladies Gym',
      ]);
    }
  });

  it('ranks by windows as by ranking every match, typo variants, word forms and places included (property)', async () => {
    const random = mulberry32(30);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
    const words = ['corner', 'shop', 'shops', 'golden', 'dragon', 'market', 'markets', 'garden', 'kitchen', 'store'];
    const categories = ['Shop', 'Market', 'Restaurant', 'Garden center'];
    // Some in a town named as a word: a query word is also its place there, in every field (a `~` lexeme).
    const places = Array.from({ length: 80 }, (_, i) => ({
      ...place(
        `prop-${i}`,
        Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(words)).join(' ') + ` ${i % 7}`,
        pick(categories),
        Math.floor(random() * 20),
      ),
      ...(i % 6 === 0 ? { city: 'Garden' } : {}),
    }));
    await insertFixtures(pool, places);
    await drainOutbox(pool, rankingAll);
    const db = pool as unknown as SearchDb;
    const page = async (sql: Sql) => (await pool.query<HitRow>(sql)).rows.map((row) => row.name);
    // Misspelt words (one edit of 5+ letters), whose typo variants are many of the names' words.
    const typed = [...words, 'gloden', 'drgaon', 'marekt', 'kitchn', 'cornr', 'garedn', 'restaurants', 'centers'];
    let compared = 0;
    for (let i = 0; i < 100; i++) {
      const query = normalizeQuery({
        q: Array.from({ length: 1 + Math.floor(random() * 2) }, () => pick(typed)).join(' '),
      });
      const groups = await wordGroups(db, query.words);
      // The statements of both passes, as search.ts runs them: the words as typed rank first when others are there.
      const [withTypos, joined] = await Promise.all([groups.withTypos(), groups.joined()]);
      const passes = [
        { groups: groups.exact, names: groups.names },
        ...[withTypos, joined].filter((pass) => pass !== null),
      ];
      for (const { groups: pass, names } of passes) {
        // The tiers of the name and category read the title words and location terms for the tsvector's weights.
        for (const weights of ['A', 'AB']) {
          const ids = async (condition: (param: (value: unknown, cast?: string) => string) => string) => {
            const values: unknown[] = [];
            const param = (value: unknown, cast = '') => `$${values.push(value)}${cast}`;
            const text = `select d.id from search_documents d where ${condition(param)} order by d.id`;
            return (await pool.query<{ id: string }>(text, values)).rows.map((row) => row.id);
          };
          const weighted = await ids((param) => `d.tsv @@ ${param(tsquery(pass, weights), '::tsquery')}`);
          expect(await ids((param) => inTitle(pass, weights, param, 'terms'))).toEqual(weighted);
          expect(await ids((param) => inTitle(pass, weights, param, 'lexemes'))).toEqual(weighted);
        }
        const same = JSON.stringify(pass) === JSON.stringify(groups.typed);
        const asTyped = { groups: same ? null : groups.typed, names };
        const filter = buildFilter(query, pass);
        for (const offset of [0, 4]) {
          const hits = (plan: RelevancePlan) =>
            page(hitsSql({ ...query, limit: 4 }, pass, asTyped, filter, offset, plan));
          const [all, windows] = [await hits('rankAll'), await hits('windows')];
          expect([query.q, offset, windows]).toEqual([query.q, offset, all]);
          if (all.length > 0) compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(150);
  });
});
