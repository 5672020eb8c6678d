import pg from 'pg';
import { createSuiteDatabase } from '../../../testing/database.js';
import { searchWords } from '../text.js';
import { wordFunctionsSql } from './words.js';

/** The documents' words (search_words, to_tsvector) and the queries' (searchWords) are cut by one rule. */
const HARD_NAMES = [
  'N.A. Laszlo Plumbing & Heating',
  'AMUR HVAC/R LLC',
  "Little Chris' Heating and A/C",
  'Air Conditioner Installation by Vlad | AirConditionerNY.com,Inc',
  "McDonald's",
  'McDonald’s',
  'Giglio´s Plumbing',
  'RES-COM Heating & A/C, Inc.',
  'HVAC Diegos 24/7 Brooklyn NY',
  'info@example.com',
  'https://www.example.com/path?q=1',
  'Dr. Jonathan D. Parker, D.O., M.S.',
  'Café Zürich — Straße ½ № 3',
  'Ærø Łódź Œuvre ©®™',
  '𝒯𝒶𝒿 𝑀𝒶𝒽𝒶𝓁 - 𝐼𝓃𝒹𝒾𝒶𝓃',
  'Београд Пет-шоп «Ёж»',
  'జిమ్ हैदराबाद जिम',
  'Ｆｕｌｌ　Ｗｉｄｔｈ',
  '3.5 stars, 1,200 reviews; 10:30–22:00',
  'tab\tnew\nline',
  'Smoove Electrical Services ⚡️💡🔌',
  'Comfy Kozy®️ Heating 1️⃣',
];

describe('word cutting: search_words() in SQL and searchWords() in TypeScript', () => {
  let database: Awaited<ReturnType<typeof createSuiteDatabase>>;
  let pool: pg.Pool;

  beforeAll(async () => {
    database = await createSuiteDatabase();
    pool = new pg.Pool({ connectionString: database.url, max: 1 });
    for (const sql of wordFunctionsSql()) await pool.query(sql);
  });
  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });

  it('cuts names with punctuation, symbols and other scripts into the same words', async () => {
    const { rows } = await pool.query<{ name: string; words: string; lexemes: string[] }>(
      `select name, search_words(name) as words, tsvector_to_array(to_tsvector('simple', search_words(name))) as lexemes
       from unnest($1::text[]) name`,
      [HARD_NAMES],
    );
    for (const row of rows) {
      const expected = searchWords(row.name);
      expect([row.name, row.words]).toEqual([row.name, expected.join(' ')]);
      expect([row.name, row.lexemes]).toEqual([row.name, [...new Set(expected)].sort(byBytes)]);
    }
  });

  it('cuts the examples of issue 30 at the dots, slashes, apostrophes, ampersands and domains', () => {
    expect(searchWords('N.A. Laszlo Plumbing & Heating')).toEqual(['n', 'a', 'laszlo', 'plumbing', 'heating']);
    expect(searchWords('AMUR HVAC/R LLC')).toEqual(['amur', 'hvac', 'r', 'llc']);
    expect(searchWords('Little Chris’ Heating and A/C')).toEqual(['little', 'chris', 'heating', 'and', 'a', 'c']);
    expect(searchWords('AirConditionerNY.com')).toEqual(['airconditionerny', 'com']);
  });
});

/** Byte order, as tsvector_to_array lists lexemes. */
function byBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}
