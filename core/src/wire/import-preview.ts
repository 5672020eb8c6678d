/**
 * The import preview (issue 34): what the admin sees between the upload and the import, browser-safe. The
 * counts come from reading and writing the whole file as the import would and rolling back, so they are what
 * the import would do at that moment.
 */
import type { ImportProblemCounts } from './import-problems.js';

export type ImportLayout = 'classic' | 'newer' | 'other';

export const IMPORT_LAYOUT_LABELS: Record<ImportLayout, string> = {
  classic: 'Klasik Outscraper düzeni (site, full_address)',
  newer: 'Yeni Outscraper düzeni (website, address)',
  other: 'Başka bir düzen',
};

/** Rows the preview shows from the top of the file. */
export const PREVIEW_ROWS = 10;

export interface ImportPreviewRow {
  rowNumber: number;
  /** Column -> the cell the import reads for it (shortened), null when empty or not read. */
  values: Record<string, string | null>;
  /** The Turkish label of the problem that leaves the row out, if any. */
  problem: string | null;
}

export interface ImportPreviewCounts {
  totalRows: number;
  /** New businesses. */
  new: number;
  /** Stored businesses that change. */
  updated: number;
  /** Stored unchanged, duplicates, not businesses. */
  skipped: number;
  /** Rows refused (no name, unreadable): not imported. */
  withProblems: number;
  /** Every problem by kind, as the import's problems CSV will list them. */
  problemCounts: ImportProblemCounts;
}

/** What a `preview` job returns. */
export interface ImportPreview {
  fileName: string;
  layout: ImportLayout;
  /** The key the chosen mapping is remembered under (the header row's signature). */
  signature: string;
  headers: string[];
  /** Every column the import reads (in order) -> the header it is read from, null when not read. */
  mapping: Record<string, string | null>;
  /** Where the mapping came from: the one remembered for this layout, the admin's, or found by the headers. */
  mappingSource: 'remembered' | 'chosen' | 'detected';
  rows: ImportPreviewRow[];
  /** Null when no column is read as the name: nothing can be imported until one is chosen. */
  counts: ImportPreviewCounts | null;
}

export const previewUrl = (jobId: string) => `/api/admin/imports/${encodeURIComponent(jobId)}/preview`;
