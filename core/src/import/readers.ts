import { isUtf8 } from 'node:buffer';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { extname } from 'node:path';
import ExcelJS from 'exceljs';
import { CsvQuoteError, CsvRecordReader } from './csv-records.js';
import { SharedStringFile } from './xlsx-strings.js';

/** A file that cannot be read as a spreadsheet; the message says why, for the upload report. */
export class ImportFileError extends Error {}

export interface SheetRow {
  /** 1-based row number in the file, the header being row 1 (what a person sees in Excel). */
  rowNumber: number;
  values: unknown[];
}

export interface Spreadsheet {
  headers: string[];
  /** The data rows, a few hundred at a time (one promise per chunk rather than per row). */
  batches: AsyncIterable<SheetRow[]>;
  /** Records the CSV parser could not read (bad quoting), reported and skipped. */
  unreadable: { rowNumber: number; reason: string }[];
  /** Stops reading and closes the file (an import that ends early must not leave it open). */
  close: () => void;
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
    await inspectWorkbookArchive(path);
    return 'xlsx';
  }
  if (extension === '.csv') {
    if (isZip)
      throw new ImportFileError('The file is named .csv but is a zip archive; upload it with its real extension.');
    if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) {
      throw new ImportFileError(
        'The file is UTF-16 text ("Unicode text" in Excel), which is not read; save it as "CSV UTF-8" and upload it again.',
      );
    }
    return 'csv';
  }
  throw new ImportFileError(`Files of type "${extension || 'none'}" are not read; upload .xlsx or .csv.`);
}

/** Opens a .csv or .xlsx file as a stream of rows; memory stays flat whatever the file size. */
export async function openSpreadsheet(path: string): Promise<Spreadsheet> {
  const kind = await detectKind(path);
  return kind === 'csv' ? openCsv(path) : openXlsx(path);
}

/** Entries of a workbook may expand this much in total; beyond it the file is refused as a zip bomb. */
export const MAX_WORKBOOK_EXPANDED_BYTES = 4 * 1024 ** 3;
/** An entry larger than 10 MB expanded that compresses better than this is not spreadsheet XML (real sheets: 5-30×). */
const MAX_ENTRY_RATIO = 200;

/**
 * Reads the zip's central directory before anything is parsed: a truncated upload has none, a zip that is
 * not a workbook lacks xl/workbook.xml, and a zip bomb declares sizes no spreadsheet has. All three are
 * refused before a row is read.
 */
