import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Shared strings kept in memory whatever the workbook: the most used ones (categories, cities, TRUE …). */
const CACHED_STRINGS = 50_000;
/** Bytes gathered before a write to the file. */
const WRITE_BYTES = 1024 * 1024;

/**
 * A workbook's shared-strings table (xl/sharedStrings.xml) kept in a temporary file rather than in memory.
 * Excel stores every text cell there once, so for a file of Google-Maps rows the table is nearly all of the
 * workbook's text: a 150 MB .xlsx holds some 300 MB of it, which as JavaScript strings alone would pass the
 * worker's memory budget (exceljs's 'cache' mode keeps it all). Here each string costs 4 bytes of memory (its
 * offset); a cell reads its text back from the file (the page cache keeps it warm), and the most used
 * strings stay in memory.
 */
export class SharedStringFile {
  private readonly dir: string;
  private readonly fd: number;
  private offsets = new Uint32Array(1 << 16);
  private count = 0;
  private bytes = 0;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private readonly cache = new Map<number, string>();
  private closed = false;

  /** Keeps the table in a folder of its own under `tempDir` (the OS's by default), removed by close(). */
  constructor(tempDir: string = tmpdir()) {
    this.dir = mkdtempSync(join(tempDir, 'xlsx-strings-'));
    try {
      this.fd = openSync(join(this.dir, 'strings'), 'w+');
    } catch (error) {
      rmSync(this.dir, { recursive: true, force: true });
      throw error;
    }
  }

  /** Appends the next string of the table (index = the number of strings added before it). */
  add(text: string): void {
    const data = Buffer.from(text, 'utf8');
    if (this.count + 1 >= this.offsets.length) {
      const grown = new Uint32Array(this.offsets.length * 2);
      grown.set(this.offsets);
      this.offsets = grown;
    }
    this.offsets[this.count++] = this.bytes;
    this.bytes += data.length;
    this.offsets[this.count] = this.bytes;
    this.pending.push(data);
    this.pendingBytes += data.length;
    if (this.pendingBytes >= WRITE_BYTES) this.flush();
  }

  get size(): number {
    return this.count;
  }

  /** The string at `index`; null when the table has no such entry (a damaged workbook). */
  get(index: number): string | null {
    if (!Number.isInteger(index) || index < 0 || index >= this.count) return null;
    const cached = this.cache.get(index);
    if (cached !== undefined) return cached;
    if (this.pendingBytes > 0) this.flush();
    const start = this.offsets[index];
    const length = this.offsets[index + 1] - start;
    let text = '';
    if (length > 0) {
      const buffer = Buffer.allocUnsafe(length);
      let read = 0;
      while (read < length) read += readSync(this.fd, buffer, read, length - read, start + read);
      text = buffer.toString('utf8');
    }
    if (this.cache.size >= CACHED_STRINGS) this.cache.clear();
    this.cache.set(index, text);
    return text;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.pending = [];
    closeSync(this.fd);
    rmSync(this.dir, { recursive: true, force: true });
  }

  private flush(): void {
    const data = Buffer.concat(this.pending, this.pendingBytes);
    let written = 0;
    while (written < data.length) written += writeSync(this.fd, data, written, data.length - written);
    this.pending = [];
    this.pendingBytes = 0;
  }
}
