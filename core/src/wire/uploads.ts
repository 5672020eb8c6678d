/**
 * Uploads as the admin screens and the api see them (admin spec §3, §5, §9): the limits the upload form
 * checks before sending and the api enforces, and the import's answers. Browser-safe: no Node imports.
 */
import type { ImportProblemCounts, ImportProblemKind } from './import-problems.js';

/** Upload limit per file (admin spec §5, §9): 150 MB. A file of 150 MB + 1 byte is refused. */
export const MAX_UPLOAD_BYTES = 150 * 1024 * 1024;
/** Rows per write batch the admin may choose (admin spec §3); the upload form offers DEFAULT_BATCH_SIZE first. */
export const BATCH_SIZES = [100, 500, 1000, 2000] as const;
export const DEFAULT_BATCH_SIZE = 500;
/**
 * The upload types the admin may send. The spec's picker also offers .xls, but no maintained reader of the old
 * binary format is on npm (SheetJS left it at 0.18.5 with known advisories), so .xls is not offered: the picker
 * leaves it out and the api refuses it with XLS_NOT_READ_MESSAGE before a byte is stored (issue 34).
 */
export const UPLOAD_EXTENSIONS = ['.xlsx', '.csv'] as const;
/** The answer (400) to an .xls upload, in Turkish like the upload screen. */
export const XLS_NOT_READ_MESSAGE =
  'Eski Excel .xls dosyaları okunmuyor. Dosyayı Excel’de “Farklı Kaydet” ile Excel Çalışma Kitabı (.xlsx) ya da CSV UTF-8 (.csv) olarak kaydedip yeniden yükleyin.';

/** Where an import found the places it stored, and what stayed without one. */
export interface PlaceCounts {
  cityFromAddress: number;
  cityFromCoordinates: number;
  postalCodeFromAddress: number;
  countryFromAddress: number;
  countryFromCoordinates: number;
  timeZoneFromFile: number;
  timeZoneFromCoordinates: number;
  timeZoneFromCountry: number;
  /** Rows stored without a city, a country or a time zone even so. */
  withoutCity: number;
  withoutCountry: number;
  withoutTimeZone: number;
}

/** Batch upload result per file (admin spec §3), also the answer of the legacy single-file upload. */
export interface BatchUploadResult {
  success: boolean;
  message: string;
  jobId: string;
  fileName: string;
  totalRows: number;
  /** Rows written: new businesses plus changed ones. */
  successCount: number;
  insertedCount: number;
  updatedCount: number;
  /** Of the new businesses, how many wait in the review queue (imports need approval); absent when rebuilt. */
  waitingForApprovalCount?: number;
  errorCount: number;
  skippedCount: number;
  /** kind (import-problems.ts: its Turkish sentence) is absent from results of imports before it was kept. */
  errors: { row: number; message: string; kind?: ImportProblemKind }[];
  /** kind null: stored already with the same values. */
  skippedBusinesses: {
    row: number;
    name: string;
    placeId: string | null;
    reason: string;
    kind?: ImportProblemKind | null;
  }[];
  /** Values out of range or unreadable, stored empty (or 0, false) instead; their rows were imported. */
  warningCount: number;
  warnings: {
    row: number;
    column: string;
    read: string;
    stored: string | null;
    message: string;
    kind?: ImportProblemKind;
  }[];
  /** Absent from results rebuilt from a stored report. */
  places?: PlaceCounts;
  columnExtraction: {
    extractedCount: number;
    totalColumns: number;
    extractionRate: number;
    successfulColumns: string[];
    missingColumns: string[];
  };
  duplicateAnalysis: {
    totalRecords: number;
    recordsWithPlaceId: number;
    databaseDuplicateCount: number;
    databaseDuplicateRate: number;
    newPlaceIdCount: number;
    newPlaceIdRate: number;
    excelDuplicateCount: number;
    excelDuplicateRecords: number;
  };
  processingTimeSeconds: number;
  /** Id of the stored upload report (GET /api/admin/upload-reports). */
  reportId?: number;
  /** Every problem counted by kind (import-problems.ts); absent from results of imports before it was counted. */
  problemCounts?: ImportProblemCounts;
  /** All problems (the sum of problemCounts), a plain field the jobs centre keeps. */
  problemCount?: number;
  /** Where every problem row is downloaded as CSV (with its Turkish reason). */
  problemsUrl?: string;
}

/** The stored upload report (admin spec §3), listed on the dashboard. */
export interface StoredUploadReport {
  success: boolean;
  problemCounts?: ImportProblemCounts;
  timestamp: string;
  jobId: string;
  message: string;
  summary: { fileName: string; fileSizeMB: number; processingTimeSeconds: number; totalRecords: number };
  results: {
    /** Rows written (new or changed). */
    updated: number;
    inserted: number;
    skipped: number;
    errors: number;
    /** Absent from reports stored before warnings were counted. */
    warnings?: number;
    updateRate: number;
    skipRate: number;
  };
  duplicateAnalysis: {
    excelDuplicateCount: number;
    databaseDuplicateCount: number;
    newPlaceIdCount: number;
    uniquePlaceIds: number;
    totalDuplicateRecords: number;
    duplicateRate: number;
  };
  /** Kept so the job's batch result can be rebuilt from the report alone (see batchResultFromStored). */
  counts: { inserted: number; changed: number; recordsWithPlaceId: number; excelDuplicateRecords: number };
  columnExtraction: BatchUploadResult['columnExtraction'];
}

/** The stored report of an upload that could not be imported at all (bad file): listed with its reason. */
export type FailedUploadReport = Omit<
  StoredUploadReport,
  'results' | 'duplicateAnalysis' | 'counts' | 'columnExtraction'
> & {
  error: string;
};

/** GET /api/admin/upload-reports: a stored report (or a failed one's) with its id and file name, newest first. */
export type ListedUploadReport = Omit<
  StoredUploadReport,
  'results' | 'duplicateAnalysis' | 'counts' | 'columnExtraction'
> &
  Partial<Pick<StoredUploadReport, 'results' | 'duplicateAnalysis' | 'counts' | 'columnExtraction'>> & {
    id: number;
    fileName: string;
    error?: string;
  };

/** Percentage with one decimal; 0 when there is nothing to divide. */
export const rate = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);
