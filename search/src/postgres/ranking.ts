import { FACET_COLUMNS, facetsSql } from './facets.js';
import type { Filter } from './filter.js';
import type { HitsRequest, HitsStatement, TypedWords } from './pages.js';
import type { Sql } from './planning.js';
import { DOCUMENTS_TABLE } from './schema.js';
import { wordsTsquery, type WordGroups } from './tsquery.js';

/**
 * Relevance: how a query with words ranks its matches (relevanceTiers, relevanceOrder), and the three statements
 * that rank by it.
 * Which one runs depends on the number of matches (search.ts); bench/engine-notes.md "Ranking" has their costs.
 */

/** A relevance tier: the matches meeting `condition`, and the filter a walk of the tier's matches alone uses. */
interface Tier {
  condition: string;
  walk: (filter: Filter) => string;
}

/**
 * How relevance ranks, most relevant tier first. A match is in the first tier whose condition it meets, and after
 * every tier when it meets none; within a tier the tie-breaks order it (relevanceOrder). The name is weight A of the
 * title words, category and type B (inTitle), so the name's and category's tiers are searches of one index. When the
 * words also stand for others (`typed`, the words as typed, is then given: typo variants, other forms of a word), the
 * words as typed rank above them in each field: a tier of its own, so that every statement honours it alike (the
 * windows too).
 *
 * Every relevance statement is built from this list: the tier number (tierCase), and for many matches one walk of
 * each tier in popularity order (`walk`, the windows statement), which finds a page only while popularity decides
 * within a tier.
 */
function relevanceTiers(
  statement: HitsStatement,
  groups: WordGroups,
  typed: TypedWords,
  valuesUnseen: boolean,
): Tier[] {
  const { param, unseen } = statement;
  // The array as an expression: `any (subquery)` would compare with each row of the subquery instead.
  const exactName = `(d.name_folded collate "C") = any((${unseen(param(typed.names, '::text[]'))})::text[])`;
  const unseenParam: HitsStatement['param'] = (value, cast) => unseen(param(value, cast));
  // The tiers of the name's and category's words: their condition read from the title words and location terms (small
  // columns, where each test of the tsvector decompresses it), their walk through the title words' index, unless its
  // plan is made once: that plan must be the walk in popularity order, for words in any share of the matches.
  const titled = (tierGroups: WordGroups, weights: string): Tier => ({
    condition: inTitle(tierGroups, weights, unseenParam, 'terms'),
    walk: (filter) =>
      valuesUnseen
        ? filter.withWords(unseen(wordsTsquery(tierGroups, param, weights)))
        : `${filter.withWords(null)} and ${inTitle(tierGroups, weights, param, 'lexemes')}`,
  });
  // The words anywhere: the tsvector is the only column holding every field.
  const anywhere = (tierGroups: WordGroups): Tier => {
    const all = unseen(wordsTsquery(tierGroups, param));
    return { condition: `d.tsv @@ ${all}`, walk: (filter) => filter.withWords(all) };
  };
  // When the words stand for no others, the tiers of the words as typed hold nothing: they are switched off by a
  // value, not left out, so that the statement's text, and the plan PostgreSQL keeps for it, is the same for any words.
  const variants = unseen(param(typed.groups !== null, '::boolean'));
  const asTyped = (tier: Tier): Tier => ({
    condition: `${variants} and ${tier.condition}`,
    walk: (filter) => `${tier.walk(filter)} and ${variants}`,
  });
  const typedGroups = typed.groups ?? groups;
  return [
    // 0. The name's words are exactly the query's (or with typo variants). Such a name holds every word, so its walk
    // leaves out the words' test, which decompresses each row's tsvector (3,700 places named "Smith Restaurant").
    { condition: exactName, walk: (filter) => `${filter.withWords(null)} and ${exactName}` },
    // Every word in the name (as typed first).
    asTyped(titled(typedGroups, 'A')),
    titled(groups, 'A'),
    // Every word in the name, category or type (as typed first).
    asTyped(titled(typedGroups, 'AB')),
    titled(groups, 'AB'),
    // The words as typed elsewhere, in the city, address or country.
    asTyped(anywhere(typedGroups)),
    // (Every other match.)
  ];
}

/**
 * `tsv @@ <groups>:<weights>` (A the name, B the category and type) in other words: each group's words among the title
 * words (the tsvector's lexemes of weight A and B), or one of the group's places (`~` lexemes, positionless in the
 * tsvector, match in any field), read as the tsvector's lexemes (`lexemes`: its index finds them) or as the location
 * terms they are made of (`terms`: a small column). PostgreSQL's estimate of `tsv @@ 'deli':A` is that of 'deli'
 * anywhere, and it walked every match in popularity order for a word rare in names; from the title words' own
 * statistics it reads such a word through their index.
 */
export function inTitle(
  groups: WordGroups,
  weights: string,
  param: HitsStatement['param'],
  places: 'lexemes' | 'terms',
): string {
  const isPlace = (word: string) => word.startsWith('~');
  const placeCondition = (words: string[]) => {
    if (places === 'lexemes') return `d.tsv @@ ${wordsTsquery([words], param)}`;
    // search_location_lexemes makes a lexeme of each term of 1 to 200 characters.
    const terms = words.map((word) => word.slice(1)).filter((term) => term.length <= 200);
    return terms.length > 0 ? `d.location_terms && ${param(terms, '::text[]')}` : 'false';
  };
  const wordsOnly = groups.filter((group) => !group.some(isPlace));
  const conditions = groups
    .filter((group) => group.some(isPlace))
    .map((group) => {
      const words = group.filter((word) => !isPlace(word));
      const place = placeCondition(group.filter(isPlace));
      return words.length > 0 ? `(d.title_words @@ ${wordsTsquery([words], param, weights)} or ${place})` : place;
    });
  if (wordsOnly.length > 0) conditions.unshift(`d.title_words @@ ${wordsTsquery(wordsOnly, param, weights)}`);
  return `(${conditions.join(' and ')})`;
}

