/** Answers of the admin api (admin spec §3, §7), as the screens read them. */

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
  rating: number;
  reviewCount: number;
  slug: string;
  verified: boolean;
  isApproved: boolean;
  createdAt: string;
}

export interface AdminBusinessPage {
  businesses: AdminBusiness[];
  total: number;
  pagination: { page: number; limit: number; total: number; totalPages: number };
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

export interface Stats {
  totalBusinesses: number;
  approvedBusinesses?: number;
  totalCategories: number;
  /** Counts may arrive as strings (admin spec §3). */
  categories: { category: string; count: number | string }[];
}

export interface SystemMetrics {
  cpu: { percent: number; cores: number; model: string; loadAverage: number[] };
  memory: { totalBytes: number; usedBytes: number; freeBytes: number; percent: number; processRssBytes: number };
  disk: { path: string; totalBytes: number; usedBytes: number; freeBytes: number; percent: number };
  uptime: { systemSeconds: number; processSeconds: number; startedAt: string };
  platform: string;
  nodeVersion: string;
  checkedAt: string;
}

export interface VisitorCounts {
  timeZone: string;
  today: number;
  days: { date: string; visitors: number }[];
}

/** A stored upload report (admin spec §3), newest first. A report of a refused file has no results. */
export interface StoredUploadReport {
  id: number;
  fileName: string;
  success: boolean;
  timestamp: string;
  message: string;
  error?: string;
  summary: { fileName: string; fileSizeMB: number; processingTimeSeconds: number; totalRecords: number };
  results?: {
    updated: number;
    inserted: number;
    skipped: number;
    errors: number;
    updateRate: number;
    skipRate: number;
  };
  duplicateAnalysis?: {
    excelDuplicateCount: number;
    databaseDuplicateCount: number;
    newPlaceIdCount: number;
    uniquePlaceIds: number;
    totalDuplicateRecords: number;
    duplicateRate: number;
  };
}

export interface AuditEntry {
  id: number;
  username: string;
  action: string;
  details: Record<string, unknown> | null;
  createdAt: string;
}

/** Batch upload result per file (admin spec §3). */
export interface BatchUploadResult {
  success: boolean;
  message: string;
  jobId?: string;
  fileName: string;
  totalRows: number;
  successCount: number;
  insertedCount?: number;
  updatedCount?: number;
  errorCount: number;
  skippedCount: number;
  errors: { row: number; message: string }[];
  skippedBusinesses: { row: number; name: string; placeId: string | null; reason: string }[];
  columnExtraction?: {
    extractedCount: number;
    totalColumns: number;
    extractionRate: number;
    successfulColumns: string[];
    missingColumns: string[];
  };
  duplicateAnalysis?: {
    totalRecords: number;
    recordsWithPlaceId: number;
    databaseDuplicateCount: number;
    databaseDuplicateRate: number;
    newPlaceIdCount: number;
    newPlaceIdRate: number;
    excelDuplicateCount: number;
    excelDuplicateRecords: number;
  };
  processingTimeSeconds?: number;
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
export interface JobProgress {
  rowsDone?: number;
  rowsTotal?: number;
  phase?: string;
}
