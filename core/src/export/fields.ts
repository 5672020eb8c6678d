import { EXPORT_FIELDS, type ExportField } from './business-fields.js';

/*
 * How the admin export reads its 27 fields (the list itself: business-fields.ts). `text` fields are
 * neutralised against spreadsheet formula injection; numbers and booleans come from typed columns and can
 * never start a formula, so a negative longitude stays a number.
 */

/** The legacy panel's field names (admin spec §3) and the export field each one means. */
export const LEGACY_EXPORT_FIELDS: Readonly<Record<string, ExportField>> = {
  name: 'name',
  address: 'full_address',
  phone: 'phone',
  category: 'category',
  reviewCount: 'reviews',
  rating: 'rating',
  placeId: 'place_id',
  countryCode: 'country_code',
  url: 'url',
};

/** Admin spec §9: the legacy panel's default selection. */
export const LEGACY_DEFAULT_FIELDS: readonly string[] = ['name', 'address', 'phone', 'category'];

const NUMERIC: ReadonlySet<ExportField> = new Set(['id', 'latitude', 'longitude', 'rating', 'reviews']);
const TIMESTAMPS: ReadonlySet<ExportField> = new Set(['created_at', 'updated_at']);

export function isExportField(name: string): name is ExportField {
  return (EXPORT_FIELDS as readonly string[]).includes(name);
}

/** Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"). */
export const FORMULA_STARTS = ['=', '+', '-', '@', '\t', '\r'] as const;

/**
 * The SQL expression of one field as the CSV cell shows it. Empty text reads as NULL so that COPY writes
 * an empty, unquoted cell for both; timestamps are ISO 8601 in UTC like JavaScript's toISOString.
 */
export function exportFieldSql(field: ExportField): string {
  const column = `b.${field}`;
  if (NUMERIC.has(field)) return column;
  if (field === 'verified') return `case when ${column} then 'true' else 'false' end`;
  if (TIMESTAMPS.has(field)) return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  // ascii() of the first character: cheaper than left() (no new text value) on every cell of a million rows.
  const codes = FORMULA_STARTS.map((c) => c.charCodeAt(0)).join(', ');
  return `case when ascii(${column}) in (${codes}) then '''' || ${column} else nullif(${column}, '') end`;
}

/** The same neutralisation for a value computed in JavaScript (tests, headers). */
export function neutraliseCell(value: string): string {
  return (FORMULA_STARTS as readonly string[]).includes(value.charAt(0)) ? `'${value}` : value;
}
