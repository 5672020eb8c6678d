import { Inject, Injectable } from '@nestjs/common';
import type { SearchListing } from '@directory/core';
import type { SearchEngine, SearchQuery } from '@directory/search';
import { hitToListing } from '../common/listing.js';
import { SEARCH_ENGINE } from '../search/search-engine.module.js';
import { BusinessesService } from './businesses.service.js';

/** At most this many places in each block of a business page. */
export const RELATED_COUNT = 6;
/** "Nearby" reaches this far around a business with coordinates. */
export const NEARBY_RADIUS_KM = 10;

export interface RelatedPlaces {
  /** Within NEARBY_RADIUS_KM, nearest first (distanceKm set); without coordinates, the best rated of its city. */
  nearby: SearchListing[];
  /** The same category in the same city, best rated first. */
  similar: SearchListing[];
}

/** Whether a point can be searched around (0,0 is the importers' "unknown", as the page's map rule says). */
function searchablePoint(lat: number | null, lng: number | null): lat is number {
  if (lat === null || lng === null || !Number.isFinite(lat) || !Number.isFinite(lng)) return false;
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 && !(lat === 0 && lng === 0);
}

/**
 * The places a business page suggests next, read from the search index (approved businesses only, as every
 * public read). The business itself is never among them: one more is read than shown and it is dropped.
 */
@Injectable()
export class RelatedPlacesService {
  constructor(
    private readonly businesses: BusinessesService,
    @Inject(SEARCH_ENGINE) private readonly engine: SearchEngine,
  ) {}

  async related(slug: string): Promise<RelatedPlaces> {
    const b = await this.businesses.detail(slug);
    const sameCity =
      b.citySlug && b.countryCode ? { city: b.citySlug, country: b.countryCode.toUpperCase() } : undefined;
    const nearbyQuery: SearchQuery | undefined = searchablePoint(b.latitude, b.longitude)
      ? { lat: b.latitude, lng: b.longitude!, radiusKm: NEARBY_RADIUS_KM, sort: 'distance' }
      : sameCity && { ...sameCity, sort: 'rating' };
    const similarQuery: SearchQuery | undefined =
      sameCity && b.categorySlug ? { ...sameCity, category: b.categorySlug, sort: 'rating' } : undefined;
    const [nearby, similar] = await Promise.all([this.read(nearbyQuery, b.id), this.read(similarQuery, b.id)]);
    return { nearby, similar };
  }

  private async read(query: SearchQuery | undefined, self: number): Promise<SearchListing[]> {
    if (!query) return [];
    const result = await this.engine.search({ ...query, page: 1, limit: RELATED_COUNT + 1 });
    return result.hits
      .map(hitToListing)
      .filter((listing) => listing.id !== self)
      .slice(0, RELATED_COUNT);
  }
}
