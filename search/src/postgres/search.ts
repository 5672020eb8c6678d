import type { SearchQuery, SearchResult } from '../search-engine.js';
import { normalizeQuery, type NormalizedQuery } from '../text.js';
import {
  browsesSampleBtrees,
  filtersOnly,
  sampleByLexemes,
  type CoarseCount,
  type Counter,
  type Stats,
} from './counting.js';
import { countedByFacets } from './facet-counts.js';
import type { FacetRow } from './facets.js';
import { buildFilter, onDocuments, type Filter } from './filter.js';
import type { LexemeSharesCache } from './frequent-lexemes.js';
import { joinedWords } from './joined-words.js';
import { lastWordAlternatives } from './last-word.js';
import { hitsSql, toHit, type HitRow, type TypedWords } from './pages.js';
import { pagesOneIndex, plannedOnce, prepared, radiusPlannedOnce, withoutBitmapScans } from './planning.js';
import type { RelevancePlan } from './ranking.js';
import type { SearchDb } from './statement-queue.js';
import { toleratesTypos, typoVariants } from './typos.js';
import { wordFormsOf } from '../word-forms.js';
import type { WordGroups } from './tsquery.js';

/**
 * One search, from the query to its result: which statements run, in which order, decided by what the samples
 * tell of the number of matches. The statements themselves: filter.ts, pages.ts, ranking.ts, counting.ts.
 */

/** The engine's settings a search reads (PostgresEngineOptions). */
export interface SearchSettings {
  counter: Counter;
  rankAllUpTo: number;
  plannedOnceFromMatches: number;
  indexLexemesBelowShare: number;
  testLexemesOnRowsUpTo: number;
  lexemeShares: LexemeSharesCache;
}

/**
 * The words as typed first; when they find few matches, again with typo variants (typos.ts); when that finds
 * nothing, with words typed apart that the index holds as one joined (joined-words.ts).
 */
export async function search(db: SearchDb, settings: SearchSettings, input: SearchQuery): Promise<SearchResult> {
  const started = performance.now();
  const query = normalizeQuery(input);
  const groups = await wordGroups(db, query.words, query.typedWords);
  // When no indexed word begins the last word as typed, the tiers of the words as typed hold nothing, yet their walks
  // would read every match ("restaurent" finds 443,000 restaurants through its stem): they are switched off then.
  const exact = () =>
    run(db, settings, query, groups.exact, groups.typedFindsNothing ? groups.exact : groups.typed, groups.names);
  // No indexed word begins the last word, nor has it another form: the words as typed find nothing, so only the
  // typo pass is run.
  let result = groups.findNothing ? null : await exact();
  if (toleratesTypos(query.words, result?.total ?? 0)) {
    const withTypos = await groups.withTypos();
    if (withTypos) {
      // When the words as typed found nothing, their tiers would hold nothing, yet their walks cost (a prefix walked
      // among many matches): the groups stand for the words as typed then, which switches those tiers off.
      const asTyped =
        result !== null && result.total > 0 && !groups.typedFindsNothing ? groups.typed : withTypos.groups;
      result = await run(db, settings, query, withTypos.groups, asTyped, withTypos.names);
    }
    // Still nothing: words typed apart that the index holds as one, joined (a join would lose what was found).
    if ((result?.total ?? 0) === 0) {
      const joined = await groups.joined();
      if (joined) result = await run(db, settings, query, joined.groups, joined.groups, joined.names);
    }
  }
  result ??= await exact();
  return { ...result, processingTimeMs: Math.round(performance.now() - started) };
}

/**
 * What the words of a query stand for: `typed`, the words as typed (the last one a prefix: last-word.ts); `exact`,
 * each also for its other forms (word-forms.ts); `withTypos`, also for its typo variants (null when none has any);
 * `joined`, neighbours joined into an indexed word, with typo variants (null when none join). `names`: the names the
 * exact-name tier matches, `typedWords` (connectors included: matchedWords), or with typos the words with their
 * variants (at most EXACT_NAMES). `typedFindsNothing`: no indexed word begins the last word as typed; `findNothing`:
 * nor has it another form.
 */
