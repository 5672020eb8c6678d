import type pg from 'pg';
import { type ColumnExtraction, type ColumnMapping, mapColumns } from './columns.js';
import { writeBusinesses } from './business-writer.js';
import { detach, isBlank } from './cells.js';
import {
  type BusinessRow,
  isRejection,
  type RowRejection,
  type RowWarning,
  rowNormalizer,
  warningKind,
} from './normalize-row.js';
import type { ImportProblem, ProblemSink } from './problem-file.js';
import { ImportFileError, openSpreadsheet, type SpreadsheetOptions } from './readers.js';
import { withTransaction } from '../database/pool.js';
import { importsNeedApproval } from '../database/import-approval.js';
import { canonicalizeDirectory } from '../canonical/canonicalize.js';
import { PlaceFinder } from '../places/place-finder.js';
import type { PlaceCounts } from '../wire/uploads.js';
import type { ImportProblemCounts, ImportProblemKind } from '../wire/import-problems.js';

/** The errors, warnings and skipped rows a report lists (the counts are always complete). */
const MAX_LISTED_ROWS = 1000;

export interface ImportProgress {
  rowsDone: number;
  /** Known once the whole file was read (phase 'saving' and 'done'). */
  rowsTotal?: number;
  phase: 'reading' | 'writing' | 'saving' | 'done';
  /** Bytes of the file read so far (Spreadsheet.bytes): with bytesTotal, how far the import is. */
  bytesRead?: number;
  bytesTotal?: number;
}

export interface SkippedRow {
  rowNumber: number;
  name: string;
  placeId: string | null;
  reason: string;
  /** The problem it is (import-problems.ts); null for a row stored already with the same values. */
  kind: ImportProblemKind | null;
}

export interface ImportReport {
  totalRows: number;
  inserted: number;
  updated: number;
  /** Of the new businesses, how many wait for an admin's approval ("imports need approval" was on). */
  waitingForApproval: number;
  skipped: number;
  /** The first skipped rows with their reason (at most 1000; `skipped` counts them all). */
  skippedRows: SkippedRow[];
  errorCount: number;
  errors: RowRejection[];
  /** Values out of range or unreadable that were stored empty (or 0, false) instead; the rows were imported. */
  warningCount: number;
  /** The first warnings (at most 1000; `warningCount` counts them all). */
  warnings: RowWarning[];
  columnExtraction: Omit<ColumnExtraction, 'indexes'>;
  /**
   * Every problem, counted by kind (all of them, unlike the lists above): rows left out (rejected, not a
   * business, duplicates) and values not stored as read; rows stored unchanged are not problems.
   */
  problemCounts: ImportProblemCounts;
  /**
   * Information, not problems: of the rows read, how many got their city, postal code, country or time zone
   * from the address, the coordinates or the country because the file left them empty, and how many have
   * none even so.
   */
  places: PlaceCounts;
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
  /**
   * Whether the businesses the file creates are public; absent: as the "imports need approval" setting says,
   * read in the import's transaction (updated businesses keep their approval).
   */
  approved?: boolean;
  /** Where temporary files go and how far a workbook may inflate (see SpreadsheetOptions). */
  read?: SpreadsheetOptions;
  /** Receives every problem row with its original cells (the problems CSV, see ProblemFile). */
  problems?: ProblemSink;
  /** The admin's column choices (the import preview); columns it does not name are found by their headers. */
  mapping?: ColumnMapping;
  /**
   * Reads and writes the whole file as the import would, then rolls back: the report's counts are what the
   * import would do now (the import preview). Nothing stays written.
   */
  dryRun?: boolean;
}

