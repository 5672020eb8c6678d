import { Injectable, InternalServerErrorException, NotFoundException } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Job } from 'bullmq';
import {
  businessDeleteFilter,
  type BusinessDeleteScope,
  type DeleteBusinessesJobData,
  type DeleteBusinessesResult,
  deleteBusinessesResult,
  enqueueDeleteBusinesses,
  QUEUES,
  slugify,
  BusinessSchema,
} from '@directory/core';
import { JobQueues, unavailableWhenRedisIsAway } from '../jobs/job-queues.js';
import { AggregatesRefresher } from '../queue/aggregates-refresher.js';
import type { AdminBusinessQuery, UpdateBusinessDto } from './admin-businesses.dto.js';

const SORT_COLUMNS = { name: 'name', rating: 'rating', reviewCount: 'reviews', createdAt: 'created_at' } as const;

export { TEST_BUSINESS_NAME } from '@directory/core';

/** A delete of more businesses than this runs as a worker job (in batches, with progress), not in the request. */
export const DELETE_IN_REQUEST_MAX = 10_000;
/** How long a delete call waits for its job before answering 202 (under the legacy client's 5-minute timeout). */
export const DELETE_WAIT_MS = 280_000;

/** A removal done in the request, or the worker's job doing it. */
export type RemovalStart = { done: DeleteBusinessesResult } | { job: Job<DeleteBusinessesJobData> };

export type DeleteAnswer =
  | { status: 200; body: DeleteBusinessesResult }
  | { status: 202; body: { success: true; jobId: string; state: string; statusUrl: string; message: string } };

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
  created_at: Date;
}

@Injectable()
export class AdminBusinessesService {
  constructor(
    private readonly em: EntityManager,
    private readonly aggregates: AggregatesRefresher,
    private readonly jobs: JobQueues,
  ) {}

  /** DELETE_IN_REQUEST_MAX and DELETE_WAIT_MS, settable by tests. */
  deleteInRequestMax = DELETE_IN_REQUEST_MAX;
  deleteWaitMs = DELETE_WAIT_MS;

  /** Every business, approved or not, searched by name, filtered by category, sorted as the admin chose. */
  async list(query: AdminBusinessQuery) {
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.filter?.trim()) {
      where.push('name ilike ?');
      params.push(`%${query.filter.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    }
    if (query.category && query.category !== 'all') {
      where.push('category_slug = ?');
      params.push(slugify(query.category));
    }
    const condition = where.length ? `where ${where.join(' and ')}` : '';
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
    const totalPages = Math.ceil(total / query.limit);
    return {
      businesses: rows.map(toAdminBusiness),
      total,
      pagination: { page: query.page, limit: query.limit, total, totalPages },
    };
  }

  async stats() {
    const [[counts], categories] = await Promise.all([
      this.em.execute<{ total: number; approved: number; categories: number }[]>(
        `select (select count(*) from businesses)::int as total,
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
      totalCategories: counts.categories,
      categories: categories.map((c) => ({ category: c.category, count: c.business_count })),
    };
  }

  async categoryNames(): Promise<string[]> {
    const rows = await this.em.execute<{ category: string }[]>(
      'select category from category_stats order by business_count desc, category',
    );
    return rows.map((r) => r.category);
  }

  async countryCodes(): Promise<string[]> {
    const rows = await this.em.execute<{ country_code: string }[]>(
      'select country_code from country_stats order by country_code',
    );
    return rows.map((r) => r.country_code);
  }

  async get(id: number) {
    const b = await this.em.fork().findOne(BusinessSchema, { id });
    if (!b) throw new NotFoundException(`No business has the id ${id}.`);
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

  async toggleApproval(id: number) {
    const [row] = await this.em.execute<{ is_approved: boolean; name: string }[]>(
      'update businesses set is_approved = not is_approved, updated_at = now() where id = ? returning is_approved, name',
      [id],
    );
    if (!row) throw new NotFoundException(`No business has the id ${id}.`);
    await this.aggregates.requestRefresh();
    return { success: true, id, name: row.name, isApproved: row.is_approved };
  }

  async update(id: number, changes: UpdateBusinessDto) {
    const business = await this.em.findOne(BusinessSchema, { id });
    if (!business) throw new NotFoundException(`No business has the id ${id}.`);
    const clean = Object.fromEntries(
      Object.entries(changes).map(([key, value]) => [key, typeof value === 'string' ? value.trim() || null : value]),
    ) as UpdateBusinessDto;
    this.em.assign(business, {
      ...clean,
      name: clean.name ?? business.name,
      countryCode: clean.countryCode === undefined ? business.countryCode : (clean.countryCode?.toUpperCase() ?? null),
    });
    business.categorySlug = slugify(business.category) || null;
    business.citySlug = slugify(business.city) || null;
    await this.em.flush();
    await this.aggregates.requestRefresh();
    return { success: true, business: { id: business.id, slug: business.slug, name: business.name } };
  }

  async remove(id: number) {
    const [row] = await this.em.execute<{ name: string }[]>('delete from businesses where id = ? returning name', [id]);
    if (!row) throw new NotFoundException(`No business has the id ${id}.`);
    await this.aggregates.requestRefresh();
    return { success: true, message: `"${row.name}" was deleted.`, name: row.name };
  }

  /**
   * Few businesses: deleted here, in one statement (in the caller's transaction). More than
   * DELETE_IN_REQUEST_MAX (counted no further): queued for the worker, which deletes them in batches.
   */
  async startRemoval(scope: BusinessDeleteScope): Promise<RemovalStart> {
    const { where, params } = businessDeleteFilter(scope);
    const [{ n }] = await this.em.execute<{ n: number }[]>(
      `select count(*)::int as n from (select 1 from businesses where ${where} limit ?) s`,
      [...params, this.deleteInRequestMax + 1],
    );
    if (n <= this.deleteInRequestMax) {
      const [{ count }] = await this.em.execute<{ count: number }[]>(
        `with gone as (delete from businesses where ${where} returning 1) select count(*)::int as count from gone`,
        params,
      );
      await this.aggregates.requestRefresh();
      return { done: deleteBusinessesResult(scope, count) };
    }
    const data: DeleteBusinessesJobData = { scope };
    const job = await unavailableWhenRedisIsAway(() =>
      enqueueDeleteBusinesses(this.jobs.queue(QUEUES.maintenance), data),
    );
    return { job };
  }

  /** The answer of a removal: its result, or the worker's once it finished (202 if it outlasts DELETE_WAIT_MS). */
  async removalAnswer(start: RemovalStart): Promise<DeleteAnswer> {
    if ('done' in start) return { status: 200, body: start.done };
    const { job } = start;
    const outcome = await this.jobs.wait<DeleteBusinessesResult>(job, this.deleteWaitMs);
    if (outcome.state === 'completed') return { status: 200, body: outcome.result };
    if (outcome.state === 'failed') throw new InternalServerErrorException(`The delete failed: ${outcome.reason}`);
    return {
      status: 202,
      body: {
        success: true,
        jobId: String(job.id),
        state: outcome.jobState,
        statusUrl: `/api/admin/jobs/${job.id}`,
        message: `More than ${this.deleteInRequestMax} businesses are being deleted by the worker; follow it at the status URL.`,
      },
    };
  }
}

function toAdminBusiness(row: AdminRow) {
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
    rating: row.rating ?? 0,
    reviewCount: row.reviews,
    slug: row.slug,
    verified: row.verified,
    isApproved: row.is_approved,
    createdAt: row.created_at,
  };
}
