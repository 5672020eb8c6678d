import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { extname } from 'node:path';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';

/** A file that cannot be read as a spreadsheet; the message says why, for the upload report. */
export class ImportFileError extends Error {}

export interface SheetRow {
  /** 1-based row number in the file, the header being row 1 (what a person sees in Excel). */
  rowNumber: number;
  values: unknown[];
}

export interface Spreadsheet {
  headers: string[];
  rows: AsyncIterable<SheetRow>;
  /** Records the CSV parser could not read (bad quoting), reported and skipped. */
  unreadable: { rowNumber: number; reason: string }[];
}

type Kind = 'csv' | 'xlsx';

/** Decides how to read a file from its first bytes, so a renamed text file is not taken for a workbook. */
async function detectKind(path: string): Promise<Kind> {
  const handle = await open(path, 'r');
  let head: Buffer;
  try {
    const buffer = Buffer.alloc(8);
    const { bytesRead } = await handle.read(buffer, 0, 8, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  if (head.length === 0) throw new ImportFileError('The file is empty.');
  const extension = extname(path).toLowerCase();
  const isZip = head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
  const isOle = head.subarray(0, 4).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0]));
  if (extension === '.xls' || isOle) {
    throw new ImportFileError(
      'Old Excel .xls workbooks are not read; save the file as .xlsx or .csv and upload it again.',
    );
  }
  if (extension === '.xlsx') {
    if (!isZip)
      throw new ImportFileError('The file is named .xlsx but is not an Excel workbook (it is not a zip archive).');
    return 'xlsx';
  }
  if (extension === '.csv') {
    if (isZip)
      throw new ImportFileError('The file is named .csv but is a zip archive; upload it with its real extension.');
    return 'csv';
  }
  throw new ImportFileError(`Files of type "${extension || 'none'}" are not read; upload .xlsx or .csv.`);
}

/** Opens a .csv or .xlsx file as a stream of rows; memory stays flat whatever the file size. */
export async function openSpreadsheet(path: string): Promise<Spreadsheet> {
  const kind = await detectKind(path);
  return kind === 'csv' ? openCsv(path) : openXlsx(path);
}

async function openCsv(path: string): Promise<Spreadsheet> {
  const unreadable: Spreadsheet['unreadable'] = [];
  const parser = createReadStream(path).pipe(
    parse({
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      // Broken bytes read as U+FFFD instead of failing the file (mixed encodings happen in real exports).
      encoding: 'utf8',
    }),
  );
  parser.on('skip', (error: Error & { lines?: number }) => {
    unreadable.push({ rowNumber: error.lines ?? 0, reason: `The line could not be read as CSV: ${error.message}` });
  });
  const iterator = parser[Symbol.asyncIterator]() as AsyncIterator<string[]>;
  const first = await iterator.next().catch((error: Error) => {
    throw new ImportFileError(`The file could not be read as CSV: ${error.message}`);
  });
  if (first.done) throw new ImportFileError('The file has no header row.');
  const headers = first.value.map((h) => String(h ?? '').trim());
  async function* rows(): AsyncIterable<SheetRow> {
    let rowNumber = 1;
    while (true) {
      let next: IteratorResult<string[]>;
      try {
        next = await iterator.next();
      } catch (error) {
        throw new ImportFileError(
          `The file could not be read as CSV after row ${rowNumber}: ${(error as Error).message}`,
        );
      }
      if (next.done) return;
      rowNumber++;
      yield { rowNumber, values: next.value };
    }
  }
  return { headers, rows: rows(), unreadable };
}

/** Plain value of an exceljs cell: rich text, hyperlinks and formulas reduced to what they show. */
function cellValue(value: ExcelJS.CellValue): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object' || value instanceof Date) return value;
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value)
    return cellValue((value as ExcelJS.CellFormulaValue).result ?? null);
  if ('hyperlink' in value) return (value as ExcelJS.CellHyperlinkValue).text ?? value.hyperlink;
  if ('error' in value) return null;
  return String(value);
}

async function openXlsx(path: string): Promise<Spreadsheet> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    sharedStrings: 'cache',
    hyperlinks: 'cache',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  const wrap = (error: unknown) =>
    new ImportFileError(
      `The workbook could not be read (damaged or not a real .xlsx file): ${(error as Error).message}`,
    );
  let sheetRows: AsyncIterator<ExcelJS.Row>;
  let first: IteratorResult<ExcelJS.Row>;
  try {
    const sheets = workbook[Symbol.asyncIterator]();
    const sheet = await sheets.next();
    if (sheet.done) throw new ImportFileError('The workbook has no sheet.');
    sheetRows = (sheet.value as unknown as AsyncIterable<ExcelJS.Row>)[Symbol.asyncIterator]();
    first = await sheetRows.next();
  } catch (error) {
    throw error instanceof ImportFileError ? error : wrap(error);
  }
  if (first.done) throw new ImportFileError('The workbook is empty: its first sheet has no header row.');
  const rowValues = (row: ExcelJS.Row) => (row.values as ExcelJS.CellValue[]).slice(1).map(cellValue);
  const headers = rowValues(first.value).map((h) => String(h ?? '').trim());
  async function* rows(): AsyncIterable<SheetRow> {
    while (true) {
      let next: IteratorResult<ExcelJS.Row>;
      try {
        next = await sheetRows.next();
      } catch (error) {
        throw wrap(error);
      }
      if (next.done) return;
      yield { rowNumber: next.value.number, values: rowValues(next.value) };
    }
  }
  return { headers, rows: rows(), unreadable: [] };
}
