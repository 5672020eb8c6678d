import type { BusinessListing, SearchListing } from '@directory/core';
import type { SearchHit } from '@directory/search';
/** Columns of the public business listing (public spec §3), selected by every list query. */
export const LISTING_COLUMNS = `b.id, b.slug, b.name, b.category, b.category_slug, b.type, b.rating, b.reviews, b.city,
  b.city_slug, b.country, b.country_code, b.phone, b.photo, b.full_address`;

/** A row of LISTING_COLUMNS: the search hit's listing fields, read straight from businesses. */
export type ListingRow = Pick<
  SearchHit,
  | 'slug'
  | 'name'
  | 'category'
  | 'category_slug'
  | 'type'
  | 'rating'
  | 'reviews'
  | 'city'
  | 'city_slug'
  | 'country'
  | 'country_code'
  | 'phone'
  | 'photo'
  | 'full_address'
> & { id: string | number };

export function toListing(row: ListingRow): BusinessListing {
  return {
    id: Number(row.id),
    slug: row.slug,
    name: row.name,
    category: row.category,
    categorySlug: row.category_slug,
    type: row.type,
    rating: row.rating ?? 0,
    reviews: row.reviews,
    city: row.city,
    citySlug: row.city_slug,
    country: row.country,
    countryCode: row.country_code,
    phone: row.phone,
    photo: row.photo,
    fullAddress: row.full_address,
  };
}

export function hitToListing(hit: SearchHit): SearchListing {
  const listing: SearchListing = {
    ...toListing(hit),
    latitude: hit.latitude,
    longitude: hit.longitude,
    verified: hit.verified,
    website: hit.website,
    openNow: hit.openNow,
    closesAt: hit.closesAt,
    opensAt: hit.opensAt,
  };
  if (hit.distanceKm !== undefined) listing.distanceKm = Math.round(hit.distanceKm * 100) / 100;
  return listing;
}