async function inspectWorkbookArchive(path: string): Promise<void> {
  const damaged = new ImportFileError(
    'The workbook is damaged: the end of the file is missing (the upload or the download was cut short). Save it again and upload it.',
  );
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const read = async (position: number, length: number) => {
      if (position < 0 || position + length > size) throw damaged;
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, position);
      if (bytesRead !== length) throw damaged;
      return buffer;
    };
    // The end-of-central-directory record is in the last 22 bytes plus an optional comment of up to 64 KB.
    const tailLength = Math.min(size, 22 + 0xffff);
    const tail = await read(size - tailLength, tailLength);
    const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    if (eocd < 0 || eocd + 22 > tail.length) throw damaged;
    let entries = tail.readUInt16LE(eocd + 10);
    let directorySize = tail.readUInt32LE(eocd + 12);
    let directoryOffset = tail.readUInt32LE(eocd + 16);
    if (entries === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
      // Zip64: the locator sits just before the classic record and points to the 64-bit one.
      const locatorAt = size - tailLength + eocd - 20;
      const locator = await read(locatorAt, 20);
      if (locator.readUInt32LE(0) !== 0x07064b50) throw damaged;
      const record = await read(Number(locator.readBigUInt64LE(8)), 56);
      if (record.readUInt32LE(0) !== 0x06064b50) throw damaged;
      entries = Number(record.readBigUInt64LE(32));
      directorySize = Number(record.readBigUInt64LE(40));
      directoryOffset = Number(record.readBigUInt64LE(48));
    }
    if (directorySize > 16 * 1024 * 1024) {
      throw new ImportFileError('The file is a zip archive with far more entries than a workbook has; it is refused.');
    }
    const directory = await read(directoryOffset, directorySize);
    let position = 0;
    let expanded = 0;
    let isWorkbook = false;
    for (let i = 0; i < entries; i++) {
      if (position + 46 > directory.length || directory.readUInt32LE(position) !== 0x02014b50) throw damaged;
      let compressed = directory.readUInt32LE(position + 20);
      let uncompressed = directory.readUInt32LE(position + 24);
      const nameLength = directory.readUInt16LE(position + 28);
      const extraLength = directory.readUInt16LE(position + 30);
      const commentLength = directory.readUInt16LE(position + 32);
      const name = directory.toString('utf8', position + 46, position + 46 + nameLength);
      if (uncompressed === 0xffffffff || compressed === 0xffffffff) {
        // Zip64 extra field (id 1): the 64-bit uncompressed then compressed sizes, each only when saturated.
        let extra = position + 46 + nameLength;
        const extraEnd = extra + extraLength;
        while (extra + 4 <= extraEnd) {
          const id = directory.readUInt16LE(extra);
          const length = directory.readUInt16LE(extra + 2);
          if (id === 1) {
            let field = extra + 4;
            if (uncompressed === 0xffffffff) {
              uncompressed = Number(directory.readBigUInt64LE(field));
              field += 8;
            }
            if (compressed === 0xffffffff) compressed = Number(directory.readBigUInt64LE(field));
            break;
          }
          extra += 4 + length;
        }
      }
      if (name === 'xl/workbook.xml') isWorkbook = true;
      expanded += uncompressed;
      if (uncompressed > 10 * 1024 * 1024 && uncompressed / Math.max(compressed, 1) > MAX_ENTRY_RATIO) {
        throw new ImportFileError(
          `The workbook is refused: its part "${name}" expands ${Math.round(uncompressed / Math.max(compressed, 1))} times (to ${Math.round(uncompressed / 1024 ** 2)} MB), which no spreadsheet does (a zip bomb).`,
        );
      }
      position += 46 + nameLength + extraLength + commentLength;
    }
    if (expanded > MAX_WORKBOOK_EXPANDED_BYTES) {
      throw new ImportFileError(
        `The workbook is refused: it expands to ${Math.round(expanded / 1024 ** 3)} GB, more than the 4 GB an upload may hold (a zip bomb?).`,
      );
    }
    if (!isWorkbook) {
      throw new ImportFileError(
        'The file is a zip archive but not an Excel workbook (it has no xl/workbook.xml); upload an .xlsx or .csv file.',
      );
    }
  } finally {
    await handle.close();
  }
}

/** Lines before the first one of the chunk that is not valid UTF-8 on its own. */
function badLineOffset(chunk: Buffer): number {
  let offset = 0;
  let start = 0;
  while (start < chunk.length) {
    const end = chunk.indexOf(10, start);
    const stop = end === -1 ? chunk.length : end;
    if (!isUtf8(chunk.subarray(start, stop))) return offset;
    offset++;
    start = stop + 1;
  }
  return 0;
}

function notUtf8(line: number): ImportFileError {
  return new ImportFileError(
    `The file is not valid UTF-8 text: line ${line} is in another encoding (the file mixes encodings). Save it as "CSV UTF-8" and upload it again.`,
  );
}

/** Bytes read from a CSV file at a time (a few hundred rows of a Google-Maps export). */
const CSV_CHUNK_BYTES = 256 * 1024;

/**
 * Reads a CSV file as a stream, a chunk of records at a time. Only valid UTF-8 is read: a file that mixes
 * encodings (a Latin-1 line in a UTF-8 file) is refused with the number of the first bad line, rather than
 * landing with replacement characters in names. The decode is the check (each byte is decoded once).
 */
