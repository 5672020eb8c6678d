import { openHourNow, openNowClock } from '../open-now.js';
import { unwrappedBoxes, type NormalizedQuery } from '../text.js';
import type { FrequentLexemes } from './frequent-lexemes.js';
import { boundingBoxes, distanceSql } from './geo.js';
import { unseenIf } from './planning.js';
import { locationTsquery, quotedLexeme, wordsTsquery, type WordGroups } from './tsquery.js';

/** A search's WHERE clause over the documents (`d`), with its parameter values. */
export interface Filter {
  /** Every condition of the query. */
  where: string;
  /** `where` with another words condition (a tsquery expression, or null: none) in place of the query's. */
  withWords: (tsqueryExpr: string | null) => string;
  values: unknown[];
  /** Parameter references the ranking reuses. */
  refs: { lat?: string; lng?: string };
  /** The radius filter: its centre's parameter references and its size. */
  circle: { lat: string; lng: string; radiusKm: number } | null;
  /** `where` has a tsvector condition. */
  text: boolean;
  /** `where` holds values in its text (a radius's or a box's corners), so each query has a text of its own. */
  valuesInText: boolean;
  /**
   * Open now's filter for a statement that reads every match among the documents (onDocuments; null without open
   * now): the facets as lexemes, every value seen by the planner, and this UTC hour among the documents' open hours,
   * so one search of the documents' GIN index on (tsv, open_hours) finds the places open around now that match the
   * rest, before any row is read; the open-now test in `where` still decides. The samples hold no open hours.
   */
  documents: Filter | null;
  /**
   * The same filter for statements that read every match, when it leaves some frequent lexemes out of the index
   * search (buildFilter).
   */
  everyMatch?: Filter;
}

/**
 * The filter of a query whose words are `groups`. Only approved documents match.
 *
 * `lexemes`: the category, country and city are matched as tsvector lexemes instead of columns, so one GIN
 * search intersects them with the words and location — the access path for a sample of any matches (the
 * count and facets), while the hits keep the column equalities their ordered b-tree walks need.
 *
 * `frequent`: the filter also gets `everyMatch`, for statements that read every match, when it differs. A GIN
 * search intersects its lexemes' posting lists, and one held by a large share of the documents costs as much as
 * it is long while it hardly narrows the others. A statement that reads every match's row anyway can test such a
 * lexeme on the rows: the lexemes held by at least `from` of the documents are left out of the index search (all
 * but the rarest one) and the whole tsquery is tested on the rows the others find, as a condition the planner
 * cannot take to the index.
 *
 * `valuesUnseen`: every value is read through a subquery, so a prepared statement's plan does not depend on them
 * and PostgreSQL keeps the one it made for any values (planning.ts).
 */
export function buildFilter(
  query: NormalizedQuery,
  groups: WordGroups,
  lexemes = false,
  frequent: FrequentLexemes | null = null,
  valuesUnseen = false,
): Filter {
  const filter = conditionsOf(query, groups, lexemes, frequent, valuesUnseen);
  if (!query.openNow) return filter;
  // The hour is in the text, so the planner sees it (and the hour's share in its statistics of the column).
  const hours = ` and d.open_hours @> '{${openHourNow(query.now)}}'::smallint[]`;
  const all = conditionsOf(query, groups, true, null, false);
  const documents = {
    ...all,
    where: all.where + hours,
    withWords: (text: string | null) => all.withWords(text) + hours,
  };
  return { ...filter, documents, everyMatch: filter.everyMatch && { ...filter.everyMatch, documents } };
}

