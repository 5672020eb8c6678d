import { createHash } from 'node:crypto';
import pg from 'pg';
import type { NormalizedQuery } from '../text.js';
import { DOCUMENTS_TABLE } from './schema.js';
import type { SearchDb } from './statement-queue.js';
import type { Filter } from './filter.js';
import type { WordGroups } from './tsquery.js';

/**
 * How the engine's statements meet PostgreSQL's planner: statements kept prepared per connection, the shapes of
 * query whose plan is made once for any values, the radius batches run without bitmap scans, and the planner's
 * own estimate of a count. Why each exists, with measurements: bench/engine-notes.md "Planning".
 */

export interface Sql {
  text: string;
  values: unknown[];
}

/**
 * A statement PostgreSQL keeps parsed on each connection (named by its text's hash): a text per shape of query,
 * parsed once per connection. PostgreSQL still plans each execution for its values, unless after five it finds a
 * plan for any values as cheap; the pool retires connections after a number of uses (searchPoolConfig), which
 * bounds what they keep.
 */
export function prepared(sql: Sql): pg.QueryConfig {
  return { name: statementName('search', sql.text), text: sql.text, values: sql.values };
}

/**
 * `prepared(sql)`, unless the filter writes values into the text (a radius's or a box's corners): such a text is
 * one query's, and kept prepared it would only fill its connection.
 */
export function preparedUnlessValuesInText(sql: Sql, filter: Filter): pg.QueryConfig {
  return filter.valuesInText ? sql : prepared(sql);
}

/** A prepared statement's name on a connection: its text's hash (hexadecimal, so also an SQL identifier for PREPARE). */
function statementName(prefix: string, text: string): string {
  return `${prefix}_${createHash('sha1').update(text).digest('hex')}`;
}

/** When `valuesUnseen`, an expression whose value the planner cannot see: an InitPlan's, computed once. */
export function unseenIf(valuesUnseen: boolean): (expression: string) => string {
  return (expression) => (valuesUnseen ? `(select ${expression})` : expression);
}

/**
 * Pages up to this many places (offset + limit) may be planned once (plannedOnce, pagesOneIndex): each size is a text
 * of its own, and a connection keeps a plan for each.
 */
const PLANNED_ONCE_UP_TO = 100;

/**
 * A relevance search's windows or one pass may be planned once per connection: their plan does not depend on the
 * values when the words and location are the only filters (and, for windows, when the matches are so many that walks
 * in popularity order find a window in a few rows each: plannedOnceFromMatches). Their values are then hidden from
 * the planner (buildFilter's and hitsSql's `valuesUnseen`), so PostgreSQL keeps the plan it made for any values, and
 * each is computed once (a tsquery written as a parameter was parsed again for every row such a plan walked).
 */
export function plannedOnce(query: NormalizedQuery, groups: WordGroups, offset: number): boolean {
  return (
    query.sort === 'relevance' &&
    groups.length > 0 &&
    hasOnlyTextFilters(query) &&
    offset + query.limit <= PLANNED_ONCE_UP_TO
  );
}

/**
 * The b-tree keys (category, country, city filters) whose index walks a page of places in each order: a browse by
 * exactly those filters reads its page from that index whatever their values.
 */
const PAGE_INDEX_KEYS: Readonly<Record<'reviews' | 'rating', readonly (readonly string[])[]>> = {
  reviews: [['category_slug'], ['category_slug', 'country_code'], ['country_code', 'city_slug']],
  rating: [['category_slug'], ['country_code', 'city_slug']],
};

/**
 * A page of a browse without words, location, radius or box is planned once per connection (its values unseen) when its
 * category, country and city filters are exactly the key of an index in its order: the plan is a walk of that index
 * whatever they are. A minimum rating is a range of the rating order's walk; in popularity order its share of the
 * places would decide the plan.
 */
export function pagesOneIndex(query: NormalizedQuery, offset: number): boolean {
  const order =
    query.sort === 'rating' ? 'rating' : query.sort === 'relevance' || query.sort === 'reviews' ? 'reviews' : null;
  if (
    order === null ||
    query.words.length > 0 ||
    query.locationGroups.length > 0 ||
    query.geo?.radiusKm !== undefined ||
    query.bounds !== null
  )
    return false;
  if (query.minRating !== undefined && order !== 'rating') return false;
  if (offset + query.limit > PLANNED_ONCE_UP_TO) return false;
  const fixed = fixedFacetColumns(query);
  return PAGE_INDEX_KEYS[order].some((key) => key.length === fixed.length && key.every((c) => fixed.includes(c)));
}

/**
 * A radius's hits nearest first and its count are planned once per connection (withoutBitmapScans), their values
 * unseen, unless a country, city or minimum rating filters them (indexes of their own that a plan for their values
 * may rightly prefer): without bitmaps, the plan for any values is then the GiST walks nearest first.
 */
