import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { slugify } from '@directory/core';
import { LISTING_COLUMNS, type ListingRow, toListing } from '../common/listing.js';
import { pageInfo } from '../common/paging.js';

export const SEARCH_PAGE_SIZE = 20;
/** Counting stops here: a visitor never pages that far, and an exact count over a million rows costs. */
const COUNT_CAP = 10_000;

/**
 * Keyword + location search straight on PostgreSQL: the name through its trigram index, or an exact
 * category; the location as a city, a country name or code, or part of the address. Only approved
 * businesses. (The search-engine port with Meilisearch and typo tolerance is the search issue's work.)
 */
@Injectable()
export class SearchService {
  constructor(private readonly em: EntityManager) {}

  async search(q: string, location: string, page: number) {
    const where = ['b.is_approved'];
    const params: unknown[] = [];
    const term = q.trim();
    if (term) {
      where.push(`(b.name ilike ? or b.category_slug = ?)`);
      params.push(`%${escapeLike(term)}%`, slugify(term));
    }
    const place = location.trim();
    if (place) {
      where.push(`(b.city_slug = ? or b.country_code = upper(?) or b.country ilike ? or b.full_address ilike ?)`);
      params.push(slugify(place), place.length === 2 ? place : '', place, `%${escapeLike(place)}%`);
    }
    const condition = where.join(' and ');
    const [[{ total }], rows] = await Promise.all([
      this.em.execute<{ total: number }[]>(
        `select count(*)::int as total from (select 1 from businesses b where ${condition} limit ${COUNT_CAP}) hits`,
        params,
      ),
      this.em.execute<ListingRow[]>(
        `select ${LISTING_COLUMNS} from businesses b where ${condition}
         order by (lower(b.name) = lower(?)) desc, b.reviews desc, b.id limit ? offset ?`,
        [...params, term, SEARCH_PAGE_SIZE, (page - 1) * SEARCH_PAGE_SIZE],
      ),
    ]);
    return { businesses: rows.map(toListing), ...pageInfo(page, SEARCH_PAGE_SIZE, total) };
  }
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
