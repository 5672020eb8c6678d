import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';

/** How many countries and categories the bar charts show. */
export const REPORT_TOP = 15;
/** Days of the imports-over-time chart, today (UTC) included. */
export const REPORT_DAYS = 30;
/** The rating distribution reads every business: its answer is kept this long. */
export const RATING_CACHE_MS = 5 * 60 * 1000;

export const RATING_BUCKETS = ['0-1', '1-2', '2-3', '3-4', '4-5', 'none'] as const;
export type RatingBucket = (typeof RATING_BUCKETS)[number];

export interface ReportsAnswer {
  countries: { countryCode: string; country: string | null; count: number }[];
  categories: { category: string; count: number }[];
  imports: { date: string; files: number; rows: number; written: number }[];
  ratings: { bucket: RatingBucket; count: number }[];
  /** When the rating distribution was counted (it is cached for RATING_CACHE_MS). */
  ratingsCountedAt: string;
  /** Approved businesses, the base of the country, category and rating figures. */
  approvedBusinesses: number;
}

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The figures of the Reports screen. Countries and categories come from the materialized views (refreshed
 * after every write), imports from the stored upload reports; only the rating distribution reads the
 * businesses table — one grouped query, kept in memory for five minutes.
 */
@Injectable()
export class ReportsService {
  private ratingCache: { at: number; value: Promise<ReportsAnswer['ratings']> } | null = null;

  constructor(private readonly em: EntityManager) {}

  async reports(now = new Date()): Promise<ReportsAnswer> {
    const [countries, categories, imports, ratings, totals] = await Promise.all([
      this.countries(),
      this.categories(),
      this.imports(now),
      this.ratings(),
      this.em.execute<{ business_count: number | null }[]>('select business_count from directory_totals'),
    ]);
    return {
      countries,
      categories,
      imports,
      ratings: ratings.value,
      ratingsCountedAt: new Date(ratings.at).toISOString(),
      approvedBusinesses: totals[0]?.business_count ?? 0,
    };
  }

  private async countries() {
    const rows = await this.em.execute<{ country_code: string; country: string | null; business_count: number }[]>(
      'select country_code, country, business_count from country_stats order by business_count desc, country_code limit ?',
      [REPORT_TOP],
    );
    return rows.map((r) => ({ countryCode: r.country_code, country: r.country, count: r.business_count }));
  }

  private async categories() {
    const rows = await this.em.execute<{ category: string; business_count: number }[]>(
      'select category, business_count from category_stats order by business_count desc, category limit ?',
      [REPORT_TOP],
    );
    return rows.map((r) => ({ category: r.category, count: r.business_count }));
  }

  /** Files and rows imported per UTC day over the last REPORT_DAYS days, days without imports as zeros. */
  private async imports(now: Date) {
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (REPORT_DAYS - 1)));
    const rows = await this.em.execute<{ day: string; files: number; rows: number; written: number }[]>(
      `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day,
              count(*)::int as files,
              coalesce(sum(case when jsonb_typeof(report->'summary'->'totalRecords') = 'number'
                                then (report->'summary'->>'totalRecords')::bigint end), 0)::bigint as rows,
              coalesce(sum(case when jsonb_typeof(report->'results'->'updated') = 'number'
                                then (report->'results'->>'updated')::bigint end), 0)::bigint as written
       from upload_reports
       where created_at >= ?
       group by 1`,
      [first],
    );
    const byDay = new Map(rows.map((r) => [r.day, r]));
    return Array.from({ length: REPORT_DAYS }, (_, i) => {
      const date = utcDay(new Date(first.getTime() + i * 86_400_000));
      const r = byDay.get(date);
      return { date, files: r ? Number(r.files) : 0, rows: r ? Number(r.rows) : 0, written: r ? Number(r.written) : 0 };
    });
  }

  /** Approved businesses per rating bucket ([0,1) … [4,5], and no rating): one grouped scan, cached. */
  private async ratings(): Promise<{ at: number; value: ReportsAnswer['ratings'] }> {
    const cached = this.ratingCache;
    if (cached && Date.now() - cached.at < RATING_CACHE_MS) return { at: cached.at, value: await cached.value };
    const entry = { at: Date.now(), value: this.countRatings() };
    this.ratingCache = entry;
    // A failed count is not kept: the next request asks again.
    entry.value.catch(() => {
      if (this.ratingCache === entry) this.ratingCache = null;
    });
    return { at: entry.at, value: await entry.value };
  }

  /** Forgets the cached rating distribution (tests; a future "refresh" button). */
  forgetRatings(): void {
    this.ratingCache = null;
  }

  private async countRatings(): Promise<ReportsAnswer['ratings']> {
    const rows = await this.em.execute<{ bucket: number | null; count: string | number }[]>(
      `select case when rating is null then null else least(greatest(floor(rating)::int, 0), 4) end as bucket,
              count(*) as count
       from businesses
       where is_approved
       group by 1`,
    );
    const counts = new Map<RatingBucket, number>(RATING_BUCKETS.map((b) => [b, 0]));
    for (const r of rows) {
      const bucket: RatingBucket = r.bucket === null ? 'none' : RATING_BUCKETS[Number(r.bucket)];
      counts.set(bucket, Number(r.count));
    }
    return RATING_BUCKETS.map((bucket) => ({ bucket, count: counts.get(bucket) ?? 0 }));
  }
}
