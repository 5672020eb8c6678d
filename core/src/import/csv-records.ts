/**
 * A streaming RFC 4180 reader for imports: decoded text in, records (arrays of cell strings) out, a chunk at
 * a time. It replaced csv-parse on the import path because reading was a third of an import's time there:
 * this one finds cell ends with indexOf and slices, and decodes each byte once (the UTF-8 check is the decode).
 *
 * What it accepts, as csv-parse did with the options the import used (bom, relax_column_count,
 * skip_empty_lines, skip_records_with_error): a byte order mark, any number of cells per record, CRLF, LF or
 * (when the file's first line break is one) CR line ends, line breaks and doubled quotes inside quoted
 * cells, empty lines (skipped). A record with bad quoting (a quote inside an unquoted cell, text after a
 * closing quote) is reported with its line number and skipped up to the end of its line; reading goes on
 * with the next line (csv-parse lost the rest of the file after some of these).
 */

const COMMA = 0x2c;
const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/** A quoted cell longer than this is a quote that was never closed, not a cell (Excel's limit is 32,767). */
export const MAX_CSV_CELL_CHARS = 1024 * 1024;

export interface CsvRecordProblem {
  /** 1-based line of the file where the problem was found. */
  line: number;
  message: string;
}

export class CsvRecordReader {
  /** Cells of the record being read. */
  private cells: string[] = [];
  /** Text of the cell being read, when it spans chunks. */
  private cell = '';
  /** Inside a quoted cell; `afterQuote`: a quote was just read inside it (closing, or the first of a pair). */
  private quoted = false;
  private afterQuote = false;
  /** The record has content (so an empty line is told from a record of one empty cell). */
  private started = false;
  /** Skipping the rest of a line after bad quoting. */
  private skipping = false;
  /** Text held back to the next chunk (a CR whose LF may follow). */
  private carry = '';
  private first = true;
  /** Lines end in CR alone (old Mac files); undefined until the first line break is seen. */
  private crOnly: boolean | undefined = undefined;
  /** Line breaks consumed before the current chunk. */
  private linesBefore = 0;
  /** The chunk being read, where the current record started in it (-1: in an earlier chunk, on recordLine). */
  private text = '';
  private recordAt = 0;
  private recordLine = 1;

  constructor(private readonly onProblem: (problem: CsvRecordProblem) => void) {}

