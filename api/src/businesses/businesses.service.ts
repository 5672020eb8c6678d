import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  type BusinessRow,
  openState,
  PAGE_SIZES,
  pageInfo,
  parseAbout,
  parseWorkingHours,
  PUBLIC_MAX_PAGE,
  stripSlugSuffix,
  trueAmenities,
} from '@directory/core';
import type { SearchEngine } from '@directory/search';
import { hitToListing, LISTING_COLUMNS, type ListingRow, toListing } from '../common/listing.js';
import { SEARCH_ENGINE } from '../search/search-engine.module.js';

export const PUBLIC_PAGE_SIZE = PAGE_SIZES.businesses;
export { PUBLIC_MAX_PAGE };
export const FEATURED_COUNT = 8;

/** A business's page row: the listing's columns and the rest of the businesses columns it shows. */
type DetailRow = ListingRow &
  Pick<
    BusinessRow,
    | 'street'
    | 'postal_code'
    | 'latitude'
    | 'longitude'
    | 'reviews_link'
    | 'logo'
    | 'located_in'
    | 'working_hours'
    | 'verified'
    | 'about'
    | 'place_id'
    | 'url'
    | 'time_zone'
  > & { updated_at: Date };

@Injectable()
export class BusinessesService {
  constructor(
    private readonly em: EntityManager,
    @Inject(SEARCH_ENGINE) private readonly engine: SearchEngine,
  ) {}

  /**
   * Public spec §2 business list: 20 a page, newest first, pages 1..100, read from the search index. The
   * count is the precomputed directory total (the engine counts large result sets only up to a cap).
   */
  async list(page: number) {
    const [[totals], result] = await Promise.all([
      this.em.execute<{ business_count: number }[]>('select business_count from directory_totals'),
      this.engine.search({ sort: 'newest', page, limit: PUBLIC_PAGE_SIZE }),
    ]);
    return {
      businesses: result.hits.map(hitToListing),
      ...pageInfo(page, PUBLIC_PAGE_SIZE, totals?.business_count ?? 0, PUBLIC_MAX_PAGE),
    };
  }

  /** The most reviewed businesses with a photo, best rated first. */
  async featured() {
    const rows = await this.em.execute<(ListingRow & { photo: string })[]>(
      `select * from (
         select ${LISTING_COLUMNS} from businesses b where b.is_approved order by b.reviews desc limit 64
       ) top where top.photo is not null order by top.rating desc nulls last, top.reviews desc limit ?`,
      [FEATURED_COUNT],
    );
    return rows.map((row) => ({
      id: Number(row.id),
      slug: row.slug,
      name: row.name,
      type: row.type,
      category: row.category,
      image_url: row.photo,
      rating: row.rating ?? 0,
      reviews: row.reviews,
      full_address: row.full_address,
    }));
  }

  /**
   * A business by slug. Renamed slugs resolve through slug_redirects; a slug with a trailing
   * dash + six characters that finds nothing is retried once without it (public spec §5).
   */
  async detail(slug: string) {
    const row = (await this.findBySlug(slug)) ?? (await this.findBySlug(stripSlugSuffix(slug)));
    if (!row) throw new NotFoundException(`No business has the address "${slug}".`);
    return toDetail(row);
  }

  private async findBySlug(slug: string | null): Promise<DetailRow | null> {
    if (!slug) return null;
    const [row] = await this.em.execute<DetailRow[]>(
      `select b.* from businesses b where b.slug = ? and b.is_approved
       union all
       select b.* from slug_redirects r join businesses b on b.id = r.business_id where r.old_slug = ? and b.is_approved
       limit 1`,
      [slug, slug],
    );
    return row ?? null;
  }
}

function toDetail(row: DetailRow) {
  const workingHours = parseWorkingHours(row.working_hours);
  const about = parseAbout(row.about);
  return {
    ...toListing(row),
    street: row.street,
    postalCode: row.postal_code,
    placeId: row.place_id,
    latitude: row.latitude,
    longitude: row.longitude,
    logo: row.logo,
    verified: row.verified,
    about: about && 'text' in about ? about.text : about,
    amenities: trueAmenities(about),
    workingHours,
    timeZone: row.time_zone,
    // Judged at the business's local time; the web recomputes it on the visitor's clock with the same rule.
    ...openNowOf(openState(workingHours, row.time_zone)),
    url: row.url,
    reviewsLink: row.reviews_link,
    locatedIn: row.located_in,
    updatedAt: row.updated_at,
  };
}

function openNowOf(state: ReturnType<typeof openState>) {
  return { openNow: state.open, closesAt: state.closesAt, opensAt: state.opensAt };
}
