import { BadRequestException, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  type AdminBusiness,
  type AdminBusinessFilters,
  type AdminBusinessPage,
  adminFilterConditions,
  adminPagination,
  businessDeleteFilter,
  canonicalAbout,
  type BusinessDeleteScope,
  BusinessSchema,
  slugify,
  zoneOfEditedPlace,
} from '@directory/core';
import type { AdminBusinessQuery, UpdateBusinessDto } from './admin-businesses.dto.js';
import { PlaceAliasesService } from '../aliases/place-aliases.service.js';

/** The edited fields that move a business: its time zone is found again when one of them changes. */
const PLACE_FIELDS = ['countryCode', 'latitude', 'longitude', 'fullAddress', 'street', 'city'] as const;

const SORT_COLUMNS = { name: 'name', rating: 'rating', reviewCount: 'reviews', createdAt: 'created_at' } as const;

interface AdminRow {
  id: string;
  name: string;
  category: string | null;
  type: string | null;
  full_address: string | null;
  city: string | null;
  country_code: string | null;
  phone: string | null;
  rating: number | null;
  reviews: number;
  slug: string;
  verified: boolean;
  is_approved: boolean;
  /** PostgreSQL's text of the timestamp (MikroORM keeps raw timestamps as strings). */
  created_at: string;
}

/**
 * The businesses table and the stats views as the admin reads and edits them. Writes join the caller's
 * transaction (AuditService.write) through MikroORM's transaction context.
 */