  /** Reads a chunk of text; returns the records it completed. */
  push(chunk: string): string[][] {
    let text = this.carry + chunk;
    this.carry = '';
    if (this.first) {
      this.first = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    if (this.crOnly === undefined) {
      // Decided by the file's first line break (undecided while it may be a CRLF cut between chunks).
      const cr = text.indexOf('\r');
      const lf = text.indexOf('\n');
      if (cr !== -1 && (lf === -1 || cr < lf)) {
        if (cr < text.length - 1) this.crOnly = text.charCodeAt(cr + 1) !== LF;
      } else if (lf !== -1) this.crOnly = false;
    }
    if (this.crOnly) text = text.replace(/\r/g, '\n');
    else if (text.charCodeAt(text.length - 1) === CR) {
      // A CRLF may be cut between chunks: decide with the next one.
      this.carry = '\r';
      text = text.slice(0, -1);
    }
    const records: string[][] = [];
    this.read(text, records);
    this.nextChunk(text);
    return records;
  }

  /** Lines are counted once per chunk (and at a problem), not per record. */
  private nextChunk(text: string): void {
    if (this.recordAt >= 0) this.recordLine = this.linesBefore + countLines(text, this.recordAt) + 1;
    this.recordAt = -1;
    this.linesBefore += countLines(text);
    this.text = '';
  }

  /** The line the current record started on. */
  private recordStartLine(): number {
    return this.recordAt >= 0 ? this.linesBefore + countLines(this.text, this.recordAt) + 1 : this.recordLine;
  }

  /** The end of the file: the last record (a file need not end with a line break). */
  end(): string[][] {
    const records: string[][] = [];
    if (this.carry) {
      // A CR at the very end of the file ends its last line (unless it is inside a quoted cell).
      const carried = this.quoted && !this.afterQuote ? this.carry : '\n';
      this.carry = '';
      this.read(carried, records);
      this.nextChunk(carried);
    }
    if (this.quoted && !this.afterQuote) {
      const line = this.recordStartLine();
      this.problem(
        line,
        `Quote Not Closed: the record starting at line ${line} opens a quoted cell that is never closed`,
      );
    } else if (!this.skipping && (this.started || this.cell !== '' || this.cells.length > 0)) {
      this.cells.push(this.cell);
      records.push(this.cells);
    }
    this.reset();
    return records;
  }

  private read(text: string, records: string[][]): void {
    this.text = text;
    const length = text.length;
    let i = 0;
    while (i < length) {
      if (this.skipping) {
        const lf = text.indexOf('\n', i);
        if (lf === -1) return;
        this.skipping = false;
        this.reset();
        this.recordAt = lf + 1;
        i = lf + 1;
        continue;
      }
      if (this.quoted) {
        if (this.afterQuote) {
          const c = text.charCodeAt(i);
          if (c === QUOTE) {
            this.cell += '"';
            this.afterQuote = false;
            i++;
            continue;
          }
          this.quoted = false;
          this.afterQuote = false;
          if (c === COMMA) {
            this.cells.push(this.cell);
            this.cell = '';
            i++;
            continue;
          }
          if (c === LF || (c === CR && text.charCodeAt(i + 1) === LF)) {
            i = this.endRecord(records, i + (c === CR ? 2 : 1));
            continue;
          }
          this.bad(
            text,
            i,
            `Invalid Closing Quote: got "${text[i]}" after a closing quote instead of a comma or the end of the line`,
          );
          continue;
        }
        const close = text.indexOf('"', i);
        if (close === -1) {
          this.cell += text.slice(i);
          if (this.cell.length > MAX_CSV_CELL_CHARS) this.unclosed();
          return;
        }
        this.cell += text.slice(i, close);
        this.afterQuote = true;
        i = close + 1;
        continue;
      }
      // Unquoted: a cell starts here or continues from the previous chunk.
      if (this.cell === '' && text.charCodeAt(i) === QUOTE) {
        this.quoted = true;
        this.started = true;
        i++;
        continue;
      }
      let j = i;
      let c = 0;
      while (j < length) {
        c = text.charCodeAt(j);
        if (c === COMMA || c === LF || c === QUOTE || c === CR) break;
        j++;
      }
      if (j > i) {
        this.cell += text.slice(i, j);
        this.started = true;
      }
      if (j === length) {
        if (this.cell.length > MAX_CSV_CELL_CHARS) this.unclosed();
        return;
      }
      if (c === COMMA) {
        this.cells.push(this.cell);
        this.cell = '';
        this.started = true;
        i = j + 1;
      } else if (c === LF) {
        i = this.endRecord(records, j + 1);
      } else if (c === CR) {
        if (text.charCodeAt(j + 1) === LF) i = this.endRecord(records, j + 2);
        else {
          // A lone CR inside a cell of a CRLF or LF file is text.
          this.cell += '\r';
          this.started = true;
          i = j + 1;
        }
      } else {
        this.bad(
          text,
          j,
          `Invalid Opening Quote: a quote is found inside the unquoted cell ${this.cells.length + 1} ("${this.cell.slice(0, 40)}")`,
        );
      }
    }
  }

  private endRecord(records: string[][], next: number): number {
    if (this.started || this.cells.length > 0) {
      this.cells.push(this.cell);
      records.push(this.cells);
    }
    this.reset();
    this.recordAt = next;
    return next;
  }

  private reset(): void {
    this.cells = [];
    this.cell = '';
    this.quoted = false;
    this.afterQuote = false;
    this.started = false;
  }

  /** Reports the record as unreadable and skips to the end of the line where the problem is. */
  private bad(text: string, at: number, message: string): void {
    const line = this.lineAt(text, at);
    this.problem(line, `${message} at line ${line}`);
    this.reset();
    this.skipping = true;
  }

  private unclosed(): never {
    throw new CsvQuoteError(
      this.quoted
        ? `line ${this.recordStartLine()} opens a quoted cell that is not closed within ${MAX_CSV_CELL_CHARS / 1024 / 1024} MB of text`
        : `line ${this.recordStartLine()} has a cell of more than ${MAX_CSV_CELL_CHARS / 1024 / 1024} MB of text (is it really a CSV file?)`,
    );
  }

  private problem(line: number, message: string): void {
    this.onProblem({ line, message });
  }

  /** 1-based line number of position `at` of the current chunk. */
  private lineAt(text: string, at: number): number {
    return this.linesBefore + countLines(text, at) + 1;
  }
}

/** A quoted cell that runs on for megabytes: the file's quoting is broken beyond reading. */
export class CsvQuoteError extends Error {}

function countLines(text: string, until = text.length): number {
  let n = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < until; at = text.indexOf('\n', at + 1)) n++;
  return n;
}