export function radiusPlannedOnce(query: NormalizedQuery, offset: number): boolean {
  return (
    query.sort === 'distance' &&
    query.geo?.radiusKm !== undefined &&
    query.country === undefined &&
    query.city === undefined &&
    query.minRating === undefined &&
    offset + query.limit <= PLANNED_ONCE_UP_TO
  );
}

/**
 * Words and a location are the only filters: a walk in popularity order is the plan for windows whatever they are.
 * A category, country, city, rating, radius or box has indexes of its own that a plan for its value may rightly prefer.
 */
function hasOnlyTextFilters(query: NormalizedQuery): boolean {
  return (
    query.category === undefined &&
    query.country === undefined &&
    query.city === undefined &&
    query.minRating === undefined &&
    query.geo?.radiusKm === undefined &&
    query.bounds === null
  );
}

/** The columns the query's category, country and city filters fix by equality. */
export function fixedFacetColumns(query: NormalizedQuery): string[] {
  const filters: [string, string | undefined][] = [
    ['category_slug', query.category],
    ['country_code', query.country],
    ['city_slug', query.city],
  ];
  return filters.flatMap(([column, value]) => (value === undefined ? [] : [column]));
}

/** The planner's estimate of the filter's matches. */
export async function plannedRows(db: SearchDb, filter: Filter): Promise<number> {
  const { rows } = await db.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    `explain (format json) select 1 from ${DOCUMENTS_TABLE} d where ${filter.where}`,
    filter.values,
  );
  return Math.round(rows[0]['QUERY PLAN'][0].Plan['Plan Rows']);
}

/**
 * Runs radius statements without bitmap scans, in one round trip, and returns each statement's rows. The planner
 * guesses a constant share of the table for a point in a box and would collect a city's points in a bitmap and sort
 * them; without bitmaps it walks the GiST index nearest first and stops at the query's limit.
 *
 * A message of several statements takes no parameters, so the values are written into the text. `plannedOnce`
 * statements (their values unseen, radiusPlannedOnce) are instead PREPAREd once on each connection and executed
 * under the plan made for any values.
 */
export async function withoutBitmapScans(
  db: SearchDb,
  statements: Sql[],
  plannedOnce = false,
): Promise<pg.QueryResultRow[][]> {
  if (!plannedOnce) {
    const batch = [...WITHOUT_BITMAP_SCANS, ...statements.map(withValuesWritten), 'commit'].join(';\n');
    const results = (await db.onConnection((client) => client.query(batch))) as unknown as pg.QueryResult[];
    return results.slice(WITHOUT_BITMAP_SCANS.length, -1).map((r) => r.rows);
  }
  return db.onConnection(async (client) => {
    const executions = [];
    for (const sql of statements) {
      const name = statementName('once', sql.text);
      await preparedOn(client, name, sql.text);
      executions.push(`execute ${name}(${sql.values.map((value, i) => literal(value, i)).join(', ')})`);
    }
    const batch = [...WITHOUT_BITMAP_SCANS, 'set local plan_cache_mode = force_generic_plan', ...executions, 'commit'];
    const results = (await client.query(batch.join(';\n'))) as unknown as pg.QueryResult[];
    return results.slice(WITHOUT_BITMAP_SCANS.length + 1, -1).map((r) => r.rows);
  });
}

/** Statements PREPAREd (SQL) on each connection by withoutBitmapScans, by name. */
const preparedStatements = new WeakMap<pg.ClientBase, Set<string>>();

/** PREPAREs the statement on the connection unless it was already (a statement prepared stays after a rollback). */
async function preparedOn(client: pg.ClientBase, name: string, text: string): Promise<void> {
  let names = preparedStatements.get(client);
  if (!names) preparedStatements.set(client, (names = new Set()));
  if (names.has(name)) return;
  await client.query(`prepare ${name} as ${text}`).catch((error: { code?: string }) => {
    // Prepared already on this connection, reached through another object (the bench's EXPLAIN wraps each one).
    if (error.code !== '42P05') throw error;
  });
  names.add(name);
}

/** The statements a batch of withoutBitmapScans begins with. */
const WITHOUT_BITMAP_SCANS = ['begin', 'set local enable_bitmapscan = off'];

/**
 * The statement with each `$n` replaced by its value as a literal (numbers in parentheses, strings quoted by
 * pg's escapeLiteral). The engine's SQL holds `$` only in parameter references.
 */
export function withValuesWritten(sql: Sql): string {
  return sql.text.replace(/\$(\d+)/g, (_, n: string) => literal(sql.values[Number(n) - 1], Number(n) - 1));
}

/** A number (in parentheses) or string as an SQL literal. */
function literal(value: unknown, index: number): string {
  // In parentheses: a negative number after a minus sign would otherwise begin a comment (`--`).
  if (typeof value === 'number' && Number.isFinite(value)) return `(${value})`;
  if (typeof value === 'string') return pg.escapeLiteral(value);
  throw new Error(`cannot write parameter $${index + 1} (${typeof value}) into a statement`);
}
