import { join } from 'node:path';
import pg from 'pg';
import { createSuiteDatabase } from '../../../testing/database.js';
import { importFile } from '../import/import-file.js';
import { namedCity } from '../places/city-names.js';
import { slugify } from '../rules/slug.js';
import { aliasKey } from './alias-key.js';
import { canonicalizeDirectory } from './canonicalize.js';
import { categoryKey } from './category-key.js';

const REAL = join(process.cwd(), '..', 'shared', 'data', 'real');

describe('a city text names one GeoNames place', () => {
  it.each([
    ['Geneva', 'CH', 'Genève'],
    ['Genf', 'CH', 'Genève'],
    ['geneve', 'CH', 'Genève'],
    ['zurich', 'CH', 'Zürich'],
    ['Beograd', 'RS', 'Belgrade'],
    ['Београд', 'RS', 'Belgrade'],
    ['München', 'DE', 'Munich'],
    ['Koeln', 'DE', 'Köln'],
    ['New York', 'US', 'New York City'],
    ['NYC', 'US', 'New York City'],
    // A locality and its town, as some exports fill the city: the most populous place a part names.
    ['Kharmanghat, Hyderabad', 'IN', 'Hyderābād'],
    ['Hyderabad, Secunderabad', 'IN', 'Hyderābād'],
    ['Washington, DC', 'US', 'Washington'],
    // A municipality GeoNames counts in its city (no inhabitants of its own) is the city; one with its own is not.
    ['Novi Beograd', 'RS', 'Belgrade'],
    ['Zemun', 'RS', 'Zemun'],
    ['Grocka', 'RS', 'Grocka'],
  ])('%s (%s) is %s', (text, country, name) => {
    expect(namedCity(text, country)?.name).toBe(name);
  });

  it('only in its country, and only near the position when one is given', () => {
    expect(namedCity('Geneva', 'US')?.name).toBe('Geneva');
    expect(namedCity('Belgrade', 'RS', { latitude: 44.8, longitude: 20.46 })?.name).toBe('Belgrade');
    // Belgrade, Montana is not Belgrade, Serbia; a Geneva 300 km from any Geneva is none of them.
    expect(namedCity('Belgrade', 'US', { latitude: 45.78, longitude: -111.18 })?.population).toBeLessThan(50_000);
    expect(namedCity('Genève', 'CH', { latitude: 47.37, longitude: 8.54 })).toBeNull();
    expect(namedCity('Nowhere-on-Sea', 'GB')).toBeNull();
    expect(namedCity('Nowhere-on-Sea, Elsewhere', 'GB')).toBeNull();
  });
});

describe('one category per meaning', () => {
  it('folds case, accents, plural and spaces, not translations', () => {
    expect(categoryKey('restaurants')).toBe(categoryKey('Restaurant'));
    expect(categoryKey('bars')).toBe(categoryKey('Bar'));
    expect(categoryKey('cafes')).toBe(categoryKey('Café'));
    expect(categoryKey('Burger restaurant')).toBe(categoryKey('Burgerrestaurant'));
    expect(categoryKey('Bakeries')).toBe(categoryKey('bakery'));
    expect(categoryKey('Kaffeegeschäft')).not.toBe(categoryKey('Café'));
    expect(categoryKey('Bar')).not.toBe(categoryKey('Bakery'));
    expect(categoryKey('Fish store')).not.toBe(categoryKey('Fishing store'));
    expect(categoryKey('Clothing stores')).toBe(categoryKey('Clothing store'));
  });

  it('looks addresses up without accents or case', () => {
    expect(aliasKey('zürich')).toBe('zurich');
    expect(aliasKey('türkiye')).toBe('turkiye');
    expect(aliasKey('münchen')).toBe('munchen');
  });
});

