import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { countryLabel } from '../countries/country-label.js';

/** Home tabs show twelve of each (public spec §9). */
export const HOME_TAB_SIZE = 12;

interface DirectoryTotalsRow {
  business_count: number;
  country_count: number;
  city_count: number;
  category_count: number;
  without_category: number;
  without_country: number;
  without_city: number;
}

@Injectable()
export class HomepageService {
  constructor(private readonly em: EntityManager) {}

  async data() {
    const [categories, cities, countries, totals] = await Promise.all([
      this.em.execute<{ category: string; category_slug: string; business_count: number }[]>(
        'select category, category_slug, business_count from category_stats order by business_count desc, category limit ?',
        [HOME_TAB_SIZE],
      ),
      this.em.execute<{ city: string; city_slug: string; country_code: string; business_count: number }[]>(
        'select city, city_slug, country_code, business_count from city_stats order by business_count desc, city limit ?',
        [HOME_TAB_SIZE],
      ),
      this.em.execute<{ country_code: string; country: string | null; business_count: number }[]>(
        'select country_code, country, business_count from country_stats order by business_count desc, country_code limit ?',
        [HOME_TAB_SIZE],
      ),
      this.em.execute<DirectoryTotalsRow[]>('select * from directory_totals'),
    ]);
    const total = totals[0];
    return {
      popularSearches: categories.map((c) => ({
        category: c.category,
        slug: c.category_slug,
        count: c.business_count,
      })),
      topCities: cities.map((c) => ({
        city: c.city,
        slug: c.city_slug,
        countryCode: c.country_code,
        count: c.business_count,
      })),
      topCountries: countries.map((c) => ({
        ...countryLabel(c.country_code, c.country),
        businessCount: c.business_count,
      })),
      totals: {
        businesses: total?.business_count ?? 0,
        countries: total?.country_count ?? 0,
        cities: total?.city_count ?? 0,
        categories: total?.category_count ?? 0,
        // What the category, country and city lists leave out: their counts plus these make the total.
        withoutCategory: total?.without_category ?? 0,
        withoutCountry: total?.without_country ?? 0,
        withoutCity: total?.without_city ?? 0,
      },
    };
  }
}
