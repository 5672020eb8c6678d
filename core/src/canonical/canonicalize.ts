import type pg from 'pg';
import { type NamedCity, namedCity, nameKey } from '../places/city-names.js';
import { slugify } from '../rules/slug.js';
import { aliasKey } from './alias-key.js';
import { categoryKey } from './category-key.js';
import { countryLabel } from './country-label.js';

/** What one canonicalisation pass changed. */
export interface Canonicalization {
  /** Businesses whose city or category was rewritten to the canonical spelling. */
  businessesUpdated: number;
  /** Spellings that now name another city (Geneva → Genève) or category (restaurants → Restaurant). */
  citySpellingsMerged: number;
  categorySpellingsMerged: number;
}

type Kind = 'city' | 'category' | 'country';

interface Alias {
  countryCode: string;
  alias: string;
  slug: string;
}

/**
 * One city per place and one category per meaning, in the stored rows themselves, so every count, page and
 * search document follows (directory_facts reads the rows):
 * - a city text is resolved, with its country and its businesses' mean position (placeholder positions aside), to
 *   a GeoNames place through the place's names and alternate names (namedCity; a municipality GeoNames counts in
 *   its city is the city: Novi Beograd → Belgrade); every spelling of one place is stored as the one most of its
 *   businesses use (displayName: Geneva → Genève, Београд → Beograd). A text GeoNames does not know is kept.
 * - categories equal by categoryKey (case, accents, plural, spaces) are stored under their most common spelling;
 *   a spelling the admin merged into a category (category_merges: a translation) joins that category.
 * One rule for both: the name most businesses give it. A new majority renames the page; the old slug stays an alias.
 * Every other spelling, the ASCII form of each slug, the place's GeoNames names and each country's names become
 * aliases (place_aliases) of the canonical slug; aliases that led to a slug now merged follow it. The city's
 * names go to city_names for search, and the businesses of a city whose names changed are queued for the
 * search index. Imports run it after writing; `npm run places:backfill` runs it over stored rows. The caller
 * refreshes the aggregates. Running it again changes nothing.
 */
export async function canonicalizeDirectory(client: pg.ClientBase): Promise<Canonicalization> {
  // One pass at a time (an import's, a merge edit's): inside a transaction, a second waits for the first's commit.
  await client.query(`select pg_advisory_xact_lock(hashtext('canonicalize-directory'))`);
  const categories = await canonicalCategories(client);
  const cities = await canonicalCities(client);
  await countryAliases(client);
  return {
    businessesUpdated: categories.updated + cities.updated,
    citySpellingsMerged: cities.merged,
    categorySpellingsMerged: categories.merged,
  };
}

async function canonicalCategories(client: pg.ClientBase) {
  const { rows } = await client.query<{ category: string; n: number }>(
    `select btrim(category) as category, count(*)::int as n from businesses
     where nullif(btrim(category), '') is not null group by 1`,
  );
  const merges = await categoryMerges(client);
  const groups = new Map<string, { category: string; n: number; merged: boolean }[]>();
  for (const row of rows) {
    const own = categoryKey(row.category) || row.category;
    const key = merges.bySpelling.get(own) ?? own;
    const group = groups.get(key);
    const spelling = { ...row, merged: key !== own };
    if (group) group.push(spelling);
    else groups.set(key, [spelling]);
  }
  const renames: { spelling: string; canonical: string; slug: string }[] = [];
  const aliases: Alias[] = [];
  const slugOfKey = new Map<string, string>();
  const canonicalOfKey = new Map<string, string>();
  for (const [key, spellings] of groups) {
    // The most common of the category's own spellings (a merged one names it only when it has none); on a tie,
    // the first in code point order (the same every run).
    spellings.sort(
      (a, b) =>
        Number(a.merged) - Number(b.merged) ||
        b.n - a.n ||
        (a.category < b.category ? -1 : a.category > b.category ? 1 : 0),
    );
    const canonical = spellings[0].merged
      ? (merges.intoByKey.get(key) ?? spellings[0].category)
      : spellings[0].category;
    const slug = slugify(canonical);
    if (!slug) continue;
    slugOfKey.set(key, slug);
    canonicalOfKey.set(key, canonical);
    for (const { category } of spellings) {
      renames.push({ spelling: category, canonical, slug });
      aliases.push({ countryCode: '', alias: aliasKey(slugify(category)), slug });
    }
    // Any spelling with the same key (a plural the data never had: /categories/bakeries) finds it too.
    aliases.push({ countryCode: '', alias: categoryKeyAlias(key), slug });
  }
  // A merged spelling's addresses lead to its category even after no business is stored under it any more.
  for (const merge of merges.list) {
    const slug = slugOfKey.get(merge.intoKey);
    if (!slug) continue;
    aliases.push({ countryCode: '', alias: aliasKey(slugify(merge.spelling)), slug });
    aliases.push({ countryCode: '', alias: categoryKeyAlias(merge.spellingKey), slug });
  }
  // The stored spelling each merge's category has now: its businesses answer to the merged spelling in search.
  await client.query(
    `update category_merges m set canonical = c.canonical
     from (select unnest($1::text[]) as into_key, unnest($2::text[]) as canonical) c
     where m.into_key = c.into_key and m.canonical is distinct from c.canonical`,
    [merges.list.map((m) => m.intoKey), merges.list.map((m) => canonicalOfKey.get(m.intoKey) ?? null)],
  );
  const updated = await rewriteCategories(client, renames);
  await writeAliases(client, 'category', aliases, 'replace');
  await followMerges(
    client,
    'category',
    renames.map((r) => ({ countryCode: '', from: slugify(r.spelling), to: r.slug })),
  );
  return { updated, merged: renames.filter((r) => r.spelling !== r.canonical).length };
}

