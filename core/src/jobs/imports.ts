/** The import queue's job: one uploaded spreadsheet, upserted by the worker (admin spec §3, §4). */
import type { Queue } from 'bullmq';
import type { ImportProgress, ImportReport } from '../import/import-file.js';
import type { ColumnMapping } from '../import/columns.js';
import { warningKind } from '../import/normalize-row.js';
import { type BatchUploadResult, type FailedUploadReport, rate, type StoredUploadReport } from '../wire/uploads.js';
import { importProblemsUrl } from '../wire/import-problems.js';

export const IMPORT_JOBS = {
  /** Imports one uploaded file; data: ImportJobData. */
  import: 'import',
  /** Reads one uploaded file as the import would and rolls back; data: PreviewJobData, result: ImportPreview. */
  preview: 'preview',
} as const;

/** An import running longer than this is stopped (nothing of it is written) and not retried. */
export const IMPORT_TIMEOUT_MS = 2 * 60 * 60 * 1000;

/**
 * Payload of an `import` job. The api streamed the upload into DATA_DIR/uploads under a random name, its
 * id; the worker resolves only such an id, inside that folder (core/src/jobs/import-uploads.ts), never a path.
 */
export interface ImportJobData {
  uploadId: string;
  /** The name the admin's file had. */
  fileName: string;
  fileSize: number;
  batchSize: number;
  fileIndex?: number;
  totalFiles?: number;
  uploadedBy: string;
  /** The column mapping the admin confirmed in the preview; absent: columns found by their headers. */
  mapping?: ColumnMapping;
}

/**
 * Payload of a `preview` job (queue QUEUES.importPreview, job id `preview-<uuid>`): the upload it reads (kept for the import the admin
 * confirms, `import-<same uuid>`) and the mapping to try; without one, the one remembered for the file's layout.
 */
export interface PreviewJobData {
  uploadId: string;
  fileName: string;
  fileSize: number;
  uploadedBy: string;
  mapping?: ColumnMapping;
}

/** The import job an admin's confirm of preview `previewJobId` queues (one per preview: a second confirm is the same job). */
export const importJobIdOf = (previewJobId: string) => previewJobId.replace(/^preview-/, 'import-');
export const PREVIEW_JOB_ID_PATTERN = /^preview-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Queues a preview; not retried (the admin asks again), kept a day. */
export function enqueuePreview(queue: Queue, data: PreviewJobData, jobId: string) {
  return queue.add(IMPORT_JOBS.preview, data, {
    jobId,
    attempts: 1,
    removeOnComplete: { age: 24 * 3600, count: 1000 },
    removeOnFail: { age: 24 * 3600, count: 1000 },
  });
}

/** What `job.updateProgress` carries for an import (relayed to the admin over socket.io). */
export interface ImportJobProgress extends Omit<ImportProgress, 'phase'> {
  phase: 'queued' | ImportProgress['phase'];
  /** When the worker sent this update (epoch milliseconds). */
  at?: number;
}

/** What an import job returns: the batch result of admin spec §3 (core/src/wire/uploads.ts). */
export type ImportJobResult = BatchUploadResult;

export function batchUploadResult(
  report: ImportReport,
  meta: { jobId: string; fileName: string; processingTimeSeconds: number },
): BatchUploadResult {
  const d = report.duplicateAnalysis;
  const written = report.inserted + report.updated;
  return {
    success: report.errorCount < report.totalRows,
    message:
      `${meta.fileName}: ${report.totalRows} rows — ${report.inserted} new, ${report.updated} updated, ` +
      `${report.skipped} skipped, ${report.errorCount} rejected` +
      (report.warningCount > 0 ? `, ${report.warningCount} values not stored as read` : '') +
      (report.waitingForApproval > 0 ? `; ${report.waitingForApproval} new businesses wait for approval.` : '.'),
    jobId: meta.jobId,
    fileName: meta.fileName,
    totalRows: report.totalRows,
    successCount: written,
    insertedCount: report.inserted,
    updatedCount: report.updated,
    waitingForApprovalCount: report.waitingForApproval,
    errorCount: report.errorCount,
    skippedCount: report.skipped,
    errors: report.errors.map((e) => ({ row: e.rowNumber, message: e.reason, kind: e.kind })),
    skippedBusinesses: report.skippedRows.map((s) => ({
      row: s.rowNumber,
      name: s.name,
      placeId: s.placeId,
      reason: s.reason,
      kind: s.kind,
    })),
    places: report.places,
    warningCount: report.warningCount,
    warnings: report.warnings.map((w) => ({
      row: w.rowNumber,
      column: w.column,
      read: w.read,
      stored: w.stored,
      message: w.reason,
      kind: warningKind(w.column),
    })),
    columnExtraction: {
      extractedCount: report.columnExtraction.extractedCount,
      totalColumns: report.columnExtraction.totalColumns,
      extractionRate: report.columnExtraction.extractionRate,
      successfulColumns: report.columnExtraction.successful,
      missingColumns: report.columnExtraction.missing,
    },
    duplicateAnalysis: {
      totalRecords: d.totalRecords,
      recordsWithPlaceId: d.recordsWithPlaceId,
      databaseDuplicateCount: d.databaseDuplicateCount,
      databaseDuplicateRate: rate(d.databaseDuplicateCount, d.uniquePlaceIds),
      newPlaceIdCount: d.newPlaceIdCount,
      newPlaceIdRate: rate(d.newPlaceIdCount, d.uniquePlaceIds),
      excelDuplicateCount: d.excelDuplicateCount,
      excelDuplicateRecords: d.excelDuplicateRecords,
    },
    processingTimeSeconds: meta.processingTimeSeconds,
    problemCounts: report.problemCounts,
    problemCount: Object.values(report.problemCounts).reduce((sum, n) => sum + n, 0),
    problemsUrl: importProblemsUrl(meta.jobId),
  };
}

