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

export const CATEGORY_SIDEBAR_SIZE = 15;

interface CategoryRow {
  category_slug: string;
  category: string;
  business_count: number;
  country_count: number;
}

@Injectable()
export class CategoriesService {
  constructor(
    private readonly em: EntityManager,
    @Inject(SEARCH_ENGINE) private readonly engine: SearchEngine,
    private readonly aliases: PlaceAliasesService,
  ) {}

  async list(letter?: string, q?: string) {
    const where: string[] = [];
    const params: unknown[] = [];
    if (letter) {
      where.push(firstLetterCondition('category'));
      params.push(letter);
    }
    if (q?.trim()) {
      where.push(`unaccent(category) ilike unaccent(?)`);
      params.push(containing(q.trim()));
    }
    const rows = await this.em.execute<CategoryRow[]>(
      `select category_slug, category, business_count from category_stats
       ${where.length ? `where ${where.join(' and ')}` : ''} order by business_count desc, category`,
      params,
    );
    return rows.map((r) => ({ category: r.category, slug: r.category_slug, count: r.business_count }));
  }

  async page(slug: string, page: number, limit: number) {
    const key = slugify(slug);
    const [stats] = await this.em.execute<CategoryRow[]>('select * from category_stats where category_slug = ?', [key]);
    if (!stats) {
      // Another spelling of a category (restaurants, cafe) or an old slug: 301 to the category's address.
      const moved = await this.canonicalOf(slug);
      if (moved) throw new MovedPermanently(`/api/categories/${encodeURIComponent(moved)}`);
      throw new NotFoundException(`No category has the address "${slug}".`);
    }
    // Another spelling of the same slug (Restaurant, restaurant%20): one address per page, as the site has.
    if (slug !== key) throw new MovedPermanently(`/api/categories/${encodeURIComponent(key)}`);
    const [countries, businesses] = await Promise.all([
      this.em.execute<{ country_code: string; country: string | null; business_count: number }[]>(
        `select cc.country_code, cs.country, cc.business_count from country_category_stats cc
         join country_stats cs using (country_code)
         where cc.category_slug = ? order by cc.business_count desc limit ?`,
        [key, CATEGORY_SIDEBAR_SIZE],
      ),
      this.engine.search({ category: key, sort: 'reviews', page, limit }),
    ]);
    return {
      category: stats.category,
      slug: stats.category_slug,
      businessCount: stats.business_count,
      countryCount: stats.country_count,
      topCountries: countries.map((c) => ({ ...countryLabel(c.country_code, c.country), count: c.business_count })),
      businesses: businesses.hits.map(hitToListing),
      ...pageInfo(page, limit, stats.business_count),
    };
  }

  /** The category another address names (PlaceAliasesService), when it has a page. */
  private async canonicalOf(slug: string): Promise<string | null> {
    const alias = await this.aliases.canonicalSlug('category', slug);
    if (alias === null) return null;
    const [page] = await this.em.execute<CategoryRow[]>(
      'select category_slug from category_stats where category_slug = ?',
      [alias],
    );
    return page ? alias : null;
  }
}