/** The admin's category merges (table category_merges), by the key of the merged spelling. */
async function categoryMerges(client: pg.ClientBase) {
  const { rows: list } = await client.query<{ spelling: string; spellingKey: string; intoKey: string; into: string }>(
    `select spelling, spelling_key as "spellingKey", into_key as "intoKey", into_category as "into"
     from category_merges order by id`,
  );
  return {
    list,
    bySpelling: new Map(list.map((m) => [m.spellingKey, m.intoKey])),
    intoByKey: new Map(list.map((m) => [m.intoKey, m.into])),
  };
}

/** The alias row a category's key is stored as ('#' never occurs in a slug: slugify makes it a dash). */
export const categoryKeyAlias = (key: string) => `#${key}`;

interface CityGroup {
  country_code: string;
  city: string;
  n: number;
  latitude: number | null;
  longitude: number | null;
}

async function canonicalCities(client: pg.ClientBase) {
  // A placeholder position (a coordinate of exactly 0, isPlaceholderPosition) would move the mean far from the city.
  const { rows } = await client.query<CityGroup>(
    `select upper(btrim(country_code)) as country_code, btrim(city) as city, count(*)::int as n,
            avg(latitude) filter (where latitude <> 0 and longitude <> 0) as latitude,
            avg(longitude) filter (where latitude <> 0 and longitude <> 0) as longitude
     from businesses where nullif(btrim(city), '') is not null and nullif(btrim(country_code), '') is not null
     group by 1, 2`,
  );
  // The data's spellings of each GeoNames place.
  const found = new Map<string, { place: NamedCity; spellings: CityGroup[] }>();
  for (const row of rows) {
    if (!/^[A-Z]{2}$/.test(row.country_code)) continue;
    const position =
      row.latitude === null || row.longitude === null ? null : { latitude: row.latitude, longitude: row.longitude };
    const place = namedCity(row.city, row.country_code, position);
    if (!place) continue;
    const key = `${row.country_code}/${place.geonameId}`;
    const known = found.get(key);
    if (known) known.spellings.push(row);
    else found.set(key, { place, spellings: [row] });
  }
  const renames: { countryCode: string; spelling: string; canonical: string; slug: string }[] = [];
  const dataAliases: Alias[] = [];
  const nameAliases: Alias[] = [];
  const places = new Map<string, CityNames>();
  for (const { place, spellings } of found.values()) {
    const canonical = displayName(place, spellings);
    const slug = slugify(canonical);
    if (!slug) continue;
    for (const { city } of spellings) {
      renames.push({ countryCode: place.countryCode, spelling: city, canonical, slug });
      dataAliases.push({ countryCode: place.countryCode, alias: aliasKey(slugify(city)), slug });
    }
    const names = [...place.names, ...spellings.map((s) => s.city)];
    const key = `${place.countryCode}/${slug}`;
    const known = places.get(key);
    // Two GeoNames places the data spells alike (rare) share the page: their names too.
    if (known) known.names.push(...names);
    else places.set(key, { countryCode: place.countryCode, slug, geonameId: place.geonameId, names });
    for (const name of names)
      nameAliases.push({ countryCode: place.countryCode, alias: aliasKey(slugify(name)), slug });
  }
  const updated = await rewriteCities(client, renames);
  // A spelling the data used wins over a GeoNames name that another city of the country also has.
  await writeAliases(client, 'city', dataAliases, 'replace');
  await writeAliases(client, 'city', nameAliases, 'keep');
  await followMerges(
    client,
    'city',
    renames.map((r) => ({ countryCode: r.countryCode, from: slugify(r.spelling), to: r.slug })),
  );
  await recordCityNames(client, [...places.values()]);
  return { updated, merged: renames.filter((r) => r.spelling !== r.canonical).length };
}