/** The tie-breaks within a tier: the most reviewed, then the id (a total order, so pages never overlap). */
function relevanceOrder(tier: string, reviews = 'd.reviews', id = 'd.id'): string {
  return `${tier}, ${reviews} desc, ${id}`;
}

/** The tier number of a match (`d`): the first tier whose condition it meets, else one after the last. */
function tierCase(tiers: readonly Tier[]): string {
  return `case ${tiers.map((tier, i) => `when ${tier.condition} then ${i}`).join(' ')} else ${tiers.length} end`;
}

/**
 * Relevance is ranked by `windows` (ordered walks, for many matches) or by ranking every match, up to `rankAll`
 * of them (`countedUpTo`: while counting them and their facets, see search.ts rankedWithStats).
 */
export type RelevancePlan = 'windows' | { countedUpTo: number } | 'rankAll';

/** The relevance statement of a page of hits (pages.ts hitsSql). */
export function relevanceSql(statement: HitsStatement, request: HitsRequest): Sql {
  const { query, groups, typed, filter, offset, plan, valuesUnseen } = request;
  const { values, param, columns, select, limit, skip, page } = statement;
  const tiers = relevanceTiers(statement, groups, typed, valuesUnseen);
  const tier = tierCase(tiers);
  const ranking = relevanceOrder(tier);
  if (plan === 'rankAll') return page(filter.where, ranking);
  if (plan !== 'windows') {
    // Every match (up to countedUpTo) once: ranked, counted and faceted in one pass; a page of them is read
    // (a bounded sort: the page is ordered again by the same keys, not numbered among all matches). The
    // facets come with the first row only (on every row they were sent and parsed once per hit).
    const order = (t: string) => relevanceOrder(`${t}.tier`, `${t}.reviews`, `${t}.id`);
    return {
      text: `with m as materialized (
               select d.id, d.reviews, ${tier} as tier, ${FACET_COLUMNS}
               from ${DOCUMENTS_TABLE} d where ${filter.where} limit ${valuesUnseen ? plan.countedUpTo : param(plan.countedUpTo)}),
             ranked as (select m.id, m.tier from m order by ${order('m')} limit ${limit} offset ${skip}),
             summary as (select count(*) as match_count,
                           (select json_agg(f) from (${facetsSql('m', false)}) f) as facets from m)
           select summary.match_count, case when row_number() over (order by ${order('hit')}) = 1 then summary.facets end
             as facets, hit.*
           from summary left join lateral (
             select ${columns.join(', ')}, r.tier from ${DOCUMENTS_TABLE} d join ranked r on r.id = d.id) hit on true
           order by ${order('hit')}`,
      values,
    };
  }
  // Many matches: ranking them all would cost as much as they are many, so each tier's best are fetched by
  // an ordered, limited walk; the union holds every document the page can show, because a tier's first
  // `window` by popularity cannot be outranked by one outside them. The exact names' walk goes first: when it
  // finds `window` of them (a name many places share), the page is theirs alone and nothing else is walked.
  // Then the walk of all matches: when its window is all of the matches, or all in tier k or better, it is also
  // tier k's window, and that tier's walk is skipped. So is every walk after better tiers' walks found `window`
  // documents together: the page is then theirs alone.
  const window = valuesUnseen ? String(offset + query.limit) : param(offset + query.limit);
  const found = (tierNumber: number) =>
    tierNumber === 0
      ? ''
      : `and (select count(*) < ${window} from (${tiers
          .slice(0, tierNumber)
          .map((_, i) => `select id from walk_${i}`)
          .join(' union ')}) better)`;
  const tierWalk = ({ walk }: Tier, tierNumber: number) =>
    `walk_${tierNumber} as materialized (select d.id from ${DOCUMENTS_TABLE} d where ${walk(filter)}
      and (select count(*) = ${window} and max(tier) > ${tierNumber} from best_of_all) ${found(tierNumber)}
      order by d.reviews desc, d.id limit ${window})`;
  const [exactNames, ...others] = tiers;
  return {
    text: `with walk_0 as materialized (select d.id from ${DOCUMENTS_TABLE} d where ${exactNames.walk(filter)}
             order by d.reviews desc, d.id limit ${window}),
           best_of_all as materialized (
             select d.id, ${tier} as tier from ${DOCUMENTS_TABLE} d
             where ${filter.where} and (select count(*) < ${window} from walk_0)
             order by d.reviews desc, d.id limit ${window}),
           ${others.map((t, i) => tierWalk(t, i + 1)).join(',\n           ')},
           candidates as (
             select id from best_of_all
             ${tiers.map((_, i) => `union select id from walk_${i}`).join('\n             ')})
           ${select} where d.id in (select id from candidates)
           order by ${ranking}
           limit ${limit} offset ${skip}`,
    values,
  };
}
