/**
 * The admin's business screens (admin spec §2, §7): the list, the dashboard figures, the edit form's fields and
 * the limits the api's UpdateBusinessDto enforces and the form checks first. Browser-safe: no Node imports.
 */
import type { AdminPagination } from './paging.js';

/** The list's sort keys (GET /api/admin/businesses ?sortBy). */
export const ADMIN_SORT_FIELDS = ['name', 'rating', 'reviewCount', 'createdAt'] as const;
export type AdminSortField = (typeof ADMIN_SORT_FIELDS)[number];

/** The list's approval filter (?approval): every business, the approved (public), or those waiting for approval. */
export const APPROVAL_FILTERS = ['all', 'approved', 'waiting'] as const;
export type ApprovalFilter = (typeof APPROVAL_FILTERS)[number];

/** The list's filters, as GET /api/admin/businesses takes them and a bulk approval selects "all matching". */
export interface AdminBusinessFilters {
  filter?: string;
  category?: string;
  approval?: ApprovalFilter;
  countryCode?: string;
}

/**
 * Most businesses a bulk approve or hide changes in its request (one transaction); more matching the filters
 * are changed by a worker job in batches, with progress and cancel.
 */
export const BULK_APPROVAL_MAX = 10_000;

/** POST /api/admin/businesses/approval: the selected ids, or every business matching the filters. */
export interface BulkApprovalRequest {
  isApproved: boolean;
  ids?: number[];
  matching?: AdminBusinessFilters;
}

export interface BulkApprovalAnswer {
  success: true;
  isApproved: boolean;
  /** Businesses selected (all of them now have `isApproved`). */
  selected: number;
  /** Of those, how many changed (the rest already had it). */
  changed: number;
}

/** A bulk approval too large for its request whose worker job outlasted the wait (HTTP 202), or was cancelled. */
export interface BulkApprovalElsewhere {
  success: boolean;
  jobId: string;
  /** The job's state: running, or 'cancelled' with the changes its committed batches made. */
  state: string;
  statusUrl: string;
  message: string;
}

export type BulkApprovalCallAnswer = BulkApprovalAnswer | BulkApprovalElsewhere;

/** One row of GET /api/admin/businesses. */
export interface AdminBusiness {
  id: number;
  name: string;
  category: string | null;
  type: string | null;
  address: string | null;
  fullAddress: string | null;
  city: string | null;
  countryCode: string | null;
  phone: string | null;
  /** null when the business has no rating (never shown as 0). */
  rating: number | null;
  reviewCount: number;
  slug: string;
  verified: boolean;
  isApproved: boolean;
  /** The time it was stored, as PostgreSQL writes it. */
  createdAt: string;
}

export interface AdminBusinessPage {
  businesses: AdminBusiness[];
  total: number;
  pagination: AdminPagination;
}

/** GET /api/admin/businesses/{id}: every field the edit form shows. */
export interface BusinessDetail {
  id: number;
  name: string;
  slug: string;
  category: string | null;
  type: string | null;
  fullAddress: string | null;
  street: string | null;
  city: string | null;
  postalCode: string | null;
  country: string | null;
  countryCode: string | null;
  phone: string | null;
  latitude: number | null;
  longitude: number | null;
  rating: number | null;
  reviews: number;
  url: string | null;
  photo: string | null;
  placeId: string | null;
  verified: boolean;
  isApproved: boolean;
  createdAt: string;
  updatedAt: string;
}

/** The most characters each editable text field takes (PUT /api/admin/businesses/{id}). */
export const BUSINESS_TEXT_LIMITS = {
  name: 300,
  category: 300,
  type: 300,
  phone: 50,
  fullAddress: 1000,
  street: 500,
  city: 300,
  postalCode: 50,
  country: 200,
  about: 5000,
} as const;

/** The numeric fields' ranges, both ends included. */
export const BUSINESS_RANGES = {
  latitude: { min: -90, max: 90 },
  longitude: { min: -180, max: 180 },
  rating: { min: 0, max: 5 },
  /** A whole number; the column is a 32-bit integer. */
  reviews: { min: 0, max: 2_147_483_647 },
} as const;

/** A country code as the edit takes it: two letters (stored upper case). */
export const COUNTRY_CODE_PATTERN = /^[A-Za-z]{2}$/;
