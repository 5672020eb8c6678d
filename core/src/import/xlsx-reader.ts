import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { ImportFileError, type SheetRow, type Spreadsheet, type SpreadsheetOptions } from './spreadsheet.js';
import { WorkbookArchive } from './workbook-archive.js';
import { SharedStringFile } from './xlsx-strings.js';

/** A shared string as exceljs emits it: its text, or rich-text runs. */
type SharedStringText = string | null | { richText: { text: string }[] };

/**
 * The part parsers of exceljs's streaming WorkbookReader (exceljs 4.4.0, pinned exactly). Its own `parse()`
 * unzips the upload itself, uncounted, and parks every worksheet in a temporary file until the shared
 * strings were read; feeding these parsers from WorkbookArchive instead counts every inflated byte and
 * writes nothing to disk. The real-file tests (import-file.spec.ts) hold this to exceljs's behaviour.
 */
interface WorkbookParts {
  _parseRels(part: Readable): Promise<void>;
  _parseWorkbook(part: Readable): Promise<void>;
  _parseSharedStrings(part: Readable): AsyncIterable<{ index: number; text: SharedStringText }>;
  _parseWorksheet(part: Readable, sheetNo: string): Iterable<{ eventType: string; value: unknown }>;
}

/** The first worksheet in zip order (what exceljs's reader emitted first). */
const SHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;

/** Rows of a workbook handed on together. */
const XLSX_ROWS_PER_BATCH = 500;

/** Plain value of an exceljs cell: shared strings, rich text, hyperlinks and formulas reduced to what they show. */
function cellValue(value: ExcelJS.CellValue, strings: SharedStringFile): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object' || value instanceof Date) return value;
  if ('sharedString' in value) return strings.get((value as { sharedString: number }).sharedString);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value)
    return cellValue((value as ExcelJS.CellFormulaValue).result ?? null, strings);
  if ('hyperlink' in value) {
    const text = cellValue((value as ExcelJS.CellHyperlinkValue).text as ExcelJS.CellValue, strings);
    return text ?? value.hyperlink;
  }
  if ('error' in value) return null;
  return String(value);
}

const sharedStringText = (text: SharedStringText) =>
  text === null || text === undefined
    ? ''
    : typeof text === 'string'
      ? text
      : text.richText.map((run) => run.text ?? '').join('');

/** Opens the first sheet of an .xlsx file as a stream of rows; memory and disk use stay bounded. */
export async function openXlsx(path: string, options: SpreadsheetOptions = {}): Promise<Spreadsheet> {
  const archive = await WorkbookArchive.open(path, options);
  let strings: SharedStringFile | null = null;
  const close = () => {
    archive.close();
    strings?.close();
  };
  // An error of the archive (a bomb, a damaged part) is the reason, whatever exceljs made of it.
  const wrap = (error: unknown) =>
    archive.failure ??
    (error instanceof ImportFileError
      ? error
      : new ImportFileError(
          `The workbook could not be read (damaged or not a real .xlsx file): ${(error as Error).message}`,
        ));
  let sheetRows: AsyncIterator<ExcelJS.Row>;
  let sheetName: string;
  let first: IteratorResult<ExcelJS.Row>;
  try {
    strings = new SharedStringFile(options.tempDir);
    const workbook = new ExcelJS.stream.xlsx.WorkbookReader(path, {
      sharedStrings: 'emit',
      hyperlinks: 'cache',
      styles: 'ignore',
      worksheets: 'emit',
      entries: 'emit',
    }) as unknown as WorkbookParts;
    if (archive.has('xl/_rels/workbook.xml.rels'))
      await workbook._parseRels(await archive.read('xl/_rels/workbook.xml.rels'));
    await workbook._parseWorkbook(await archive.read('xl/workbook.xml'));
    if (archive.has('xl/sharedStrings.xml')) {
      for await (const { text } of workbook._parseSharedStrings(await archive.read('xl/sharedStrings.xml')))
        strings.add(sharedStringText(text));
    }
    sheetName = [...archive.entries.keys()].find((name) => SHEET.test(name)) ?? '';
    if (!sheetName) throw new ImportFileError('The workbook has no sheet.');
    const sheetNo = SHEET.exec(sheetName)![1];
    const [event] = [...workbook._parseWorksheet(await archive.read(sheetName), sheetNo)];
    sheetRows = (event.value as AsyncIterable<ExcelJS.Row>)[Symbol.asyncIterator]();
    first = await sheetRows.next();
  } catch (error) {
    close();
    throw wrap(error);
  }
  if (first.done) {
    close();
    throw new ImportFileError('The workbook is empty: its first sheet has no header row.');
  }
  const text = strings;
  const rowValues = (row: ExcelJS.Row) =>
    (row.values as ExcelJS.CellValue[]).slice(1).map((value) => cellValue(value, text));
  // Every part this reader inflates, so that the bytes read reach the total exactly at the end of the sheet.
  const parts = ['xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/sharedStrings.xml', sheetName];
  const total = parts.reduce((sum, name) => sum + archive.declaredSize(name), 0);
  const bytes = {
    get read() {
      return Math.min(archive.inflatedBytes, total);
    },
    total,
  };
  const headers = rowValues(first.value).map((h) => String(h ?? '').trim());
  async function* batches(): AsyncIterable<SheetRow[]> {
    let rows: SheetRow[] = [];
    while (true) {
      let next: IteratorResult<ExcelJS.Row>;
      try {
        next = await sheetRows.next();
      } catch (error) {
        throw wrap(error);
      }
      if (next.done) break;
      rows.push({ rowNumber: next.value.number, values: rowValues(next.value) });
      if (rows.length >= XLSX_ROWS_PER_BATCH) {
        yield rows;
        rows = [];
      }
    }
    if (rows.length > 0) yield rows;
  }
  return { headers, batches: batches(), unreadable: [], bytes, close };
}
