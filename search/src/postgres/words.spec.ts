import pg from 'pg';
import { createSuiteDatabase } from '../../../testing/database.js';
import { countries } from 'countries-list';
import { searchWords } from '../text.js';
import { countryStemLanguages, STEM_MARK, stemIn, wordFormsOf } from '../word-forms.js';
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

  it("stems a document in English and its country's languages (countries-list), marked alike", async () => {
    const codes = [...Object.keys(countries), 'de', 'XX'];
    const { rows } = await pool.query<{ code: string; languages: string[] }>(
      `select code, search_stem_languages(code) as languages from unnest($1::text[]) code`,
      [codes],
    );
    for (const row of rows) {
      expect([row.code, row.languages]).toEqual([row.code, countryStemLanguages(row.code).map((l) => l.algorithm)]);
    }
    expect(countryStemLanguages('CH').map((l) => l.algorithm)).toEqual(['english', 'german', 'french', 'italian']);
    expect(countryStemLanguages('US').map((l) => l.algorithm)).toEqual(['english']);
    const stems = async (text: string, countryCode: string) =>
      (
        await pool.query<{ stems: string }>(
          `select search_stem_text(to_tsvector('simple', search_words($1)), 'A', search_stem_languages($2)) as stems`,
          [text, countryCode],
        )
      ).rows[0].stems;
    // As word-forms.ts marks them, `=` in every language (a tsvector holds a stem two languages share once); in the
    // US, English alone.
    const expected = (text: string, countryCode: string) =>
      countryStemLanguages(countryCode)
        .flatMap((language) =>
          [...new Set(searchWords(text))].sort(byBytes).map((word) => {
            const stem = stemIn(language, word);
            return stem ? ` '${STEM_MARK}${stem}':1A` : '';
          }),
        )
        .join('');
    expect(await stems('Bäckereien Metzgereien', 'CH')).toBe(" '=backerei':1A '=metzgerei':1A");
    expect(await stems('Bäckereien Metzgereien', 'US')).toBe('');
    for (const [text, code] of [
      ['Bäckereien Metzgereien', 'CH'],
      ['Boulangeries Pâtisseries', 'BE'],
      ['Bäckereien Boulangeries', 'US'],
      ['Аптеки Магазины', 'RU'],
    ]) {
      expect([text, code, await stems(text, code)]).toEqual([text, code, expected(text, code)]);
    }
  });

  it("gives a query word's stems in every language, marked and as words, the same once remembered or forgotten", () => {
    const forms = wordFormsOf('bakeries');
    expect(forms).toEqual(expect.arrayContaining(['=bakeri', 'bakeri']));
    expect(forms).toEqual([...new Set(forms)]);
    // Remembered: the same array, which no caller can change.
    expect(wordFormsOf('bakeries')).toBe(forms);
    expect(Object.isFrozen(forms)).toBe(true);
    // Forgotten after ten thousand other words, then computed again alike.
    for (let i = 0; i < 10_000; i++) wordFormsOf(`word${i}`);
    const again = wordFormsOf('bakeries');
    expect(again).not.toBe(forms);
    expect(again).toEqual(forms);
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
