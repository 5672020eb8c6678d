import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { once } from 'node:events';
import { neutraliseCell } from '../export/fields.js';
import {
  IMPORT_PROBLEM_CSV_COLUMNS,
  IMPORT_PROBLEM_LABELS,
  IMPORT_PROBLEM_REASONS,
  type ImportProblemKind,
} from '../wire/import-problems.js';

/** One problem of one row: the row as the file had it, and for a value problem the column and what was read. */
export interface ImportProblem {
  rowNumber: number;
  kind: ImportProblemKind;
  /** The row's cells in the file's column order; null when the line could not be read at all. */
  values: readonly unknown[] | null;
  column?: string;
  read?: string;
}

/** Where an import's problems go while it runs (ProblemFile, or nothing). */
export interface ProblemSink {
  /** Called once, with the file's header row, before any problem. */
  start(headers: readonly string[]): void;
  add(problem: ImportProblem): void;
  /** Lets buffered lines reach the disk (called between batches: memory stays flat). */
  flush(): Promise<void>;
}

/** The problems CSV of import `jobId` (DATA_DIR/import-problems); the job id is checked by the caller. */
export const IMPORT_JOB_ID_PATTERN = /^import-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const importProblemsDir = (dataDir: string) => resolve(dataDir, 'import-problems');
export function importProblemsPath(dataDir: string, jobId: string): string {
  if (!IMPORT_JOB_ID_PATTERN.test(jobId)) throw new Error(`"${jobId.slice(0, 60)}" is not an import job id.`);
  return join(importProblemsDir(dataDir), `${jobId}.csv`);
}

const BOM = '\uFEFF';
const NEEDS_QUOTES = /[",\r\n]/;

/** An RFC 4180 cell (a formula start neutralised, as the export does: the file is opened in Excel). */
function csvCell(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (value instanceof Date) text = Number.isNaN(value.getTime()) ? '' : value.toISOString();
  else text = String(value);
  text = neutraliseCell(text);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const FLUSH_CHARS = 256 * 1024;

/**
 * Every problem row of an import as CSV (UTF-8 with BOM, CRLF, for Excel): row number, Turkish label and
 * sentence, the column and value at fault for a value problem, then the row's original cells under the
 * file's own headers. Written to `<path>.part` while the import runs and renamed by `finish` just before
 * the import commits, so a download never sees a half-written file or the problems of a rolled-back attempt.
 */
export class ProblemFile implements ProblemSink {
  private readonly stream: WriteStream;
  private buffer = '';
  private width = 0;

  private constructor(
    private readonly path: string,
    private readonly partPath: string,
  ) {
    this.stream = createWriteStream(partPath);
  }

  static async create(path: string): Promise<ProblemFile> {
    await mkdir(dirname(path), { recursive: true });
    return new ProblemFile(path, `${path}.part`);
  }

  start(headers: readonly string[]): void {
    this.width = headers.length;
    this.buffer += BOM + [...IMPORT_PROBLEM_CSV_COLUMNS, ...headers].map(csvCell).join(',') + '\r\n';
  }

  add(problem: ImportProblem): void {
    const cells: unknown[] = [
      problem.rowNumber,
      IMPORT_PROBLEM_LABELS[problem.kind],
      IMPORT_PROBLEM_REASONS[problem.kind],
      problem.column ?? '',
      problem.read ?? '',
    ];
    for (let i = 0; i < this.width; i++) cells.push(problem.values?.[i]);
    this.buffer += cells.map(csvCell).join(',') + '\r\n';
    if (this.buffer.length > FLUSH_CHARS) this.write();
  }

  async flush(): Promise<void> {
    if (!this.write()) await once(this.stream, 'drain');
  }

  /** Closes the file under its final name. */
  async finish(): Promise<void> {
    this.write();
    this.stream.end();
    await once(this.stream, 'finish');
    await rename(this.partPath, this.path);
  }

  /** Removes what was written (the import failed or was cancelled). */
  async discard(): Promise<void> {
    this.buffer = '';
    if (!this.stream.closed) {
      this.stream.destroy();
      await once(this.stream, 'close').catch(() => undefined);
    }
    await rm(this.partPath, { force: true });
  }

  /** Writes the buffer; false when the stream asks to wait for 'drain'. */
  private write(): boolean {
    if (!this.buffer) return true;
    const chunk = this.buffer;
    this.buffer = '';
    return this.stream.write(chunk);
  }
}
