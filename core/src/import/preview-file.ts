import type pg from 'pg';
import { cellText, isBlank } from './cells.js';
import { type ColumnMapping, detectLayout, headerSignature, IMPORT_TARGETS, mapColumns, mappingOf } from './columns.js';
import { importFile, type ImportOptions } from './import-file.js';
import { isRejection, rowNormalizer } from './normalize-row.js';
import { openSpreadsheet, type SheetRow } from './readers.js';
import { IMPORT_PROBLEM_LABELS } from '../wire/import-problems.js';
import { type ImportPreview, PREVIEW_ROWS } from '../wire/import-preview.js';

const SHOWN_CHARS = 120;

/** The header row and the first rows of a file (read and closed again). */
async function topOf(path: string, read: ImportOptions['read']): Promise<{ headers: string[]; rows: SheetRow[] }> {
  const sheet = await openSpreadsheet(path, read);
  const rows: SheetRow[] = [];
  try {
    for await (const batch of sheet.batches) {
      for (const row of batch) if (!isBlank(row.values) && rows.length < PREVIEW_ROWS) rows.push(row);
      if (rows.length >= PREVIEW_ROWS) break;
    }
    return { headers: sheet.headers, rows };
  } finally {
    sheet.close();
  }
}

/**
 * The import preview of a file: its layout, the mapping (the given one over the detected one), the first rows
 * as the import reads them, and the counts of a dry run of the whole import (rolled back, see importFile).
 */
export async function previewFile(
  path: string,
  client: pg.ClientBase,
  options: Pick<ImportOptions, 'batchSize' | 'onProgress' | 'signal' | 'read'> & {
    fileName: string;
    /** The admin's mapping; without one, the one `remembered` for the layout, else the headers decide. */
    mapping?: ColumnMapping;
    remembered?: (signature: string) => Promise<ColumnMapping | null>;
  },
): Promise<ImportPreview> {
  const { headers, rows } = await topOf(path, options.read);
  const signature = headerSignature(headers);
  let mapping = options.mapping;
  let mappingSource: ImportPreview['mappingSource'] = mapping ? 'chosen' : 'detected';
  if (!mapping) {
    const remembered = (await options.remembered?.(signature)) ?? null;
    if (remembered) [mapping, mappingSource] = [remembered, 'remembered'];
  }
  const columns = mapColumns(headers, mapping);
  const normalize = rowNormalizer(columns);
  const shown = rows.map(({ rowNumber, values }) => {
    const cells: Record<string, string | null> = {};
    for (const column of IMPORT_TARGETS) {
      const index = columns.indexes[column];
      const text = index === undefined ? null : cellText(values[index]);
      cells[column] = text && text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text;
    }
    const read = columns.indexes.name === undefined ? null : normalize(values, rowNumber);
    return { rowNumber, values: cells, problem: read && isRejection(read) ? IMPORT_PROBLEM_LABELS[read.kind] : null };
  });
  let counts: ImportPreview['counts'] = null;
  if (columns.indexes.name !== undefined) {
    const { batchSize, onProgress, signal, read } = options;
    const report = await importFile(path, client, { batchSize, onProgress, signal, read, mapping, dryRun: true });
    counts = {
      totalRows: report.totalRows,
      new: report.inserted,
      updated: report.updated,
      skipped: report.skipped,
      withProblems: report.errorCount,
      problemCounts: report.problemCounts,
    };
  }
  return {
    fileName: options.fileName,
    layout: detectLayout(headers),
    signature,
    headers,
    mapping: mappingOf(columns, headers),
    mappingSource,
    rows: shown,
    counts,
  };
}
