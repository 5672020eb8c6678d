import { isUtf8 } from 'node:buffer';
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { CsvQuoteError, CsvRecordReader } from './csv-records.js';
import { ImportFileError, type SheetRow, type Spreadsheet, type SpreadsheetOptions } from './spreadsheet.js';
import { openXlsx } from './xlsx-reader.js';

export { ImportFileError, type SheetRow, type Spreadsheet, type SpreadsheetOptions } from './spreadsheet.js';
export { MAX_WORKBOOK_EXPANDED_BYTES } from './workbook-archive.js';

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
    if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) {
      throw new ImportFileError(
        'The file is UTF-16 text ("Unicode text" in Excel), which is not read; save it as "CSV UTF-8" and upload it again.',
      );
    }
    return 'csv';
  }
  throw new ImportFileError(`Files of type "${extension || 'none'}" are not read; upload .xlsx or .csv.`);
}

/**
 * Opens a .csv or .xlsx file as a stream of rows; memory stays flat whatever the file size. A workbook's
 * zip is checked as it is read (see WorkbookArchive).
 */
export async function openSpreadsheet(path: string, options: SpreadsheetOptions = {}): Promise<Spreadsheet> {
  const kind = await detectKind(path);
  return kind === 'csv' ? openCsv(path) : openXlsx(path, options);
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
  const bytes = { read: 0, total: (await stat(path)).size };
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
      if (!done) bytes.read += value.length;
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
  return { headers, batches: batches(), unreadable, bytes, close };
}
