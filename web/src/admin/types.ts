/**
 * Answers of the admin api (admin spec §3, §7) that only the screens name; those the api shares with them are
 * core's (core/src/wire), imported from there.
 */
import type { BatchUploadResult } from '@directory/core/wire/uploads.js';

/** What the upload screen shows per file: the api's batch result, or a failure the screen made itself. */
export type UploadOutcome = Pick<
  BatchUploadResult,
  'success' | 'message' | 'fileName' | 'totalRows' | 'successCount' | 'errorCount' | 'skippedCount' | 'errors'
> &
  Pick<BatchUploadResult, 'skippedBusinesses'> &
  Partial<BatchUploadResult> & {
    /** The admin cancelled this file's import (here, in the jobs centre or in another tab): not an error. */
    cancelled?: boolean;
  };

export interface Stats {
  totalBusinesses: number;
  approvedBusinesses?: number;
  /** Businesses waiting for approval (the review queue), counted exactly. */
  waitingBusinesses?: number;
  totalCategories: number;
  /** Counts may arrive as strings (admin spec §3). */
  categories: { category: string; count: number | string }[];
}

export interface VisitorCounts {
  timeZone: string;
  today: number;
  days: { date: string; visitors: number }[];
}

export interface AuditEntry {
  id: number;
  username: string;
  action: string;
  details: Record<string, unknown> | null;
  createdAt: string;
}

export type SiteSettings = Record<'head_tags' | 'footer_tags' | 'analytics_code' | 'facebook_pixel', string>;
export type AdCodes = Record<'ad1' | 'ad2' | 'ad3' | 'ad4', string>;

export interface SitemapSummary {
  generatedAt: string | null;
  businessCount: number;
  pageSize: number | null;
  indexUrl: string;
  files: { path: string; url: string; urlCount: number }[];
}

export interface SearchStatus {
  engine: string;
  documents: number;
  backlog: { rows: number; ids: number; oldestAgeMs: number | null };
}

/** Progress an import or export job reports (relayed over socket.io). */
export type { AnyJobProgress as JobProgress } from '@directory/core/wire/jobs.js';
