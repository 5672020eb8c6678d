import pg from 'pg';
import { DEFAULT_EXPORT_FIELDS, EXPORT_FIELDS, type ExportField } from './business-fields.js';
import { isExportField, LEGACY_DEFAULT_FIELDS, LEGACY_EXPORT_FIELDS } from './fields.js';
import { DATE_RANGES, type DateRange } from '../wire/exports.js';

/** One export, as the job receives it: validated, with its download name decided when the admin asked. */
export interface ExportRequest {
  fields: ExportField[];
  /** ISO 3166 alpha-2, upper case; null exports every country. */
  countryCode: string | null;
  /** Exact category names (admin spec §7 "categories"); empty exports every category. */
  categories: string[];
  dateRange: DateRange;
  /** YYYY-MM-DD, both set or both null; used with dateRange custom. */
  startDate: string | null;
  endDate: string | null;
  /** When the admin asked (ISO). Relative ranges count from it, so a retried job exports the same rows. */
  requestedAt: string;
  /** The name the download is offered under. */
  fileName: string;
}

/** What the admin sent: the §7 query parameters (comma lists) or a JSON body (arrays or comma lists). */
export interface ExportInput {
  fields?: string | string[];
  countryCode?: string;
  categories?: string | string[];
  dateRange?: string;
  startDate?: string;
  endDate?: string;
}

/** A request that cannot be exported; the message is a sentence for the admin. */
export class ExportRequestError extends Error {}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function list(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  const items = Array.isArray(value) ? value : value.split(',');
  return items.map((item) => String(item).trim()).filter((item) => item !== '');
}

function countryOf(value: string | undefined): string | null {
  const code = value?.trim() ?? '';
  if (code === '' || code.toLowerCase() === 'all') return null;
  if (!/^[A-Za-z]{2}$/.test(code)) {
    throw new ExportRequestError(
      `countryCode "${code}" is not a two-letter country code; send one such as CH, or all.`,
    );
  }
  return code.toUpperCase();
}

function dateOf(name: string, value: string | undefined): string | null {
  if (value === undefined || value.trim() === '') return null;
  const text = value.trim();
  const parsed = new Date(`${text}T00:00:00Z`);
  if (!DATE.test(text) || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== text) {
    throw new ExportRequestError(`${name} "${text}" is not a date; write it as YYYY-MM-DD.`);
  }
  return text;
}

/**
 * The input as ExportInput describes it, from any JSON body: a list is an array of texts or a comma-separated
 * text, the others texts; null is a value left out.
 */
function checkedInput(input: unknown): ExportInput {
  if (input === null || input === undefined) return {};
  if (typeof input !== 'object' || Array.isArray(input))
    throw new ExportRequestError('The export request must be an object such as {"countryCode": "CH"}.');
  const given = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null));
  for (const name of ['fields', 'categories'] as const) {
    const value: unknown = given[name];
    if (value === undefined || typeof value === 'string') continue;
    if (!Array.isArray(value) || value.some((item) => typeof item !== 'string'))
      throw new ExportRequestError(`${name} must be a list of names, or names separated by commas.`);
  }
  for (const name of ['countryCode', 'dateRange', 'startDate', 'endDate'] as const) {
    if (given[name] !== undefined && typeof given[name] !== 'string')
      throw new ExportRequestError(`${name} must be text.`);
  }
  return given as ExportInput;
}

/** Validates the admin's §7 export parameters. Throws ExportRequestError with a sentence naming the problem. */
export function parseExportRequest(raw: ExportInput, now: Date = new Date()): ExportRequest {
  const input = checkedInput(raw);
  const requested = list(input.fields);
  const unknown = requested.filter((f) => !isExportField(f));
  if (unknown.length > 0) {
    throw new ExportRequestError(
      `Unknown export field${unknown.length > 1 ? 's' : ''} ${unknown.map((f) => `"${f}"`).join(', ')}; ` +
        `choose from ${EXPORT_FIELDS.join(', ')}.`,
    );
  }
  const fields = requested.length > 0 ? [...new Set(requested as ExportField[])] : [...DEFAULT_EXPORT_FIELDS];
  const dateRange = (input.dateRange?.trim() || 'all') as DateRange;
  if (!DATE_RANGES.includes(dateRange)) {
    throw new ExportRequestError(`dateRange "${input.dateRange}" is not one of ${DATE_RANGES.join(', ')}.`);
  }
  let startDate = dateOf('startDate', input.startDate);
  let endDate = dateOf('endDate', input.endDate);
  if (dateRange === 'custom') {
    if ((startDate === null) !== (endDate === null)) {
      throw new ExportRequestError('A custom date range needs both startDate and endDate, or neither.');
    }
    if (startDate && endDate && startDate > endDate) {
      throw new ExportRequestError(`startDate ${startDate} is after endDate ${endDate}; swap them.`);
    }
  } else {
    startDate = null;
    endDate = null;
  }
  const request = {
    fields,
    countryCode: countryOf(input.countryCode),
    categories: [...new Set(list(input.categories))],
    dateRange,
    startDate,
    endDate,
    requestedAt: now.toISOString(),
  };
  return { ...request, fileName: exportFileName(request) };
}

