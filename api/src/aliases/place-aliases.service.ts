import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { aliasKey, categoryKey, categoryKeyAlias, slugify, unslugify } from '@directory/core';

export type AliasKind = 'city' | 'category' | 'country';

/**
 * The canonical slug an other address of a page leads to (place_aliases, written by the canonicalisation of
 * imports and `npm run places:backfill`): another spelling, an old slug, the slug without accents.
 */
@Injectable()
export class PlaceAliasesService {
  constructor(private readonly em: EntityManager) {}

  async canonicalSlug(kind: AliasKind, slug: string, countryCode = ''): Promise<string | null> {
    const key = aliasKey(slugify(slug));
    if (!key) return null;
    // A category also by its key (categoryKey: a plural or spacing the data never had).
    const byKey = kind === 'category' ? categoryKeyAlias(categoryKey(unslugify(slugify(slug)))) : key;
    const [row] = await this.em.execute<{ slug: string }[]>(
      `select slug from place_aliases where kind = ? and country_code = ? and alias in (?, ?)
       order by alias = ? desc limit 1`,
      [kind, countryCode, key, byKey, key],
    );
    return row && row.slug !== slugify(slug) ? row.slug : null;
  }

  /**
   * The canonical spelling of a city or category an admin types (Geneva → Genève when Genève is the city's
   * page), so an edit joins the page the imports keep; the text itself when no page answers to it.
   */
  async canonicalCity(countryCode: string | null, city: string | null): Promise<string | null> {
    if (!city || !countryCode) return city;
    const code = countryCode.toUpperCase();
    const slug = slugify(city);
    const target = (await this.canonicalSlug('city', city, code)) ?? slug;
    const [row] = await this.em.execute<{ city: string }[]>(
      'select city from city_stats where country_code = ? and city_slug in (?, ?) order by city_slug = ? desc limit 1',
      [code, slug, target, slug],
    );
    return row?.city ?? city;
  }

  async canonicalCategory(category: string | null): Promise<string | null> {
    if (!category) return category;
    const slug = slugify(category);
    const target = (await this.canonicalSlug('category', category)) ?? slug;
    const [row] = await this.em.execute<{ category: string }[]>(
      'select category from category_stats where category_slug in (?, ?) order by category_slug = ? desc limit 1',
      [slug, target, slug],
    );
    return row?.category ?? category;
  }
}
