/** A file that cannot be read as a spreadsheet; the message says why, for the upload report. */
export class ImportFileError extends Error {}

/** How a spreadsheet is read (defaults for production; tests lower the limit and watch the temp folder). */
export interface SpreadsheetOptions {
  /** Bytes a workbook may inflate to while read (default MAX_WORKBOOK_EXPANDED_BYTES). */
  maxExpandedBytes?: number;
  /** Folder under which a read keeps its temporary files, each read in a folder of its own (default: the OS's). */
  tempDir?: string;
}

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
  /**
   * How far the read is, live: bytes of the file read so far of its total (a CSV's own bytes; a workbook's
   * parts as they inflate, of the sizes its zip directory gives them, which the reader enforces).
   */
  bytes: { readonly read: number; readonly total: number };
  /** Stops reading, closes the file and removes the temporary files of the read (idempotent). */
  close: () => void;
}
