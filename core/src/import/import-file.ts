import type pg from 'pg';
import { type ColumnExtraction, mapColumns } from './columns.js';
import { existingPlaceIds, writeBusinesses } from './business-writer.js';
import { type BusinessRow, isRejection, normalizeRow, type RowRejection } from './normalize-row.js';
import { ImportFileError, openSpreadsheet } from './readers.js';

export const BATCH_SIZES = [100, 500, 1000, 2000] as const;
/** The errors and skipped rows a report lists (the counts are always complete). */
const MAX_LISTED_ROWS = 1000;

export interface ImportProgress {
  rowsDone: number;
  /** Known once the whole file was read (phase 'saving' and 'done'). */
  rowsTotal?: number;
  phase: 'reading' | 'writing' | 'saving' | 'done';
}

export interface SkippedRow {
  rowNumber: number;
  name: string;
  placeId: string | null;
  reason: string;
}

export interface ImportReport {
  totalRows: number;
  inserted: number;
  updated: number;
  skipped: number;
  /** The first skipped rows with their reason (at most 1000; `skipped` counts them all). */
  skippedRows: SkippedRow[];
  errorCount: number;
  errors: RowRejection[];
  columnExtraction: Omit<ColumnExtraction, 'indexes'>;
  duplicateAnalysis: {
    totalRecords: number;
    recordsWithPlaceId: number;
    uniquePlaceIds: number;
    excelDuplicateCount: number;
    /** Rows whose place id appears more than once in the file (every occurrence counted). */
    excelDuplicateRecords: number;
    databaseDuplicateCount: number;
    newPlaceIdCount: number;
  };
}

export interface ImportOptions {
  batchSize?: number;
  onProgress?: (progress: ImportProgress) => void | Promise<void>;
  /** Stops the import between rows and batches; the transaction is rolled back and the reason thrown. */
  signal?: AbortSignal;
  /** Runs inside the import's transaction just before it commits (e.g. to store the upload report with it). */
  beforeCommit?: (report: ImportReport) => Promise<void>;
}

/**
 * Reads a .csv or .xlsx file as a stream and upserts it batch by batch (admin spec §3, §4), all in one
 * transaction: a file that turns out unreadable half-way, a cancel or a crash leaves the database as it
 * was (DESIGN.md: bad input never leaves half-written data behind), and a retry starts clean. Bad rows are
 * reported with their row number and skipped; a file that cannot be read at all throws ImportFileError.
 */
export async function importFile(
  path: string,
  client: pg.ClientBase,
  options: ImportOptions = {},
): Promise<ImportReport> {
  const batchSize = options.batchSize ?? 500;
  const signal = options.signal;
  signal?.throwIfAborted();
  const sheet = await openSpreadsheet(path);
  try {
    const columns = mapColumns(sheet.headers);
    if (columns.indexes.name === undefined) {
      throw new ImportFileError(
        `No "name" column was found; the header row has: ${sheet.headers.filter(Boolean).slice(0, 15).join(', ') || 'nothing'}.`,
      );
    }
    await client.query('begin');
    try {
      const report = await importRows(sheet, columns, client, batchSize, options);
      await options.onProgress?.({ rowsDone: report.totalRows, rowsTotal: report.totalRows, phase: 'saving' });
      signal?.throwIfAborted();
      await options.beforeCommit?.(report);
      await client.query('commit');
      await options.onProgress?.({ rowsDone: report.totalRows, rowsTotal: report.totalRows, phase: 'done' });
      return report;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    }
  } finally {
    sheet.close();
  }
}

async function importRows(
  sheet: Awaited<ReturnType<typeof openSpreadsheet>>,
  columns: ColumnExtraction,
  client: pg.ClientBase,
  batchSize: number,
  options: ImportOptions,
): Promise<ImportReport> {
  const signal = options.signal;
  const errors: RowRejection[] = [];
  const skippedRows: SkippedRow[] = [];
  let errorCount = 0;
  let totalRows = 0;
  const totals = { inserted: 0, updated: 0, skipped: 0 };
  const seenPlaceIds = new Set<string>();
  const repeatedPlaceIds = new Set<string>();
  let excelDuplicateCount = 0;
  let recordsWithPlaceId = 0;
  let databaseDuplicateCount = 0;
  let batch: BusinessRow[] = [];
  let batchRowNumbers: number[] = [];
  const checked = new Set<string>();

  const reject = (rejection: RowRejection) => {
    errorCount++;
    if (errors.length < MAX_LISTED_ROWS) errors.push(rejection);
  };
  const flush = async () => {
    if (batch.length === 0) return;
    signal?.throwIfAborted();
    // Only ids this import has not written yet: a repeat in a later batch is a file duplicate, not a database one.
    const ids = [...new Set(batch.map((r) => r.place_id))].filter(
      (id): id is string => id !== null && !checked.has(id),
    );
    databaseDuplicateCount += (await existingPlaceIds(client, ids)).size;
    for (const id of ids) checked.add(id);
    const result = await writeBusinesses(client, batch, { transaction: 'caller' });
    totals.inserted += result.inserted;
    totals.updated += result.updated;
    totals.skipped += result.skipped;
    for (const { index, reason } of result.skippedRows) {
      if (skippedRows.length >= MAX_LISTED_ROWS) break;
      const row = batch[index];
      skippedRows.push({ rowNumber: batchRowNumbers[index], name: row.name, placeId: row.place_id, reason });
    }
    batch = [];
    batchRowNumbers = [];
    await options.onProgress?.({ rowsDone: totalRows, phase: 'writing' });
  };

  for await (const { rowNumber, values } of sheet.rows) {
    if (signal?.aborted) signal.throwIfAborted();
    if (values.every((v) => v === null || v === undefined || String(v).trim() === '')) continue;
    totalRows++;
    const row = normalizeRow(values, columns, rowNumber);
    if (isRejection(row)) {
      reject(row);
      continue;
    }
    if (row.place_id) {
      recordsWithPlaceId++;
      if (seenPlaceIds.has(row.place_id)) {
        excelDuplicateCount++;
        repeatedPlaceIds.add(row.place_id);
      } else seenPlaceIds.add(row.place_id);
    }
    batch.push(row);
    batchRowNumbers.push(rowNumber);
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  for (const problem of sheet.unreadable) reject(problem);
  totalRows += sheet.unreadable.length;
  if (totalRows === 0) throw new ImportFileError('The file has a header row but no data rows.');

  const { indexes: _indexes, ...extraction } = columns;
  return {
    totalRows,
    ...totals,
    skippedRows,
    errorCount,
    errors,
    columnExtraction: extraction,
    duplicateAnalysis: {
      totalRecords: totalRows,
      recordsWithPlaceId,
      uniquePlaceIds: seenPlaceIds.size,
      excelDuplicateCount,
      excelDuplicateRecords: excelDuplicateCount + repeatedPlaceIds.size,
      databaseDuplicateCount,
      newPlaceIdCount: seenPlaceIds.size - Math.min(databaseDuplicateCount, seenPlaceIds.size),
    },
  };
}