export function storedUploadReport(
  report: ImportReport,
  meta: { jobId: string; fileName: string; fileSize: number; processingTimeSeconds: number },
): StoredUploadReport {
  const d = report.duplicateAnalysis;
  const written = report.inserted + report.updated;
  const duplicates = d.excelDuplicateCount + d.databaseDuplicateCount;
  return {
    success: report.errorCount < report.totalRows,
    problemCounts: report.problemCounts,
    timestamp: new Date().toISOString(),
    jobId: meta.jobId,
    message: batchUploadResult(report, meta).message,
    summary: {
      fileName: meta.fileName,
      fileSizeMB: Math.round((meta.fileSize / 1024 / 1024) * 100) / 100,
      processingTimeSeconds: meta.processingTimeSeconds,
      totalRecords: report.totalRows,
    },
    results: {
      updated: written,
      inserted: report.inserted,
      skipped: report.skipped,
      errors: report.errorCount,
      warnings: report.warningCount,
      updateRate: rate(written, report.totalRows),
      skipRate: rate(report.skipped, report.totalRows),
    },
    duplicateAnalysis: {
      excelDuplicateCount: d.excelDuplicateCount,
      databaseDuplicateCount: d.databaseDuplicateCount,
      newPlaceIdCount: d.newPlaceIdCount,
      uniquePlaceIds: d.uniquePlaceIds,
      totalDuplicateRecords: duplicates,
      duplicateRate: rate(duplicates, report.totalRows),
    },
    counts: {
      inserted: report.inserted,
      changed: report.updated,
      recordsWithPlaceId: d.recordsWithPlaceId,
      excelDuplicateRecords: d.excelDuplicateRecords,
    },
    columnExtraction: batchUploadResult(report, meta).columnExtraction,
  };
}

/**
 * The batch result of an import whose transaction committed but whose job was not marked done (the worker
 * died in between): rebuilt from the stored report, without the row lists (those were not stored).
 */
export function batchResultFromStored(stored: StoredUploadReport, reportId: number): BatchUploadResult {
  const d = stored.duplicateAnalysis;
  return {
    success: stored.success,
    message: stored.message,
    jobId: stored.jobId,
    fileName: stored.summary.fileName,
    totalRows: stored.summary.totalRecords,
    successCount: stored.results.updated,
    insertedCount: stored.counts.inserted,
    updatedCount: stored.counts.changed,
    errorCount: stored.results.errors,
    skippedCount: stored.results.skipped,
    errors: [],
    skippedBusinesses: [],
    warningCount: stored.results.warnings ?? 0,
    warnings: [],
    columnExtraction: stored.columnExtraction,
    duplicateAnalysis: {
      totalRecords: stored.summary.totalRecords,
      recordsWithPlaceId: stored.counts.recordsWithPlaceId,
      databaseDuplicateCount: d.databaseDuplicateCount,
      databaseDuplicateRate: rate(d.databaseDuplicateCount, d.uniquePlaceIds),
      newPlaceIdCount: d.newPlaceIdCount,
      newPlaceIdRate: rate(d.newPlaceIdCount, d.uniquePlaceIds),
      excelDuplicateCount: d.excelDuplicateCount,
      excelDuplicateRecords: stored.counts.excelDuplicateRecords,
    },
    processingTimeSeconds: stored.summary.processingTimeSeconds,
    reportId,
    problemCounts: stored.problemCounts,
    problemsUrl: stored.problemCounts ? importProblemsUrl(stored.jobId) : undefined,
  };
}

/** The stored report of an upload that could not be imported at all (bad file): listed with its reason. */
export function failedUploadReport(meta: {
  jobId: string;
  fileName: string;
  fileSize: number;
  processingTimeSeconds: number;
  error: string;
}): FailedUploadReport {
  return {
    success: false,
    timestamp: new Date().toISOString(),
    jobId: meta.jobId,
    message: `Error: ${meta.error}`,
    error: meta.error,
    summary: {
      fileName: meta.fileName,
      fileSizeMB: Math.round((meta.fileSize / 1024 / 1024) * 100) / 100,
      processingTimeSeconds: meta.processingTimeSeconds,
      totalRecords: 0,
    },
  };
}

/** Redis key (under REDIS_PREFIX) that asks the worker to stop a running import. */
export const importCancelKey = (redisPrefix: string, jobId: string) => `${redisPrefix}:import-cancel:${jobId}`;

/** Queues the import of one upload under a fresh job id. */
export function enqueueImport(queue: Queue, data: ImportJobData, jobId: string) {
  return queue.add(IMPORT_JOBS.import, data, {
    jobId,
    // A crash or a lost connection is retried (the import is one transaction, so a retry starts clean);
    // a bad file, a cancel or a timeout is not (UnrecoverableError in the worker).
    attempts: 3,
    backoff: { type: 'exponential', delay: 10_000 },
    removeOnComplete: { age: 7 * 24 * 3600, count: 1000 },
    removeOnFail: { age: 30 * 24 * 3600, count: 1000 },
  });
}