function conditionsOf(
  query: NormalizedQuery,
  groups: WordGroups,
  lexemes: boolean,
  frequent: FrequentLexemes | null,
  valuesUnseen: boolean,
): Filter {
  const values: unknown[] = [];
  const param = (value: unknown, cast = '') => {
    values.push(value);
    return `$${values.length}${cast}`;
  };
  const unseen = unseenIf(valuesUnseen);
  const where = ['d.is_approved'];
  const refs: Filter['refs'] = {};
  let circle: Filter['circle'] = null;
  const words = groups.length > 0 ? wordsTsquery(groups, param) : null;
  // The location joins the words in one tsquery: one GIN search intersects both inside the index.
  const location = query.locationGroups.length > 0 ? param(locationTsquery(query.locationGroups), '::tsquery') : null;
  const facetLexemes: string[] = [];
  const facet = (column: string, prefix: string, value: string | undefined) => {
    if (value === undefined) return;
    if (lexemes) facetLexemes.push(quotedLexeme(`${prefix}${value}`));
    else where.push(`d.${column} = ${unseen(param(value))}`);
  };
  facet('category_slug', '#c:', query.category);
  facet('country_code', '#cc:', query.country);
  facet('city_slug', '#city:', query.city);
  const facets = facetLexemes.length > 0 ? param(facetLexemes.join(' & '), '::tsquery') : null;
  if (query.minRating !== undefined) where.push(`d.rating >= ${unseen(param(query.minRating, '::float8'))}`);
  // Open at each row's local minute: its zone's minute now looked up in one value (openNowClock's zone → minute
  // object, a key search: no expression per zone for the planner to estimate), then one multirange test. Inside
  // coalesce the planner takes half the rows to match (as it did the weekday test), not the 0.5 % it guesses for `@>`.
  if (query.openNow)
    where.push(
      `coalesce(d.open_minutes @> (${unseen(param(openNowClock(query.now).minutesText, '::jsonb'))} -> d.time_zone)::int, false)`,
    );
  if (query.geo?.radiusKm !== undefined) {
    const { lat, lng, radiusKm } = query.geo;
    refs.lat = param(lat, '::float8');
    refs.lng = param(lng, '::float8');
    // Bounding boxes first (GiST on point(longitude, latitude)), then the exact great-circle distance. Their
    // corners are written into the text, unless the statement is planned once for any values (one text for all).
    const corner = (degrees: number) => (valuesUnseen ? param(degrees, '::float8') : String(degrees));
    const boxes = boundingBoxes(lat, lng, radiusKm).map(
      ([west, south, east, north]) =>
        `point(d.longitude, d.latitude) <@ box(point(${corner(west)}, ${corner(south)}), point(${corner(east)}, ${corner(north)}))`,
    );
    where.push(`d.latitude is not null and d.longitude is not null and (${boxes.join(' or ')})`);
    where.push(`${distanceSql(refs.lat, refs.lng)} <= ${param(radiusKm, '::float8')}`);
    circle = { lat: refs.lat, lng: refs.lng, radiusKm };
  }
  if (query.bounds) {
    // The map's view: the GiST index on point(longitude, latitude) finds what the box (two across the
    // antimeridian) holds. Corners as the radius's: in the text unless the statement is planned once.
    const corner = (degrees: number) => (valuesUnseen ? param(degrees, '::float8') : `(${degrees})::float8`);
    const boxes = unwrappedBoxes(query.bounds).map(
      ([west, south, east, north]) =>
        `point(d.longitude, d.latitude) <@ box(point(${corner(west)}, ${corner(south)}), point(${corner(east)}, ${corner(north)}))`,
    );
    where.push(`d.latitude is not null and d.longitude is not null and (${boxes.join(' or ')})`);
  }
  const others = where.join(' and ');
  const matching = (text: string | null) => {
    const parts = [text, location, facets].filter((part): part is string => part !== null);
    return parts.length === 0 ? others : `${others} and d.tsv @@ ${unseen(`(${parts.join(' && ')})`)}`;
  };
  const text = words !== null || location !== null || facets !== null;
  // Its own copy of the values: everyMatch's index search adds parameters the other statements do not have.
  const valuesInText = !valuesUnseen && (circle !== null || query.bounds !== null);
  const filter = {
    where: matching(words),
    withWords: matching,
    values: [...values],
    refs,
    circle,
    text,
    valuesInText,
    documents: null,
  };
  if (!frequent) return filter;
  // Each group of alternatives is one term of the tsquery's intersection, as common as its alternatives together
  // (a prefix searched as such is of unknown share: it stays in the index search).
  const terms = [
    ...groups.map((group) => ({ kind: 'words', group, lexemes: group })),
    ...query.locationGroups.map((group) => ({ kind: 'location', group, lexemes: group.map((t) => `~${t}`) })),
    ...facetLexemes.map((lexeme) => ({ kind: 'facet', group: [lexeme], lexemes: [lexeme.slice(1, -1)] })),
  ].map((term) => ({
    ...term,
    share: term.lexemes.some((l) => l.endsWith('*'))
      ? null
      : Math.min(
          1,
          term.lexemes.reduce((sum, l) => sum + (frequent.shares.of.get(l) ?? 0), 0),
        ),
  }));
  const rarestFirst = [...terms].sort((a, b) => (a.share ?? 0) - (b.share ?? 0));
  const kept = rarestFirst.filter((term, i) => i === 0 || term.share === null || term.share < frequent.from);
  // The rows the kept lexemes find (as if independent; an unlisted one's share is below the least listed) must
  // be few: each is read, where the index search would have skipped it.
  const found = kept.reduce(
    (rows, term) => rows * (term.share === null ? 1 : Math.max(term.share, frequent.shares.least)),
    frequent.shares.documents,
  );
  if (kept.length === terms.length || found > frequent.rows) return filter;
  const keptOf = (kind: string) => kept.filter((term) => term.kind === kind).map((term) => term.group);
  const indexed = [
    keptOf('words').length > 0 ? wordsTsquery(keptOf('words'), param) : null,
    keptOf('location').length > 0 ? param(locationTsquery(keptOf('location')), '::tsquery') : null,
    keptOf('facet').length > 0 ? param(keptOf('facet').flat().join(' & '), '::tsquery') : null,
  ].filter((part): part is string => part !== null);
  const whole = [words, location, facets].filter((part): part is string => part !== null);
  const everyMatch = {
    ...filter,
    where: `${others} and d.tsv @@ ${unseen(`(${indexed.join(' && ')})`)} and (d.tsv @@ ${unseen(`(${whole.join(' && ')})`)}) is true`,
    values,
  };
  return { ...filter, everyMatch };
}

/** The filter of a statement that reads every match among the documents: open now's `documents`, else the filter. */
export function onDocuments(filter: Filter): Filter {
  return filter.documents ?? filter;
}