/**
 * The name a city is shown and addressed by: the spelling most of its businesses use (as its people write it:
 * Genève, Zürich, München, Beograd, Hyderabad); on a tie GeoNames' name if the data has it, else the first in
 * code point order (the same every run). Only a name of the place counts ("Kharmanghat, Hyderabad" names Hyderabad
 * by a part): with none, GeoNames' name.
 */
function displayName(place: NamedCity, spellings: readonly CityGroup[]): string {
  const names = new Set(place.names.map(nameKey));
  const named = spellings.filter((s) => names.has(nameKey(s.city)));
  if (named.length === 0) return place.name;
  const rank = (s: CityGroup) => [s.n, s.city === place.name ? 1 : 0] as const;
  let best = named[0];
  for (const s of named.slice(1)) {
    const [a, b] = [rank(s), rank(best)];
    if (a[0] > b[0] || (a[0] === b[0] && (a[1] > b[1] || (a[1] === b[1] && s.city < best.city)))) best = s;
  }
  return best.city;
}

/** Rewrites the businesses whose category is spelt otherwise than its canonical form. */
async function rewriteCategories(
  client: pg.ClientBase,
  renames: { spelling: string; canonical: string; slug: string }[],
): Promise<number> {
  const changed = renames.filter((r) => r.spelling !== r.canonical || slugify(r.spelling) !== r.slug);
  if (changed.length === 0) return 0;
  const result = await client.query(
    `update businesses b set category = v.canonical, category_slug = v.slug, updated_at = now()
     from unnest($1::text[], $2::text[], $3::text[]) as v(spelling, canonical, slug)
     where btrim(b.category) = v.spelling
       and (b.category is distinct from v.canonical or b.category_slug is distinct from v.slug)`,
    [changed.map((r) => r.spelling), changed.map((r) => r.canonical), changed.map((r) => r.slug)],
  );
  return result.rowCount ?? 0;
}

/** Rewrites the businesses whose city is spelt otherwise than its canonical form (per country). */
async function rewriteCities(
  client: pg.ClientBase,
  renames: { countryCode: string; spelling: string; canonical: string; slug: string }[],
): Promise<number> {
  const changed = renames.filter((r) => r.spelling !== r.canonical || slugify(r.spelling) !== r.slug);
  if (changed.length === 0) return 0;
  const result = await client.query(
    `update businesses b set city = v.canonical, city_slug = v.slug, updated_at = now()
     from unnest($1::text[], $2::text[], $3::text[], $4::text[]) as v(country_code, spelling, canonical, slug)
     where upper(btrim(b.country_code)) = v.country_code and btrim(b.city) = v.spelling
       and (b.city is distinct from v.canonical or b.city_slug is distinct from v.slug)`,
    [
      changed.map((r) => r.countryCode),
      changed.map((r) => r.spelling),
      changed.map((r) => r.canonical),
      changed.map((r) => r.slug),
    ],
  );
  return result.rowCount ?? 0;
}

