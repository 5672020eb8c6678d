/** Paging blocks of the api's answers, as the web reads them. Browser-safe: no Node imports. */

/** Public spec §5: a public page number is valid only from 1 to 100, so no public list has more pages. */
export const PUBLIC_MAX_PAGE = 100;

/**
 * Page sizes of the public lists (public spec §9), the one place the web and the api read them from: the category,
 * country and city lists 24; the business list 20; a category's or a city's businesses 12; a country's categories
 * and its cities 20 and 24.
 */
export const PAGE_SIZES = {
  directory: 24,
  businesses: 20,
  placeBusinesses: 12,
  countryCategories: 20,
  countryCities: 24,
} as const;

/** The search's pages (public spec §4): deeper than the lists', still a bounded offset. */
export const SEARCH_MAX_PAGE = 500;

/** The paged public response of public spec §3, shared by every paged list. */
export interface Paged {
  currentPage: number;
  totalPages: number;
  totalCount: number;
  hasNextPage: boolean;
  hasPrevPage: boolean;
}

export function pageInfo(page: number, limit: number, totalCount: number, maxPages = PUBLIC_MAX_PAGE): Paged {
  const totalPages = Math.min(maxPages, Math.ceil(totalCount / limit));
  return {
    currentPage: page,
    totalPages,
    totalCount,
    hasNextPage: page < totalPages,
    hasPrevPage: page > 1,
  };
}

/** The admin lists' paging block (admin spec §7). */
export interface AdminPagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
}

export function adminPagination(page: number, limit: number, total: number): AdminPagination {
  return { page, limit, total, totalPages: Math.ceil(total / limit) };
}