/** The legacy panel's call: body {selectedFields, countryCode ('all' or a code)}, every date, every category. */
export function parseLegacyExportRequest(
  input: { selectedFields?: unknown; countryCode?: unknown },
  now: Date = new Date(),
): ExportRequest {
  const selected = input.selectedFields;
  if (selected !== undefined && (!Array.isArray(selected) || selected.some((f) => typeof f !== 'string'))) {
    throw new ExportRequestError('selectedFields must be a list of field names.');
  }
  if (input.countryCode !== undefined && typeof input.countryCode !== 'string') {
    throw new ExportRequestError('countryCode must be a two-letter country code or all.');
  }
  // Left out, the legacy panel's default fields; given, at least one (admin spec §5).
  if (Array.isArray(selected) && selected.length === 0) {
    throw new ExportRequestError('selectedFields must name at least one field (or be left out for the default ones).');
  }
  const names = (selected as string[] | undefined) ?? [...LEGACY_DEFAULT_FIELDS];
  const fields = names.map((name) => LEGACY_EXPORT_FIELDS[name] ?? name);
  const request = parseExportRequest({ fields, countryCode: input.countryCode }, now);
  return { ...request, fileName: `businesses_export_${request.requestedAt.slice(0, 10)}.csv` };
}

/** Admin spec §7: businesses_{country}_{n}kategoriler_{range}_{timestamp}.csv */
export function exportFileName(request: Omit<ExportRequest, 'fileName'>): string {
  const country = request.countryCode ?? 'all';
  const range =
    request.dateRange === 'custom' && request.startDate && request.endDate
      ? `custom-${request.startDate.replace(/-/g, '')}-${request.endDate.replace(/-/g, '')}`
      : request.dateRange;
  const timestamp = request.requestedAt.slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  return `businesses_${country}_${request.categories.length}kategoriler_${range}_${timestamp}.csv`;
}

/**
 * The WHERE clause of an export, with the values inlined as escaped literals (COPY takes no parameters).
 * Ranges count in the database's time zone from the moment the admin asked.
 */
export function exportWhereSql(request: ExportRequest): string {
  const conditions: string[] = [];
  if (request.countryCode) conditions.push(`b.country_code = ${pg.escapeLiteral(request.countryCode)}`);
  if (request.categories.length > 0) {
    conditions.push(`b.category in (${request.categories.map((c) => pg.escapeLiteral(c)).join(', ')})`);
  }
  const at = `${pg.escapeLiteral(request.requestedAt)}::timestamptz`;
  const day = `date_trunc('day', ${at})`;
  switch (request.dateRange) {
    case 'all':
      break;
    case 'today':
      conditions.push(`b.created_at >= ${day}`, `b.created_at < ${day} + interval '1 day'`);
      break;
    case 'yesterday':
      conditions.push(`b.created_at >= ${day} - interval '1 day'`, `b.created_at < ${day}`);
      break;
    case 'last24hours':
      conditions.push(`b.created_at > ${at} - interval '24 hours'`, `b.created_at <= ${at}`);
      break;
    case 'last7days':
      conditions.push(`b.created_at > ${at} - interval '7 days'`, `b.created_at <= ${at}`);
      break;
    case 'thisweek':
      conditions.push(
        `b.created_at >= date_trunc('week', ${at})`,
        `b.created_at < date_trunc('week', ${at}) + interval '1 week'`,
      );
      break;
    case 'thismonth':
      conditions.push(
        `b.created_at >= date_trunc('month', ${at})`,
        `b.created_at < date_trunc('month', ${at}) + interval '1 month'`,
      );
      break;
    case 'custom':
      if (request.startDate && request.endDate) {
        conditions.push(
          `b.created_at >= ${pg.escapeLiteral(request.startDate)}::date`,
          `b.created_at < ${pg.escapeLiteral(request.endDate)}::date + 1`,
        );
      }
      break;
  }
  return conditions.length > 0 ? conditions.join(' and ') : 'true';
}