/** Stores aliases; an alias that is the canonical slug itself is left out (the page answers it directly). */
async function writeAliases(client: pg.ClientBase, kind: Kind, aliases: Alias[], onConflict: 'replace' | 'keep') {
  const unique = new Map<string, Alias>();
  for (const a of aliases) {
    if (!a.alias || a.alias === a.slug) continue;
    const key = `${a.countryCode}/${a.alias}`;
    if (onConflict === 'replace' || !unique.has(key)) unique.set(key, a);
  }
  const list = [...unique.values()];
  for (let i = 0; i < list.length; i += 10_000) {
    const batch = list.slice(i, i + 10_000);
    await client.query(
      `insert into place_aliases (kind, country_code, alias, slug)
       select $1, * from unnest($2::text[], $3::text[], $4::text[])
       on conflict (kind, country_code, alias) do ${onConflict === 'replace' ? 'update set slug = excluded.slug' : 'nothing'}`,
      [kind, batch.map((a) => a.countryCode), batch.map((a) => a.alias), batch.map((a) => a.slug)],
    );
  }
}

/** Aliases that led to a slug now merged into another lead to that one (no chain of 301s). */
async function followMerges(
  client: pg.ClientBase,
  kind: Kind,
  merges: { countryCode: string; from: string; to: string }[],
) {
  const moved = merges.filter((m) => m.from !== m.to);
  if (moved.length === 0) return;
  await client.query(
    `update place_aliases a set slug = v.to_slug
     from unnest($2::text[], $3::text[], $4::text[]) as v(country_code, from_slug, to_slug)
     where a.kind = $1 and a.country_code = v.country_code and a.slug = v.from_slug`,
    [kind, moved.map((m) => m.countryCode), moved.map((m) => m.from), moved.map((m) => m.to)],
  );
}

/** A canonical city of the data and every name it goes by (GeoNames' and the data's spellings). */
export interface CityNames {
  countryCode: string;
  slug: string;
  geonameId: number;
  names: string[];
}

/**
 * Stores the folded names of each city for search (city_names); the businesses of a city whose names changed
 * are queued for the search index.
 */
export async function recordCityNames(client: pg.Pool | pg.ClientBase, places: readonly CityNames[]): Promise<void> {
  for (let i = 0; i < places.length; i += 2_000) {
    const batch = places.slice(i, i + 2_000);
    await client.query(
      `with input as (
         select v.country_code, v.city_slug, v.geoname_id,
                array(select distinct search_fold(btrim(n)) from jsonb_array_elements_text(v.names) n
                      where length(btrim(n)) between 1 and 200 order by 1) as terms
         from jsonb_to_recordset($1::jsonb) as v(country_code text, city_slug text, geoname_id int, names jsonb)),
       changed as (
         insert into city_names (country_code, city_slug, geoname_id, terms) select * from input
         on conflict (country_code, city_slug) do update set geoname_id = excluded.geoname_id, terms = excluded.terms
           where city_names.terms is distinct from excluded.terms
         returning country_code, city_slug)
       insert into search_outbox (business_ids)
       select array_agg(b.id) from businesses b join changed c
         on upper(btrim(b.country_code)) = c.country_code and b.city_slug = c.city_slug
       having count(*) > 0`,
      [
        JSON.stringify(
          batch.map((p) => ({
            country_code: p.countryCode,
            city_slug: p.slug,
            geoname_id: p.geonameId,
            names: p.names,
          })),
        ),
      ],
    );
  }
  await client.query(`select pg_notify('search_outbox', '')`);
}

/** Each country's names in the data, its ISO code and the ASCII form of its slug lead to its page. */
async function countryAliases(client: pg.ClientBase) {
  const { rows } = await client.query<{ country_code: string; country: string | null; spellings: string[] }>(
    `select upper(btrim(country_code)) as country_code, mode() within group (order by nullif(btrim(country), '')) as country,
            array_remove(array_agg(distinct nullif(btrim(country), '')), null) as spellings
     from businesses where is_approved and nullif(btrim(country_code), '') is not null group by 1`,
  );
  const aliases: Alias[] = [];
  for (const row of rows) {
    const { slug } = countryLabel(row.country_code, row.country);
    for (const name of [...row.spellings, slug])
      aliases.push({ countryCode: '', alias: aliasKey(slugify(name)), slug });
  }
  await writeAliases(client, 'country', aliases, 'replace');
}