describe('canonicalising the stored directory', () => {
  let database: Awaited<ReturnType<typeof createSuiteDatabase>>;
  let client: pg.Client;

  beforeAll(async () => {
    database = await createSuiteDatabase();
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await database.drop();
  });

  const insert = (name: string, category: string, city: string, countryCode: string, country: string) =>
    client.query(
      `insert into businesses (name, slug, category, category_slug, city, city_slug, country, country_code, is_approved)
       values ($1, $2, $3, lower($3), $4, lower($4), $5, $6, true)`,
      [name, `${name.toLowerCase().replace(/\W+/g, '-')}-x`, category, city, country, countryCode],
    );

  it('stores one spelling per city and category, keeps the others as aliases, and is stable', async () => {
    await insert('Chez Paul', 'Restaurant', 'Genève', 'CH', 'Switzerland');
    await insert('Lac Bleu', 'Restaurant', 'Genève', 'CH', 'Switzerland');
    await insert('Lake View', 'restaurants', 'Geneva', 'CH', 'Switzerland');
    await insert('Kafana', 'Bar', 'Beograd', 'RS', 'Serbia');
    await insert('Skadarlija', 'Bar', 'Beograd', 'RS', 'Serbia');
    await insert('Кафана', 'bars', 'Београд', 'RS', 'Serbia');
    await insert('Unbekannt', 'Burger restaurant', 'Kleinstadt-ohne-Namen', 'DE', 'Germany');
    await insert('Bratwurst', 'Burgerrestaurant', 'Munich', 'DE', 'Germany');
    await insert('Hofbräu', 'Beer hall', 'München', 'DE', 'Germany');
    await insert('Ankara Kebap', 'Restaurant', 'Ankara', 'TR', 'Türkiye');

    const first = await canonicalizeDirectory(client);
    // Three categories (restaurants, bars, Burgerrestaurant) and three cities (Geneva, Београд, and Munich:
    // München and Munich tie, GeoNames names it Munich) rewritten.
    expect(first.businessesUpdated).toBe(6);
    const rows = (
      await client.query(`select name, category, category_slug, city, city_slug from businesses order by name`)
    ).rows;
    expect(rows.map((r) => [r.name, r.category, r.city, r.city_slug])).toEqual([
      ['Ankara Kebap', 'Restaurant', 'Ankara', 'ankara'],
      ['Bratwurst', 'Burger restaurant', 'Munich', 'munich'],
      ['Chez Paul', 'Restaurant', 'Genève', 'genève'],
      ['Hofbräu', 'Beer hall', 'Munich', 'munich'],
      ['Kafana', 'Bar', 'Beograd', 'beograd'],
      ['Lac Bleu', 'Restaurant', 'Genève', 'genève'],
      ['Lake View', 'Restaurant', 'Genève', 'genève'],
      ['Skadarlija', 'Bar', 'Beograd', 'beograd'],
      ['Unbekannt', 'Burger restaurant', 'Kleinstadt-ohne-Namen', 'kleinstadt-ohne-namen'],
      ['Кафана', 'Bar', 'Beograd', 'beograd'],
    ]);

    const alias = async (kind: string, countryCode: string, key: string) =>
      (
        await client.query<{ slug: string }>(
          'select slug from place_aliases where kind = $1 and country_code = $2 and alias = $3',
          [kind, countryCode, key],
        )
      ).rows[0]?.slug;
    expect(await alias('city', 'CH', 'geneve')).toBe('genève');
    expect(await alias('city', 'CH', 'geneva')).toBe('genève');
    expect(await alias('city', 'CH', 'genf')).toBe('genève');
    expect(await alias('city', 'RS', 'belgrade')).toBe('beograd');
    expect(await alias('city', 'RS', 'београд')).toBe('beograd');
    expect(await alias('city', 'DE', 'munchen')).toBe('munich');
    expect(await alias('category', '', 'restaurants')).toBe('restaurant');
    expect(await alias('category', '', 'burgerrestaurant')).toBe('burger-restaurant');
    expect(await alias('country', '', 'turkiye')).toBe('türkiye');

    // Search reads the city's other names; the US state names were seeded by the migration.
    const terms = await client.query<{ terms: string[] }>(
      `select terms from city_names where country_code = 'DE' and city_slug = 'munich'`,
    );
    expect(terms.rows[0].terms).toEqual(expect.arrayContaining(['munchen', 'munich', 'monaco di baviera']));
    const region = async (countryCode: string, address: string) =>
      (await client.query<{ terms: string[] }>('select search_region_terms($1, $2) as terms', [countryCode, address]))
        .rows[0].terms;
    expect(await region('US', '1 Dexter Ave, Montgomery, AL 36104, United States')).toEqual(['alabama']);
    expect(await region('us', '9 Oak St, Birmingham, AL, USA')).toEqual(['alabama']);
    expect(await region('US', '5 Elm St, Springfield, IL 62701-1234')).toEqual(['illinois']);
    // New York names the city: the state is found by its code only.
    expect(await region('US', '1 Broadway, New York, NY 10004, United States')).toEqual([]);
    expect(await region('GB', '1 High St, Leeds, AL 36104')).toEqual([]);

    const again = await canonicalizeDirectory(client);
    expect(again.businessesUpdated).toBe(0);
  });

  it("stores a spelling the admin merged under its category, keeps the category's own name, and redirects the spelling", async () => {
    await client.query('truncate businesses, place_aliases, category_merges restart identity cascade');
    await insert('Kaffee Eins', 'Kaffeegeschäft', 'Zürich', 'CH', 'Switzerland');
    await insert('Kaffee Zwei', 'Kaffeegeschäft', 'Zürich', 'CH', 'Switzerland');
    await insert('Kaffee Drei', 'kaffeegeschäfte', 'Zürich', 'CH', 'Switzerland');
    await insert('Odeon', 'Café', 'Zürich', 'CH', 'Switzerland');
    const merge = (spelling: string, into: string) =>
      client.query(
        `insert into category_merges (spelling, spelling_key, into_category, into_key) values ($1, $2, $3, $4)`,
        [spelling, categoryKey(spelling), into, categoryKey(into)],
      );
    await merge('Kaffeegeschäft', 'Cafe');
    await merge('Teestube', 'Tea house');
    await insert('Tee', 'Teestube', 'Zürich', 'CH', 'Switzerland');

    await canonicalizeDirectory(client);
    const categories = async () =>
      (await client.query(`select name, category, category_slug from businesses order by name`)).rows.map((r) => [
        r.name,
        r.category,
        r.category_slug,
      ]);
    // Three businesses say Kaffeegeschäft, one Café: the category keeps its own spelling all the same; a merge into
    // a category nobody has yet names it as the admin wrote it.
    expect(await categories()).toEqual([
      ['Kaffee Drei', 'Café', 'café'],
      ['Kaffee Eins', 'Café', 'café'],
      ['Kaffee Zwei', 'Café', 'café'],
      ['Odeon', 'Café', 'café'],
      ['Tee', 'Tea house', 'tea-house'],
    ]);
    const alias = async (key: string) =>
      (await client.query(`select slug from place_aliases where kind = 'category' and alias = $1`, [key])).rows[0]
        ?.slug;
    expect(await alias('kaffeegeschaft')).toBe('café');
    expect(await alias('kaffeegeschafte')).toBe('café');
    // A re-import brings the spelling back; the next pass merges it again.
    await insert('Kaffee Vier', 'Kaffeegeschäft', 'Zürich', 'CH', 'Switzerland');
    expect((await canonicalizeDirectory(client)).businessesUpdated).toBe(1);
    expect((await categories()).find(([name]) => name === 'Kaffee Vier')).toEqual(['Kaffee Vier', 'Café', 'café']);
  });

  it('merges the real exports: Beograd and Београд are one city, named as most of its businesses name it', async () => {
    await importFile(join(REAL, 'rs_belgrade_pet_businesses.csv'), client);
    const cities = await client.query<{ city: string; n: number }>(
      `select city, count(*)::int as n from businesses where country_code = 'RS' group by city order by n desc`,
    );
    expect(cities.rows[0].city).toBe('Beograd');
    expect(cities.rows.map((r) => r.city)).not.toContain('Belgrade');
    expect(cities.rows.map((r) => r.city)).not.toContain('Београд');
    // Imported again, the file changes nothing: its other spellings of the stored city and category stay as stored.
    const stored = (await client.query(`select * from businesses order by id`)).rows;
    const again = await importFile(join(REAL, 'rs_belgrade_pet_businesses.csv'), client);
    expect([again.inserted, again.updated]).toEqual([0, 0]);
    expect((await client.query(`select * from businesses order by id`)).rows).toEqual(stored);
  });

  it('resolves a city by the positions of its businesses, not by a placeholder one (a coordinate of exactly 0)', async () => {
    for (const [name, city, latitude, longitude] of [
      ['Skadarlija', 'Beograd', 44.8176, 20.4633],
      ['Zeleni venac', 'Belgrade', 44.8135, 20.4583],
      ['Kinolog', 'Belgrade', 13.5074, 0],
    ] as const)
      await client.query(
        `insert into businesses (name, slug, city, city_slug, country, country_code, latitude, longitude, is_approved)
         values ($1, $2, $3, lower($3), 'Serbia', 'RS', $4, $5, true)`,
        [name, `${slugify(name)}-x`, city, latitude, longitude],
      );
    await canonicalizeDirectory(client);
    // Kinolog's longitude 0 would put the Belgrade spelling's mean position 1,400 km south: no place of that name.
    const { rows } = await client.query(
      `select distinct city from businesses where name in ('Skadarlija', 'Zeleni venac', 'Kinolog')`,
    );
    expect(rows).toHaveLength(1);
  });

  it('merges a city the export gave with its locality ("Champapet, Hyderabad") into the town, and redirects it', async () => {
    await importFile(join(REAL, 'in_hyderabad_gyms.csv'), client);
    const cities = await client.query<{ city: string; city_slug: string; n: number }>(
      `select city, city_slug, count(*)::int as n from businesses where country_code = 'IN' group by 1, 2 order by n desc`,
    );
    expect(cities.rows[0]).toMatchObject({ city: 'Hyderabad', city_slug: 'hyderabad' });
    expect(cities.rows[0].n).toBeGreaterThan(400);
    expect(cities.rows.filter((r) => r.city.includes('Hyderabad')).map((r) => r.city)).toEqual(['Hyderabad']);
    const { rows } = await client.query<{ slug: string }>(
      `select slug from place_aliases where kind = 'city' and country_code = 'IN' and alias = $1`,
      [aliasKey('champapet,-hyderabad')],
    );
    expect(rows).toEqual([{ slug: 'hyderabad' }]);
  });
});