export async function wordGroups(
  db: SearchDb,
  words: readonly string[],
  typedWords: readonly string[] = words,
): Promise<{
  typed: WordGroups;
  exact: WordGroups;
  names: string[];
  typedFindsNothing: boolean;
  findNothing: boolean;
  withTypos: () => Promise<{ groups: WordGroups; names: string[] } | null>;
  joined: () => Promise<{ groups: WordGroups; names: string[] } | null>;
}> {
  const { alternatives: lastWord, begunByNone } = await lastWordAlternatives(db, words);
  const forms = words.map(formsOf);
  const withLastWord = (groups: WordGroups) =>
    groups.map((group, i) => (i === groups.length - 1 ? [...lastWord, ...group.slice(1)] : group));
  const withForms = (groups: WordGroups) =>
    groups.map((group, i) => [...group, ...forms[i].filter((form) => !group.includes(form))]);
  const typed = withLastWord(words.map((w) => [w]));
  // Each typed word, a matched one by its group (typoVariants gives one a word), the others by themselves.
  const typedAlike = (groups: WordGroups): WordGroups => {
    let k = 0;
    return typedWords.map((w) => (k < words.length && w === words[k] ? groups[k++] : [w]));
  };
  return {
    typed,
    exact: withForms(typed),
    names: [typedWords.join(' ')],
    typedFindsNothing: begunByNone,
    findNothing: begunByNone && forms.at(-1)!.length === 0,
    withTypos: async () => {
      const groups = await typoVariants(db, words);
      return groups.some((g) => g.length > 1)
        ? { groups: withForms(withLastWord(groups)), names: namesOf(typedAlike(groups)) }
        : null;
    },
    joined: async () => {
      const base = await joinedWords(db, words);
      if (!base) return null;
      const groups = await typoVariants(db, base);
      const lastWordJoined = (await lastWordAlternatives(db, base)).alternatives;
      const formsJoined = base.map(formsOf);
      return {
        groups: groups.map((group, i) => {
          const alternatives = i === groups.length - 1 ? [...lastWordJoined, ...group.slice(1)] : group;
          return [...alternatives, ...formsJoined[i].filter((form) => !alternatives.includes(form))];
        }),
        names: namesOf(groups),
      };
    },
  };
}

/** The names the exact-name tier matches: combinations of each group's words, at most EXACT_NAMES. */
function namesOf(groups: WordGroups): string[] {
  return groups.reduce<string[]>(
    (heads, group) => heads.flatMap((head) => group.map((w) => (head ? `${head} ${w}` : w))).slice(0, EXACT_NAMES),
    [''],
  );
}

/**
 * What a query word stands for besides itself: its stem in each stemmed language (word-forms.ts) and, from 4 letters,
 * a place of that name: the `~word` location lexeme of the documents whose city has it among its names ("munich" →
 * München's), so "pizza munich" finds München's pizzerias as "pizza" in München does. Shorter words (codes such as
 * "al", "la") stay words: only the location box reads them as places.
 */
function formsOf(word: string): readonly string[] {
  return word.length >= PLACE_WORD_LETTERS ? [...wordFormsOf(word), `~${word}`] : wordFormsOf(word);
}

const PLACE_WORD_LETTERS = 4;

/** Names the exact-name tier matches at most: the words as typed first, then combinations of typo variants. */
const EXACT_NAMES = 16;

