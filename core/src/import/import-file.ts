import type pg from 'pg';
import { type ColumnExtraction, mapColumns } from './columns.js';
import { existingPlaceIds, writeBusinesses } from './business-writer.js';
import { type BusinessRow, isRejection, normalizeRow, type RowRejection } from './normalize-row.js';
import { ImportFileError, openSpreadsheet } from './readers.js';

export const BATCH_SIZES = [100, 500, 1000, 2000] as const;
/** The errors a report lists (the count is always complete). */
const MAX_LISTED_ERRORS = 1000;

export interface ImportProgress {
  rowsDone: number;
  phase: 'reading' | 'writing' | 'done';
}

export interface ImportReport {
  totalRows: number;
  inserted: number;
  updated: number;
  skipped: number;
  errorCount: number;
  errors: RowRejection[];
  columnExtraction: Omit<ColumnExtraction, 'indexes'>;
  duplicateAnalysis: {
    totalRecords: number;
    recordsWithPlaceId: number;
    uniquePlaceIds: number;
    excelDuplicateCount: number;
    databaseDuplicateCount: number;
    newPlaceIdCount: number;
  };
}

/**
 * Reads a .csv or .xlsx file as a stream and upserts it batch by batch (admin spec §3, §4). Bad rows are
 * reported with their row number and skipped; a file that cannot be read at all throws ImportFileError
 * before anything is written.
 */
export async function importFile(
  path: string,
  client: pg.ClientBase,
  options: { batchSize?: number; onProgress?: (progress: ImportProgress) => void | Promise<void> } = {},
): Promise<ImportReport> {
  const batchSize = options.batchSize ?? 500;
  const sheet = await openSpreadsheet(path);
  const columns = mapColumns(sheet.headers);
  if (columns.indexes.name === undefined) {
    throw new ImportFileError(
      `No "name" column was found; the header row has: ${sheet.headers.filter(Boolean).slice(0, 15).join(', ') || 'nothing'}.`,
    );
  }
  const errors: RowRejection[] = [];
  let errorCount = 0;
  let totalRows = 0;
  const totals = { inserted: 0, updated: 0, skipped: 0 };
  const seenPlaceIds = new Set<string>();
  let excelDuplicateCount = 0;
  let recordsWithPlaceId = 0;
  let databaseDuplicateCount = 0;
  let batch: BusinessRow[] = [];
  const checked = new Set<string>();

  const reject = (rejection: RowRejection) => {
    errorCount++;
    if (errors.length < MAX_LISTED_ERRORS) errors.push(rejection);
  };
  const flush = async () => {
    if (batch.length === 0) return;
    // Only ids this import has not written yet: a repeat in a later batch is a file duplicate, not a database one.
    const ids = [...new Set(batch.map((r) => r.place_id))].filter(
      (id): id is string => id !== null && !checked.has(id),
    );
    databaseDuplicateCount += (await existingPlaceIds(client, ids)).size;
    for (const id of ids) checked.add(id);
    const result = await writeBusinesses(client, batch);
    totals.inserted += result.inserted;
    totals.updated += result.updated;
    totals.skipped += result.skipped;
    batch = [];
    await options.onProgress?.({ rowsDone: totalRows, phase: 'writing' });
  };

  for await (const { rowNumber, values } of sheet.rows) {
    if (values.every((v) => v === null || v === undefined || String(v).trim() === '')) continue;
    totalRows++;
    const row = normalizeRow(values, columns, rowNumber);
    if (isRejection(row)) {
      reject(row);
      continue;
    }
    if (row.place_id) {
      recordsWithPlaceId++;
      if (seenPlaceIds.has(row.place_id)) excelDuplicateCount++;
      else seenPlaceIds.add(row.place_id);
    }
    batch.push(row);
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  for (const problem of sheet.unreadable) reject(problem);
  totalRows += sheet.unreadable.length;
  if (totalRows === 0) throw new ImportFileError('The file has a header row but no data rows.');
  await options.onProgress?.({ rowsDone: totalRows, phase: 'done' });

  const { indexes: _indexes, ...extraction } = columns;
  return {
    totalRows,
    ...totals,
    errorCount,
    errors,
    columnExtraction: extraction,
    duplicateAnalysis: {
      totalRecords: totalRows,
      recordsWithPlaceId,
      uniquePlaceIds: seenPlaceIds.size,
      excelDuplicateCount,
      databaseDuplicateCount,
      newPlaceIdCount: seenPlaceIds.size - Math.min(databaseDuplicateCount, seenPlaceIds.size),
    },
  };
}
