/** The public business listing (public spec §3), as every public list and the search answer it. Browser-safe. */

export interface BusinessListing {
  id: number;
  slug: string;
  name: string;
  category: string | null;
  categorySlug: string | null;
  type: string | null;
  rating: number;
  reviews: number;
  city: string | null;
  citySlug: string | null;
  country: string | null;
  countryCode: string | null;
  phone: string | null;
  photo: string | null;
  fullAddress: string | null;
}

/** A search hit in the listing's shape, plus what a results page and its map need. */
export interface SearchListing extends BusinessListing {
  latitude: number | null;
  longitude: number | null;
  verified: boolean;
  /** The business's website as stored; a page links it only when it is an http(s) address. */
  website: string | null;
  openNow: boolean | null;
  /** When open: the local closing time ("11 PM", "Sat 2 AM"); when closed: opensAt, the next opening. */
  closesAt: string | null;
  opensAt: string | null;
  distanceKm?: number;
}
