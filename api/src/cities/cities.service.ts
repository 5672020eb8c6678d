import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { containing, pageInfo, slugify } from '@directory/core';
import type { SearchEngine } from '@directory/search';
import { firstLetterCondition } from '../common/letter.dto.js';
import { hitToListing } from '../common/listing.js';
import { MovedPermanently } from '../aliases/moved.js';
import { PlaceAliasesService } from '../aliases/place-aliases.service.js';
import { countryLabel } from '../countries/country-label.js';
import { SEARCH_ENGINE } from '../search/search-engine.module.js';

export const CITY_SIDEBAR_SIZE = 15;

interface CityRow {
  country_code: string;
  city_slug: string;
  city: string;
  country: string | null;
  business_count: number;
  category_count: number;
}

@Injectable()
export class CitiesService {
  constructor(
    private readonly em: EntityManager,
    @Inject(SEARCH_ENGINE) private readonly engine: SearchEngine,
    private readonly aliases: PlaceAliasesService,
  ) {}

  /** Public spec §2 city list; the search box matches a city by any of its names, or a country code. */
  async list(letter?: string, q?: string) {
    const where: string[] = [];
    const params: unknown[] = [];
    if (letter) {
      where.push(firstLetterCondition('c.city'));
      params.push(letter);
    }
    if (q?.trim()) {
      // Or any other name of the city (city_names: Munich for München).
      where.push(`(unaccent(c.city) ilike unaccent(?) or c.country_code = upper(?) or exists (
        select 1 from city_names n where n.country_code = c.country_code and n.city_slug = c.city_slug
          and search_fold(?) = any(n.terms)))`);
      params.push(containing(q.trim()), q.trim(), q.trim());
    }
    const rows = await this.em.execute<CityRow[]>(
      `select c.*, s.country from city_stats c join country_stats s using (country_code)
       ${where.length ? `where ${where.join(' and ')}` : ''} order by c.business_count desc, c.city`,
      params,
    );
    return rows.map((r) => ({
      city: r.city,
      slug: r.city_slug,
      countryCode: r.country_code,
      country: countryLabel(r.country_code, r.country).country,
      businessCount: r.business_count,
      categoryCount: r.category_count,
    }));
  }

  async page(countryCode: string, citySlug: string, page: number, limit: number) {
    const code = countryCode.toUpperCase();
    const key = slugify(citySlug);
    const [city] = await this.em.execute<CityRow[]>(
      `select c.*, s.country from city_stats c join country_stats s using (country_code)
       where c.country_code = ? and c.city_slug = ?`,
      [code, key],
    );
    if (!city) {
      // Another name of the city (Geneva, munchen, Београд) or an old slug: 301 to the city's address.
      const canonical = await this.aliases.canonicalSlug('city', citySlug, code);
      const [moved] = canonical
        ? await this.em.execute<CityRow[]>('select * from city_stats where country_code = ? and city_slug = ?', [
            code,
            canonical,
          ])
        : [];
      if (moved)
        throw new MovedPermanently(
          `/api/cities/${encodeURIComponent(code.toLowerCase())}/${encodeURIComponent(moved.city_slug)}`,
        );
      throw new NotFoundException(`No city has the address "${countryCode}/${citySlug}".`);
    }
    // Another spelling of the same address (US/New-York): one address per page, as the site has.
    if (countryCode !== code.toLowerCase() || citySlug !== key)
      throw new MovedPermanently(`/api/cities/${encodeURIComponent(code.toLowerCase())}/${encodeURIComponent(key)}`);
    const [categories, businesses] = await Promise.all([
      this.em.execute<{ category: string; category_slug: string; business_count: number }[]>(
        `select s.category, cc.category_slug, cc.business_count from city_category_stats cc
         join category_stats s using (category_slug)
         where cc.country_code = ? and cc.city_slug = ? order by cc.business_count desc, s.category limit ?`,
        [code, key, CITY_SIDEBAR_SIZE],
      ),
      this.engine.search({ country: code, city: key, sort: 'reviews', page, limit }),
    ]);
    return {
      city: city.city,
      slug: city.city_slug,
      ...withoutSlug(countryLabel(city.country_code, city.country)),
      businessCount: city.business_count,
      categoryCount: city.category_count,
      topCategories: categories.map((c) => ({ category: c.category, slug: c.category_slug, count: c.business_count })),
      businesses: businesses.hits.map(hitToListing),
      ...pageInfo(page, limit, city.business_count),
    };
  }
}

function withoutSlug({ country, countryCode }: ReturnType<typeof countryLabel>) {
  return { country, countryCode };
}
