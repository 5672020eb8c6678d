import { Injectable, NotFoundException } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { aliasKey, containing, countryCodeOfName, pageInfo, slugify, unslugify } from '@directory/core';
import { MovedPermanently } from '../aliases/moved.js';
import { PlaceAliasesService } from '../aliases/place-aliases.service.js';
import { countryLabel } from './country-label.js';

export const COUNTRY_TOP_CITIES = 20;
export const COUNTRY_TOP_CATEGORIES = 200;

interface CountryRow {
  country_code: string;
  country: string | null;
  business_count: number;
  city_count: number;
  category_count: number;
}

@Injectable()
export class CountriesService {
  constructor(
    private readonly em: EntityManager,
    private readonly aliases: PlaceAliasesService,
  ) {}

  async list() {
    const rows = await this.em.execute<CountryRow[]>(
      'select * from country_stats order by business_count desc, country_code',
    );
    return rows.map(toCountryItem);
  }

  /**
   * A country by its name slug (/countries/united-states) or its ISO code (/countries/us). Another of its
   * addresses (an alias: an old name, the slug without accents such as turkiye; its name in another language;
   * its alpha-3 code) answers 301 to the name slug, with `rest` (the sub-page) kept.
   */
  async findCountry(slug: string, rest = ''): Promise<CountryRow> {
    const key = slugify(slug);
    const rows = await this.em.execute<CountryRow[]>('select * from country_stats');
    const byCode = rows.find((r) => r.country_code.toLowerCase() === key);
    if (byCode) return byCode;
    const byName = rows.find((r) => countryLabel(r.country_code, r.country).slug === key);
    // Another spelling of the name slug (United-States): one address per page, as the site has.
    if (byName && slug !== key) throw new MovedPermanently(`/api/countries/${encodeURIComponent(key)}${rest}`);
    if (byName) return byName;
    const alias = await this.aliases.canonicalSlug('country', slug);
    const code = countryCodeOfName(unslugify(key));
    const moved =
      rows.find((r) => alias !== null && countryLabel(r.country_code, r.country).slug === alias) ??
      rows.find((r) => aliasKey(countryLabel(r.country_code, r.country).slug) === aliasKey(key)) ??
      rows.find((r) => r.country_code === code);
    if (moved)
      throw new MovedPermanently(
        `/api/countries/${encodeURIComponent(countryLabel(moved.country_code, moved.country).slug)}${rest}`,
      );
    throw new NotFoundException(`No country has the address "${slug}".`);
  }

  async page(slug: string) {
    const country = await this.findCountry(slug);
    const [cities, categories] = await Promise.all([
      this.em.execute<{ city: string; city_slug: string; business_count: number }[]>(
        `select city, city_slug, business_count from city_stats where country_code = ?
         order by business_count desc, city limit ?`,
        [country.country_code, COUNTRY_TOP_CITIES],
      ),
      this.em.execute<{ category: string; category_slug: string; business_count: number }[]>(
        `select s.category, cc.category_slug, cc.business_count from country_category_stats cc
         join category_stats s using (category_slug)
         where cc.country_code = ? order by cc.business_count desc, s.category limit ?`,
        [country.country_code, COUNTRY_TOP_CATEGORIES],
      ),
    ]);
    return {
      ...toCountryItem(country),
      topCities: cities.map((c) => ({ city: c.city, slug: c.city_slug, count: c.business_count })),
      topCategories: categories.map((c) => ({ category: c.category, slug: c.category_slug, count: c.business_count })),
    };
  }

  async cities(slug: string, page: number, limit: number, q?: string) {
    const country = await this.findCountry(slug, '/cities');
    const params: unknown[] = [country.country_code];
    let filter = '';
    if (q?.trim()) {
      filter = 'and unaccent(city) ilike unaccent(?)';
      params.push(containing(q.trim()));
    }
    const [{ total }] = await this.em.execute<{ total: number }[]>(
      `select count(*)::int as total from city_stats where country_code = ? ${filter}`,
      params,
    );
    const rows = await this.em.execute<
      { city: string; city_slug: string; country_code: string; business_count: number; category_count: number }[]
    >(
      `select * from city_stats where country_code = ? ${filter}
       order by business_count desc, city limit ? offset ?`,
      [...params, limit, (page - 1) * limit],
    );
    return {
      // The country's address (an alias of it answered 301 to this one).
      slug: countryLabel(country.country_code, country.country).slug,
      countryCode: country.country_code,
      cities: rows.map((r) => ({
        city: r.city,
        slug: r.city_slug,
        countryCode: r.country_code,
        businessCount: r.business_count,
        categoryCount: r.category_count,
      })),
      ...pageInfo(page, limit, total),
    };
  }
}

function toCountryItem(row: CountryRow) {
  return {
    ...countryLabel(row.country_code, row.country),
    businessCount: row.business_count,
    cityCount: row.city_count,
    categoryCount: row.category_count,
  };
}
