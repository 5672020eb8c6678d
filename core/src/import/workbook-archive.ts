import { Transform, type Readable, type TransformCallback } from 'node:stream';
import yauzl from 'yauzl';
import { ImportFileError } from './spreadsheet.js';

/**
 * Bytes a workbook may inflate to while it is read (the parts read, together); past it the read stops and
 * the file is refused. Real exports inflate 4-7× (shared/data/real), so a 150 MB upload stays near 1 GB.
 */
export const MAX_WORKBOOK_EXPANDED_BYTES = 4 * 1024 ** 3;
/** A part larger than 10 MB expanded that compresses better than this is not spreadsheet XML (real sheets: 5-30×). */
const MAX_ENTRY_RATIO = 200;
const RATIO_CHECKED_FROM_BYTES = 10 * 1024 * 1024;
/** Parts a workbook may hold; a real one has a few dozen (a few more per sheet or picture). */
const MAX_ENTRIES = 100_000;

export interface ArchiveLimits {
  /** Overrides MAX_WORKBOOK_EXPANDED_BYTES (tests use a small limit to stay fast). */
  maxExpandedBytes?: number;
}

const size = (bytes: number) =>
  bytes >= 1024 ** 3 ? `${Math.round(bytes / 1024 ** 3)} GB` : `${Math.round(bytes / 1024 ** 2)} MB`;

const damaged = (detail?: string) =>
  new ImportFileError(
    detail
      ? `The workbook is damaged: ${detail}. Save it again and upload it.`
      : 'The workbook is damaged: the end of the file is missing (the upload or the download was cut short). Save it again and upload it.',
  );

/**
 * A workbook's zip archive read through yauzl, part by part in any order (so the shared strings are read
 * before the sheet, and nothing is parked on disk). Opening checks the zip directory (damaged, not a
 * workbook, a part that admits a bomb's ratio). The sizes it declares are not trusted for the limit: while
 * parts are read, the bytes actually inflated are counted and the read stops past the limit; and yauzl
 * stops a part as soon as it inflates beyond its declared size (a forged directory), which fails fastest.
 */
export class WorkbookArchive {
  /** Entries in the order of the zip directory, by name. */
  readonly entries = new Map<string, yauzl.Entry>();
  /** Why reading stopped, when the archive itself stopped it (a bomb, a damaged part). */
  failure: ImportFileError | null = null;
  private inflated = 0;
  private readonly streams = new Set<Readable>();
  private closed = false;

  private constructor(
    private readonly zip: yauzl.ZipFile,
    private readonly maxExpandedBytes: number,
  ) {}

  static async open(path: string, limits: ArchiveLimits = {}): Promise<WorkbookArchive> {
    const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.open(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (error, file) =>
        error ? reject(error) : resolve(file),
      ),
    ).catch((error: Error) => {
      throw /end of central directory/i.test(error.message)
        ? damaged()
        : damaged(`its zip structure cannot be read (${error.message})`);
    });
    const archive = new WorkbookArchive(zip, limits.maxExpandedBytes ?? MAX_WORKBOOK_EXPANDED_BYTES);
    try {
      await archive.readDirectory();
    } catch (error) {
      archive.close();
      throw error;
    }
    return archive;
  }

  /** Bytes inflated so far, every part read counted. */
  get inflatedBytes(): number {
    return this.inflated;
  }

  /** The size a part declares in the zip directory (0 when the part is missing); reads stop beyond it. */
  declaredSize(name: string): number {
    return this.entries.get(name)?.uncompressedSize ?? 0;
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** The text of one part as it inflates, counted against the archive's limit; its errors are ImportFileErrors. */
  async read(name: string): Promise<Readable> {
    const entry = this.entries.get(name);
    if (!entry) throw damaged(`its part "${name}" is missing`);
    if (this.closed) throw new Error('The workbook archive is closed.');
    const source = await this.zip.openReadStreamPromise(entry).catch((error: Error) => {
      throw this.fail(damaged(`its part "${name}" cannot be unpacked (${error.message})`));
    });
    const counter = new Transform({
      transform: (chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) => {
        this.inflated += chunk.length;
        if (this.inflated > this.maxExpandedBytes) {
          return done(
            this.fail(
              new ImportFileError(
                `The workbook is refused: it expands to more than ${size(this.maxExpandedBytes)} when unpacked, more than an upload may hold (a zip bomb?). Split it into smaller files and upload them.`,
              ),
            ),
          );
        }
        done(null, chunk);
      },
    });
    source.on('error', (error: Error) => {
      const reason = /too many bytes/.test(error.message)
        ? new ImportFileError(
            `The workbook is refused: its part "${name}" expands beyond the ${entry.uncompressedSize} bytes its zip directory declares, which only a forged file does (a zip bomb).`,
          )
        : damaged(`its part "${name}" cannot be unpacked (${error.message})`);
      counter.destroy(this.fail(reason));
    });
    const forget = () => {
      this.streams.delete(source);
      this.streams.delete(counter);
    };
    counter.on('close', () => {
      source.destroy();
      forget();
    });
    this.streams.add(source).add(counter);
    // Text decoded across chunk boundaries: exceljs decodes each chunk on its own, which would garble a
    // character split between two inflated chunks.
    counter.setEncoding('utf8');
    return source.pipe(counter);
  }

  /** Stops every read and closes the file (idempotent; the descriptor goes once the last stream is gone). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const stream of this.streams) stream.destroy();
    this.streams.clear();
    this.zip.close();
  }

  private fail(error: ImportFileError): ImportFileError {
    this.failure ??= error;
    return this.failure;
  }

  /** Lists the parts and refuses, before anything is inflated, a zip that is no workbook or admits to being a bomb. */
  private async readDirectory(): Promise<void> {
    if (this.zip.entryCount > MAX_ENTRIES) {
      throw new ImportFileError('The file is a zip archive with far more entries than a workbook has; it is refused.');
    }
    await new Promise<void>((resolve, reject) => {
      this.zip.on('entry', (entry: yauzl.Entry) => {
        this.entries.set(entry.fileName, entry);
        this.zip.readEntry();
      });
      this.zip.once('end', resolve);
      this.zip.once('error', (error: Error) => reject(damaged(`its zip directory cannot be read (${error.message})`)));
      this.zip.readEntry();
    });
    for (const [name, entry] of this.entries) {
      const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
      if (entry.uncompressedSize > RATIO_CHECKED_FROM_BYTES && ratio > MAX_ENTRY_RATIO) {
        throw new ImportFileError(
          `The workbook is refused: its part "${name}" expands ${Math.round(ratio)} times (to ${size(entry.uncompressedSize)}), which no spreadsheet does (a zip bomb).`,
        );
      }
    }
    if (!this.entries.has('xl/workbook.xml')) {
      throw new ImportFileError(
        'The file is a zip archive but not an Excel workbook (it has no xl/workbook.xml); upload an .xlsx or .csv file.',
      );
    }
  }
}