async function run(
  db: SearchDb,
  settings: SearchSettings,
  query: NormalizedQuery,
  groups: WordGroups,
  asTyped: WordGroups,
  names: string[],
): Promise<Omit<SearchResult, 'processingTimeMs'>> {
  const { counter, rankAllUpTo } = settings;
  // The words as typed rank first when the groups hold others too (ranking.ts).
  const typed = { groups: JSON.stringify(asTyped) === JSON.stringify(groups) ? null : asTyped, names };
  const frequent =
    settings.indexLexemesBelowShare < 1 && groups.length + query.locationGroups.length > 0
      ? {
          shares: await settings.lexemeShares.of(db),
          from: settings.indexLexemesBelowShare,
          rows: settings.testLexemesOnRowsUpTo,
        }
      : null;
  const filter = buildFilter(query, groups, false, frequent);
  const lexemeFilter = buildFilter(query, groups, true, frequent);
  const sampled = sampleByLexemes(query, groups) ? lexemeFilter : filter;
  // Anything the tsvector answers has its matches in the sample index too, and browsing by a category, country
  // or city in the samples' b-trees; a radius samples nearest first. The samples' statement reads a range of a
  // sample index whatever the values, so they are hidden from the planner and its plan is made once per connection.
  // A box alone is sampled through the samples' GiST index, its corners in the text like the documents' filter:
  // beyond the exact count, the planner's guess for a box would be a constant whatever it holds.
  const sampleIndex = browsesSampleBtrees(query, groups)
    ? buildFilter(query, groups, false, frequent, true)
    : lexemeFilter.text && !lexemeFilter.circle
      ? buildFilter(query, groups, true, frequent, true)
      : query.bounds && !filter.circle
        ? filter
        : null;
  const offset = (query.page - 1) * query.limit;
  // `matches`: the total, when relevance ranks by windows (enough of them, their plan is made once: plannedOnce).
  const hits = async (plan: RelevancePlan, matches = 0) => {
    const once =
      plan === 'windows' &&
      (groups.length > 0
        ? matches >= settings.plannedOnceFromMatches && plannedOnce(query, groups, offset)
        : pagesOneIndex(query, offset));
    const matching = once
      ? buildFilter(query, groups, false, null, true)
      : plan === 'windows'
        ? filter
        : onDocuments(filter.everyMatch ?? filter);
    return (await db.query<HitRow>(prepared(hitsSql(query, groups, typed, matching, offset, plan, once)))).rows;
  };
  let hitRows: HitRow[];
  let stats: Stats;
  if (groups.length > 0 && query.sort === 'relevance') {
    // Relevance ranking is planned by the number of matches, which the samples tell first.
    const sampledStats = filter.circle ? null : await counter.sampledStats(db, sampled, sampleIndex);
    if (sampledStats === null) {
      stats = await counter.stats(db, sampled, sampleIndex);
      hitRows = await hits(stats.exhaustive || stats.total <= rankAllUpTo ? 'rankAll' : 'windows', stats.total);
    } else if ('stats' in sampledStats) {
      // The page is ranked while the estimate is made precise: the plan only needs its order of magnitude.
      const { stats: estimate, sampleable } = sampledStats;
      [stats, hitRows] = await Promise.all([
        counter.precise(db, sampleable, estimate),
        hits(estimate.total <= rankAllUpTo ? 'rankAll' : 'windows', estimate.total),
      ]);
    } else {
      // Every match is read from the words' index search whatever they are.
      const once = plannedOnce(query, groups, offset);
      ({ stats, hitRows } = await rankedWithStats(db, settings, {
        query,
        groups,
        typed,
        filter: sampled,
        sampleable: sampleIndex,
        unseen: once ? buildFilter(query, groups, false, frequent, true) : null,
        offset,
        coarser: sampledStats.coarser,
        byWindows: (total) => hits('windows', total),
      }));
    }
  } else if (filter.circle && query.sort === 'distance') {
    // A radius's hits and count run in one round trip, planned once per connection when they may be.
    const once = radiusPlannedOnce(query, offset);
    const within = once ? buildFilter(query, groups, false, null, true) : filter;
    const hitsAndStats = [
      hitsSql(query, groups, typed, within, offset, 'windows', once),
      counter.radiusStatsSql(within),
    ];
    const [found, counted] = await withoutBitmapScans(db, hitsAndStats, once);
    hitRows = found as HitRow[];
    stats = await counter.radiusStats(db, counted as FacetRow[], filter);
  } else {
    const counting = countedByFacets(query)
      ? counter.facetStats(db, query)
      : filtersOnly(query, groups)
        ? counter.filteredStats(db, filter, sampleIndex && (() => counter.stats(db, sampled, sampleIndex)))
        : counter.stats(db, sampled, sampleIndex);
    [hitRows, stats] = await Promise.all([hits('windows'), counting]);
  }
  stats = await counter.withinFacetFilters(db, query, stats);
  return {
    hits: hitRows.map((row) => toHit(row, query)),
    total: stats.total,
    page: query.page,
    limit: query.limit,
    totalPages: Math.ceil(stats.total / query.limit),
    facets: stats.facets,
    exhaustive: stats.exhaustive,
  };
}

/**
 * Relevance when no sample level answered, so the matches are few: every one (up to rankAllUpTo) is ranked,
 * counted and faceted in one pass, where counting and then ranking read them twice. More than that many
 * (a sample's count can fall short) are ranked by windows and counted again (Counter.precise, through the
 * `sampleable` filter). `unseen`: the filter with its values unseen, when the pass is planned once.
 */
async function rankedWithStats(
  db: SearchDb,
  { counter, rankAllUpTo }: SearchSettings,
  pass: {
    query: NormalizedQuery;
    groups: WordGroups;
    typed: TypedWords;
    filter: Filter;
    sampleable: Filter | null;
    unseen: Filter | null;
    offset: number;
    coarser: CoarseCount | null;
    byWindows: (total: number) => Promise<HitRow[]>;
  },
): Promise<{ stats: Stats; hitRows: HitRow[] }> {
  const { query, groups, typed, filter, sampleable, unseen, offset, coarser, byWindows } = pass;
  const countedUpTo = rankAllUpTo + 1;
  const read = unseen ?? filter;
  const { rows } = await db.query<HitRow & { match_count: string; facets: FacetRow[] | null }>(
    prepared(
      hitsSql(query, groups, typed, onDocuments(read.everyMatch ?? read), offset, { countedUpTo }, unseen !== null),
    ),
  );
  const counted = Number(rows[0].match_count);
  const facetRows = rows[0].facets ?? [];
  if (counted < countedUpTo) {
    const hitRows = rows.filter((row) => row.id !== null);
    return {
      stats: { total: counted, facets: counter.facetsOf(facetRows), exhaustive: true },
      hitRows,
    };
  }
  const total = await counter.beyond(db, coarser, counted, filter);
  const estimate = { total, facets: counter.facetsOf(facetRows, total / counted), exhaustive: false };
  const [stats, hitRows] = await Promise.all([
    sampleable ? counter.precise(db, sampleable, estimate) : estimate,
    byWindows(total),
  ]);
  return { stats, hitRows };
}