/** Carries a dry run's report out of its transaction, which it rolls back. */
class DryRunDone extends Error {
  constructor(readonly report: ImportReport) {
    super('dry run');
  }
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
  const sheet = await openSpreadsheet(path, options.read);
  try {
    const columns = mapColumns(sheet.headers, options.mapping);
    if (columns.indexes.name === undefined) {
      throw new ImportFileError(
        `No "name" column was found; the header row has: ${sheet.headers.filter(Boolean).slice(0, 15).join(', ') || 'nothing'}.`,
      );
    }
    options.problems?.start(sheet.headers);
    const report = await withTransaction(client, 'begin', async () => {
      const approved = options.approved ?? !(await importsNeedApproval(client));
      const rows = await importRows(sheet, columns, client, batchSize, { ...options, approved });
      if (options.dryRun) throw new DryRunDone(rows);
      await options.onProgress?.({
        rowsDone: rows.totalRows,
        rowsTotal: rows.totalRows,
        phase: 'saving',
        bytesRead: sheet.bytes.total,
        bytesTotal: sheet.bytes.total,
      });
      // One city per place and one category per meaning, in the same transaction as the rows.
      await canonicalizeDirectory(client);
      signal?.throwIfAborted();
      await options.beforeCommit?.(rows);
      return rows;
    }).catch((error: unknown) => {
      if (error instanceof DryRunDone) return error.report;
      throw error;
    });
    await options.onProgress?.({
      rowsDone: report.totalRows,
      rowsTotal: report.totalRows,
      phase: 'done',
      bytesRead: sheet.bytes.total,
      bytesTotal: sheet.bytes.total,
    });
    return report;
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
  const warnings: RowWarning[] = [];
  const skippedRows: SkippedRow[] = [];
  let errorCount = 0;
  let warningCount = 0;
  /** Rows left out before writing (not businesses); the writer's skips are added to totals.skipped. */
  let notBusinesses = 0;
  let totalRows = 0;
  const totals = { inserted: 0, updated: 0, skipped: 0 };
  const seenPlaceIds = new Set<string>();
  const repeatedPlaceIds = new Set<string>();
  let excelDuplicateCount = 0;
  let recordsWithPlaceId = 0;
  let databaseDuplicateCount = 0;
  let batch: BusinessRow[] = [];
  let batchRowNumbers: number[] = [];
  let batchValues: (readonly unknown[])[] = [];
  /** Place ids of the batch being filled that no earlier row of the file had. */
  let firstSeen = 0;
  const places = new PlaceFinder();
  const problemCounts: ImportProblemCounts = {};
  const problem = (found: ImportProblem) => {
    problemCounts[found.kind] = (problemCounts[found.kind] ?? 0) + 1;
    options.problems?.add(found);
  };
  /** The value problems of the row being read: they count only if the row is not left out. */
  let rowWarnings: RowWarning[] = [];
  const normalize = rowNormalizer(
    columns,
    (warning) => {
      warningCount++;
      if (warnings.length < MAX_LISTED_ROWS) warnings.push(warning);
      rowWarnings.push(warning);
    },
    places,
  );
  const headerOf = (column: RowWarning['column']) => {
    const index = columns.indexes[column];
    return index === undefined ? column : sheet.headers[index] || column;
  };

  const reject = (rejection: RowRejection, values: readonly unknown[] | null) => {
    problem({ rowNumber: rejection.rowNumber, kind: rejection.kind, values });
    if (rejection.skip) {
      notBusinesses++;
      if (skippedRows.length < MAX_LISTED_ROWS)
        skippedRows.push({
          rowNumber: rejection.rowNumber,
          ...rejection.skip,
          reason: rejection.reason,
          kind: rejection.kind,
        });
      return;
    }
    errorCount++;
    if (errors.length < MAX_LISTED_ROWS) errors.push(rejection);
  };

  // One batch is written while the next is read and normalised: PostgreSQL and Node work at the same time.
  // Only one write is in flight (a connection runs one statement at a time, and a batch's statements must
  // stay in order); a failed write surfaces at the next flush or at the end.
  let writing: Promise<void> | null = null;
  let failure: { error: unknown } | null = null;
  const settle = async () => {
    if (writing) await writing;
    writing = null;
    if (failure) throw failure.error;
  };
  const write = async (
    rows: BusinessRow[],
    rowNumbers: number[],
    rowValues: (readonly unknown[])[],
    newPlaceIds: number,
    rowsDone: number,
    bytesRead: number,
  ) => {
    const result = await writeBusinesses(client, rows, { transaction: 'caller', approved: options.approved });
    totals.inserted += result.inserted;
    totals.updated += result.updated;
    totals.skipped += result.skipped;
    // A place id new to this import that the batch did not insert was already stored.
    databaseDuplicateCount += newPlaceIds - result.insertedWithPlaceId;
    for (const { index, kind } of result.skippedRows) {
      if (kind) problem({ rowNumber: rowNumbers[index], kind, values: rowValues[index] });
    }
    await options.problems?.flush();
    for (const { index, reason, kind } of result.skippedRows) {
      if (skippedRows.length >= MAX_LISTED_ROWS) break;
      const row = rows[index];
      skippedRows.push({
        rowNumber: rowNumbers[index],
        name: detach(row.name),
        placeId: row.place_id === null ? null : detach(row.place_id),
        reason,
        kind,
      });
    }
    await options.onProgress?.({ rowsDone, phase: 'writing', bytesRead, bytesTotal: sheet.bytes.total });
  };
  const flush = async () => {
    await settle();
    if (batch.length === 0) return;
    signal?.throwIfAborted();
    writing = write(batch, batchRowNumbers, batchValues, firstSeen, totalRows, sheet.bytes.read).catch(
      (error: unknown) => {
        failure = { error };
      },
    );
    batch = [];
    batchRowNumbers = [];
    batchValues = [];
    firstSeen = 0;
  };

  try {
    for await (const rows of sheet.batches) {
      if (signal?.aborted) signal.throwIfAborted();
      if (failure) await settle();
      for (const { rowNumber, values } of rows) {
        if (isBlank(values)) continue;
        totalRows++;
        rowWarnings = [];
        const row = normalize(values, rowNumber);
        if (isRejection(row)) {
          reject(row, values);
          continue;
        }
        for (const warning of rowWarnings) {
          problem({
            rowNumber,
            kind: warningKind(warning.column),
            values,
            column: headerOf(warning.column),
            read: warning.read,
          });
        }
        if (row.place_id) {
          recordsWithPlaceId++;
          if (seenPlaceIds.has(row.place_id)) {
            excelDuplicateCount++;
            repeatedPlaceIds.add(detach(row.place_id));
          } else {
            // Kept for the whole file: a copy, not a slice of the chunk it was read from (see detach).
            seenPlaceIds.add(detach(row.place_id));
            firstSeen++;
          }
        }
        batch.push(row);
        batchRowNumbers.push(rowNumber);
        batchValues.push(values);
        if (batch.length >= batchSize) await flush();
      }
    }
    await flush();
    await settle();
  } finally {
    // Whatever stopped the reading, the write in flight ends before the caller rolls back: its remaining
    // statements must not run after the rollback, outside the transaction.
    await writing;
  }
  for (const line of sheet.unreadable) reject({ ...line, kind: 'unreadable-line' }, null);
  await options.problems?.flush();
  totalRows += sheet.unreadable.length;
  if (totalRows === 0) throw new ImportFileError('The file has a header row but no data rows.');

  const { indexes: _indexes, ...extraction } = columns;
  return {
    totalRows,
    ...totals,
    waitingForApproval: options.approved === false ? totals.inserted : 0,
    skipped: totals.skipped + notBusinesses,
    skippedRows,
    errorCount,
    errors,
    warningCount,
    warnings,
    columnExtraction: extraction,
    problemCounts,
    places: places.counts,
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