@Injectable()
export class AdminBusinessesRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly aliases: PlaceAliasesService,
  ) {}

  /** Every business, approved or not, searched and filtered (name, category, approval, country), sorted. */
  async list(query: AdminBusinessQuery): Promise<AdminBusinessPage> {
    const { condition, params } = filterSql(query);
    const order = `${SORT_COLUMNS[query.sortBy]} ${query.sortOrder} nulls last, id ${query.sortOrder}`;
    const [[{ total }], rows] = await Promise.all([
      this.em.execute<{ total: number }[]>(`select count(*)::int as total from businesses ${condition}`, params),
      this.em.execute<AdminRow[]>(
        `select id, name, category, type, full_address, city, country_code, phone, rating, reviews, slug, verified,
           is_approved, created_at
         from businesses ${condition} order by ${order} limit ? offset ?`,
        [...params, query.limit, (query.page - 1) * query.limit],
      ),
    ]);
    return {
      businesses: rows.map(toAdminBusiness),
      total,
      pagination: adminPagination(query.page, query.limit, total),
    };
  }

  async stats() {
    const [[counts], categories] = await Promise.all([
      this.em.execute<{ total: number; approved: number; waiting: number; categories: number }[]>(
        `select (select count(*) from businesses)::int as total,
                (select count(*) from businesses where not is_approved)::int as waiting,
                (select business_count from directory_totals) as approved,
                (select count(*) from category_stats)::int as categories`,
      ),
      this.em.execute<{ category: string; business_count: number }[]>(
        'select category, business_count from category_stats order by business_count desc, category limit 20',
      ),
    ]);
    return {
      totalBusinesses: counts.total,
      approvedBusinesses: counts.approved ?? 0,
      /** Exact and current (the review queue's count), unlike the public count above. */
      waitingBusinesses: counts.waiting,
      totalCategories: counts.categories,
      categories: categories.map((c) => ({ category: c.category, count: c.business_count })),
    };
  }

  /** Every public category, most businesses first; with `withWaiting`, then those only waiting businesses have. */
  async categoryNames(withWaiting = false): Promise<string[]> {
    const rows = await this.em.execute<{ category: string }[]>(
      withWaiting
        ? `with waiting as (
             select category_slug, min(category) as category from businesses
              where not is_approved and category_slug is not null group by category_slug)
           select category, business_count from category_stats
           union all
           select w.category, 0 from waiting w
            where not exists (select 1 from category_stats s where s.category_slug = w.category_slug)
           order by business_count desc, category`
        : 'select category from category_stats order by business_count desc, category',
    );
    return rows.map((r) => r.category);
  }

  /** Every country code with public businesses; with `withWaiting`, also those only waiting businesses have. */
  async countryCodes(withWaiting = false): Promise<string[]> {
    const rows = await this.em.execute<{ country_code: string }[]>(
      withWaiting
        ? `select country_code from country_stats
           union
           select distinct country_code from businesses where not is_approved and country_code is not null
           order by country_code`
        : 'select country_code from country_stats order by country_code',
    );
    return rows.map((r) => r.country_code);
  }

  /** Every field of one business, or null when there is none. */
  async get(id: number) {
    const b = await this.em.fork().findOne(BusinessSchema, { id });
    if (!b) return null;
    return {
      id: b.id,
      name: b.name,
      slug: b.slug,
      category: b.category,
      type: b.type,
      fullAddress: b.fullAddress,
      street: b.street,
      city: b.city,
      postalCode: b.postalCode,
      country: b.country,
      countryCode: b.countryCode,
      phone: b.phone,
      latitude: b.latitude,
      longitude: b.longitude,
      rating: b.rating,
      reviews: b.reviews,
      url: b.url,
      photo: b.photo,
      placeId: b.placeId,
      verified: b.verified,
      isApproved: b.isApproved,
      createdAt: b.createdAt,
      updatedAt: b.updatedAt,
    };
  }

  /** Flips the approval; null when there is no such business. */
  async toggleApproval(id: number): Promise<{ name: string; isApproved: boolean } | null> {
    const [row] = await this.em.execute<{ is_approved: boolean; name: string }[]>(
      'update businesses set is_approved = not is_approved, updated_at = now() where id = ? returning is_approved, name',
      [id],
    );
    return row ? { name: row.name, isApproved: row.is_approved } : null;
  }

  /** Applies the fields given (text trimmed, empty text as null); null when there is no such business. */
  async update(id: number, changes: UpdateBusinessDto): Promise<{ id: number; slug: string; name: string } | null> {
    const business = await this.em.findOne(BusinessSchema, { id });
    if (!business) return null;
    const clean = Object.fromEntries(
      Object.entries(changes).map(([key, value]) => [key, typeof value === 'string' ? value.trim() || null : value]),
    ) as UpdateBusinessDto;
    // Stored as every writer stores it (canonicalAbout), so the search reads the amenities the page shows.
    if (typeof clean.about === 'string') {
      const about = canonicalAbout(clean.about);
      if (about === null)
        throw new BadRequestException([
          'about must be text, or a JSON object of groups of amenities set to true or false',
        ]);
      clean.about = about;
    }
    this.em.assign(business, {
      ...clean,
      name: clean.name ?? business.name,
      countryCode: clean.countryCode === undefined ? business.countryCode : (clean.countryCode?.toUpperCase() ?? null),
    });
    // Another spelling of a city or category that has a page is stored as that page's (canonical/).
    if (clean.city !== undefined || clean.countryCode !== undefined)
      business.city = await this.aliases.canonicalCity(business.countryCode ?? null, business.city ?? null);
    if (clean.category !== undefined)
      business.category = await this.aliases.canonicalCategory(business.category ?? null);
    business.categorySlug = slugify(business.category) || null;
    business.citySlug = slugify(business.city) || null;
    // Hours are judged at the zone of the place the business is at now.
    if (PLACE_FIELDS.some((field) => clean[field] !== undefined))
      business.timeZone = zoneOfEditedPlace(
        {
          country_code: business.countryCode ?? null,
          latitude: business.latitude == null ? null : Number(business.latitude),
          longitude: business.longitude == null ? null : Number(business.longitude),
          full_address: business.fullAddress ?? null,
          street: business.street ?? null,
        },
        business.timeZone ?? null,
      );
    await this.em.flush();
    return { id: business.id, slug: business.slug, name: business.name };
  }

  /**
   * Sets the approval of the given businesses (ids, or every one matching the filters); answers how many
   * were selected and how many changed. A selection of more than `atMost` changes nothing and answers null.
   */
  async setApproval(
    selection: { ids: number[] } | { matching: AdminBusinessFilters },
    isApproved: boolean,
    atMost: number,
  ): Promise<{ selected: number; changed: number } | null> {
    const { condition, params } =
      'ids' in selection
        ? {
            condition: 'where id in (select jsonb_array_elements_text(?::jsonb)::bigint)',
            params: [JSON.stringify(selection.ids)],
          }
        : filterSql(selection.matching);
    const [{ selected }] = await this.em.execute<{ selected: number }[]>(
      `select count(*)::int as selected from (select 1 from businesses ${condition} limit ?) s`,
      [...params, atMost + 1],
    );
    if (selected > atMost) return null;
    const [{ changed }] = await this.em.execute<{ changed: number }[]>(
      `with changed as (
         update businesses set is_approved = ?, updated_at = now()
          ${condition ? `${condition} and` : 'where'} is_approved <> ? returning 1)
       select count(*)::int as changed from changed`,
      [isApproved, ...params, isApproved],
    );
    return { selected, changed };
  }

  /** Deletes those of the given businesses that wait for approval (a bulk reject); how many went. */
  async removeWaiting(ids: number[]): Promise<number> {
    const [{ count }] = await this.em.execute<{ count: number }[]>(
      `with gone as (
         delete from businesses where id in (select jsonb_array_elements_text(?::jsonb)::bigint) and not is_approved
         returning 1)
       select count(*)::int as count from gone`,
      [JSON.stringify(ids)],
    );
    return count;
  }

  /** Deletes one business; its name, or null when there is none. */
  async remove(id: number): Promise<string | null> {
    const [row] = await this.em.execute<{ name: string }[]>('delete from businesses where id = ? returning name', [id]);
    return row?.name ?? null;
  }

  /** How many businesses a delete of `scope` removes, counting no further than `atMost`. */
  async countInScope(scope: BusinessDeleteScope, atMost: number): Promise<number> {
    const { where, params } = businessDeleteFilter(scope);
    const [{ n }] = await this.em.execute<{ n: number }[]>(
      `select count(*)::int as n from (select 1 from businesses where ${where} limit ?) s`,
      [...params, atMost],
    );
    return n;
  }

  /** Deletes every business of `scope` in one statement; how many went. */
  async removeScope(scope: BusinessDeleteScope): Promise<number> {
    const { where, params } = businessDeleteFilter(scope);
    const [{ count }] = await this.em.execute<{ count: number }[]>(
      `with gone as (delete from businesses where ${where} returning 1) select count(*)::int as count from gone`,
      params,
    );
    return count;
  }
}

/** The list's filters as a where clause (empty for none) and its parameters. */
function filterSql(filters: AdminBusinessFilters): { condition: string; params: unknown[] } {
  const { conditions, params } = adminFilterConditions(filters);
  return { condition: conditions.length ? `where ${conditions.join(' and ')}` : '', params };
}

function toAdminBusiness(row: AdminRow): AdminBusiness {
  return {
    id: Number(row.id),
    name: row.name,
    category: row.category,
    type: row.type,
    address: row.full_address,
    fullAddress: row.full_address,
    city: row.city,
    countryCode: row.country_code,
    phone: row.phone,
    rating: row.rating,
    reviewCount: row.reviews,
    slug: row.slug,
    verified: row.verified,
    isApproved: row.is_approved,
    createdAt: row.created_at,
  };
}
