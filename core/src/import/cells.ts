import { FORMULA_STARTS } from '../export/fields.js';

/** Spreadsheet tools write these for an empty cell. */
const EMPTY_MARKERS = new Set(['', 'none', 'nan', 'null', 'n/a', 'undefined']);

/**
 * A cell as text: trimmed, numbers without exponent, dates as ISO, empty markers as null. The `'` our own
 * export puts before a formula start (`'=…`, `'+41 …`) is removed, so export → import changes nothing.
 */
export function cellText(value: unknown): string | null {
  if (typeof value === 'string') {
    const text = value.trim();
    if (maybeEmptyMarker(text) && EMPTY_MARKERS.has(text.toLowerCase())) return null;
    return text.charCodeAt(0) === 0x27 ? withoutExportQuote(text) : text;
  }
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    return Number.isInteger(value) ? BigInt(value).toString() : String(value);
  }
  return cellText(String(value));
}

/** `'=x` → `=x`: only before the characters the export neutralises (core/src/export/fields.ts). */
function withoutExportQuote(text: string): string {
  return (FORMULA_STARTS as readonly string[]).includes(text.charAt(1)) ? text.slice(1) : text;
}

/**
 * Cheap pre-check of EMPTY_MARKERS (every cell of a million rows goes through it): empty, or at most 9
 * characters starting with n or u, as the markers do.
 */
function maybeEmptyMarker(text: string): boolean {
  if (text.length === 0) return true;
  if (text.length > 9) return false;
  const first = text.charCodeAt(0) | 0x20;
  return first === 0x6e || first === 0x75;
}

/** True when every cell of a row is empty (a blank line of a spreadsheet, not counted as a row). */
export function isBlank(values: readonly unknown[]): boolean {
  for (const value of values) {
    if (value === null || value === undefined) continue;
    if (typeof value === 'string' ? value.trim() !== '' : String(value).trim() !== '') return false;
  }
  return true;
}

/** A number read from a cell; `undefined` when the cell is empty, NaN when it holds something else. */
export function cellNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : Number.NaN;
  const text = cellText(value);
  if (text === null) return undefined;
  const n = Number(text.replace(',', '.'));
  return Number.isFinite(n) ? n : Number.NaN;
}

const TRUE_WORDS = new Set(['true', '1', 'yes', 'y', 'verified']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'n', 'unverified']);

/** A yes/no cell; `undefined` when the cell is empty, null when it holds neither. */
export function cellBoolean(value: unknown): boolean | null | undefined {
  if (typeof value === 'boolean') return value;
  const text = cellText(value)?.toLowerCase();
  if (text === undefined) return undefined;
  return TRUE_WORDS.has(text) ? true : FALSE_WORDS.has(text) ? false : null;
}

/**
 * A copy of a string that does not keep the text it was cut from alive. A cell read from a file is a slice
 * of the chunk it came from (V8 shares the chunk's characters), so keeping one cell for the whole import (a
 * place id in the duplicate check, a name in the report's skipped rows) would keep its whole chunk: for
 * every kept cell, hundreds of kilobytes.
 */
export function detach(text: string): string {
  // Concatenating then slicing makes V8 flatten into a fresh string of just these characters.
  return text.length < 13 ? text : ` ${text}`.slice(1);
}

/**
 * Remembers the results of a pure function of a cell for the values seen most (a file repeats its
 * categories, cities and opening hours over and over). Bounded: when full it starts again.
 */
export class Memo<V> {
  private readonly values = new Map<string, V>();
  constructor(
    private readonly compute: (key: string) => V,
    private readonly limit = 20_000,
  ) {}

  get(key: string): V {
    let value = this.values.get(key);
    if (value === undefined && !this.values.has(key)) {
      value = this.compute(key);
      if (this.values.size >= this.limit) this.values.clear();
      this.values.set(detach(key), value);
    }
    return value as V;
  }
}