async function openCsv(path: string): Promise<Spreadsheet> {
  const unreadable: Spreadsheet['unreadable'] = [];
  const file = createReadStream(path, { highWaterMark: CSV_CHUNK_BYTES });
  const close = () => file.destroy();
  const chunks = file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const reader = new CsvRecordReader(({ line, message }) =>
    unreadable.push({ rowNumber: line, reason: `The line could not be read as CSV: ${message}` }),
  );
  let line = 1;
  let ended = false;
  /** The records of the next chunk(s) of the file; null at its end. */
  const next = async (): Promise<string[][] | null> => {
    while (!ended) {
      const { value, done } = await chunks.next();
      let text: string;
      try {
        text = done ? decoder.decode() : decoder.decode(value, { stream: true });
      } catch {
        throw notUtf8(done ? line : line + badLineOffset(value));
      }
      if (!done) for (let at = value.indexOf(10); at !== -1; at = value.indexOf(10, at + 1)) line++;
      let records: string[][];
      try {
        records = reader.push(text);
        if (done) {
          ended = true;
          records = records.concat(reader.end());
        }
      } catch (error) {
        if (error instanceof CsvQuoteError)
          throw new ImportFileError(`The file could not be read as CSV: ${error.message}.`);
        throw error;
      }
      if (records.length > 0) return records;
    }
    return null;
  };

  let pending: string[][] | null;
  try {
    pending = await next();
  } catch (error) {
    close();
    throw error instanceof ImportFileError
      ? error
      : new ImportFileError(`The file could not be read as CSV: ${(error as Error).message}`);
  }
  if (!pending) {
    close();
    throw new ImportFileError('The file has no header row.');
  }
  const headers = pending[0].map((h) => String(h ?? '').trim());
  pending = pending.slice(1);
  async function* batches(): AsyncIterable<SheetRow[]> {
    let rowNumber = 1;
    for (let records = pending; records; records = await next()) {
      if (records.length === 0) continue;
      const rows: SheetRow[] = new Array(records.length);
      for (let i = 0; i < records.length; i++) rows[i] = { rowNumber: ++rowNumber, values: records[i] };
      yield rows;
    }
  }
  return { headers, batches: batches(), unreadable, close };
}

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

/** A shared string as exceljs emits it: its text, or rich-text runs. */
type SharedStringText = string | null | { richText: { text: string }[] };

/** Rows of a workbook handed on together. */
const XLSX_ROWS_PER_BATCH = 500;

async function openXlsx(path: string): Promise<Spreadsheet> {
  const file = createReadStream(path);
  const strings = new SharedStringFile();
  const close = () => {
    file.destroy();
    strings.close();
  };
  // Shared strings are emitted (and kept in a file, see SharedStringFile), not cached by exceljs; the sheets
  // are then read after the table (exceljs parks them in temporary files until it has been read).
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    sharedStrings: 'emit',
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
    // parse() yields the shared strings ({index, text}) and the worksheets ({eventType: 'worksheet'}).
    type WorkbookEvent = { eventType?: string; value?: unknown; index?: number; text?: SharedStringText };
    const parse = (workbook as unknown as { parse(): AsyncIterable<WorkbookEvent> }).parse();
    const events = parse[Symbol.asyncIterator]();
    let sheet: unknown = null;
    while (sheet === null) {
      const next = await events.next();
      if (next.done) throw new ImportFileError('The workbook has no sheet.');
      const event = next.value;
      if (event.eventType === 'worksheet') sheet = event.value;
      else if (event.eventType === undefined && typeof event.index === 'number') {
        const text = event.text;
        strings.add(
          text === null || text === undefined
            ? ''
            : typeof text === 'string'
              ? text
              : text.richText.map((run) => run.text ?? '').join(''),
        );
      }
    }
    sheetRows = (sheet as AsyncIterable<ExcelJS.Row>)[Symbol.asyncIterator]();
    first = await sheetRows.next();
  } catch (error) {
    close();
    throw error instanceof ImportFileError ? error : wrap(error);
  }
  if (first.done) {
    close();
    throw new ImportFileError('The workbook is empty: its first sheet has no header row.');
  }
  const rowValues = (row: ExcelJS.Row) =>
    (row.values as ExcelJS.CellValue[]).slice(1).map((value) => cellValue(value, strings));
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
  return { headers, batches: batches(), unreadable: [], close };
}
