import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import pLimit, { type LimitFunction } from 'p-limit';
import pg from 'pg';
import {
  HIT_FIELDS,
  type DocumentWriter,
  type FacetValue,
  type SearchDocument,
  type SearchEngine,
  type SearchFacets,
  type SearchHit,
  type SearchQuery,
  type SearchResult,
  type Suggestions,
} from '../search-engine.js';
import { EARTH_RADIUS_KM, fold, isOpen, normalizeQuery, prefixEnd, queryWords, type NormalizedQuery } from '../text.js';
import { DOCUMENT_COLUMNS, SOURCE_SQL } from '../sync/source.js';
import {
  createIndexesSql,
  createTablesSql,
  createSampleIndexesSql,
  createSamplesFillSql,
  createSamplesTableSql,
  createVocabularyIndexSql,
  DOCUMENTS_TABLE,
  FACET_COLUMN_NAMES,
  LAYOUT_VERSION,
  MIN_TYPO_WORD,
  PREFIX_LEXEME_LENGTHS,
  SAMPLE_BROWSE_KEYS,
  SAMPLES_TABLE,
  SAMPLE_COLUMNS,
  SAMPLE_MODULI,
  VOCABULARY_TABLE,
  syncSamplesSql,
  vocabularyInsertSql,
} from './schema.js';
import { StatementQueue, type SearchDb } from './statement-queue.js';

export interface PostgresEngineOptions {
  /**
   * Matches are counted exactly up to this many (facets too; relevance-sorted, up to rankAllUpTo); beyond it,
   * the total is estimated (from the sample indexes, else the planner), facets are scaled from a sample and
   * `exhaustive` is false. Counting is the one cost that grows with the number of matches, so it is bounded.
   */
  exactCountUpTo?: number;
  /**
   * Relevance ranks every match in one pass up to this many (one bitmap scan, each row read once: ~3.5 µs a
   * match at 1.2M); beyond it, each tier's best come from a walk of its own (fast when matches are many, but
   * each tier reads the matches again while they are bitmap-scanned: 3× the reads at a few thousand).
   */
  rankAllUpTo?: number;
  /**
   * A sample index is trusted (its scaled count and facets answer) when it finds at least this many matches,
   * and more than exactCountUpTo matches could put in it.
   */
  minSampleMatches?: number;
  /** Most matches read from a sample index (their facets are scaled to the total). */
  sampleRows?: number;
  /** Suggestions of names with a word beginning the prefix are looked for among this many most reviewed first. */
  suggestFromMostReviewed?: number;
  /** Values returned per facet. */
  facetLimit?: number;
  /** Connections a rebuild fills and indexes on at once (one per core is right). */
  rebuildParallelism?: number;
  /**
   * Statements of searches run at once (default: three per two cores); more wait their turn, those of the
   * search that began first going first (StatementQueue). Run all at once, PostgreSQL's backends share the
   * cores, so a search costing several times the mean also takes several times longer under load; queued, each
   * waits about as long as any other and then runs at nearly its unloaded speed. Queued by statement rather than
   * by search, no place is held while Node reads an answer and writes the next statement (at 1.2M, 16 clients:
   * +5–6 % searches a second and p95 −4 to −7 % against three searches at once); four per two cores answered
   * 3.5 % more with a higher p95, one per core no more than three whole searches at once.
   */
  concurrentStatements?: number;
  /**
   * Suggestions run at once (default: two per core), in a queue of their own so that none waits behind a
   * search (−15 %); their statements are short (three per two cores answered 8 % fewer).
   */
  concurrentSuggestions?: number;
  /**
   * Statements that read every match leave out of their index search the lexemes held by at least this share of
   * the documents, and test them on the rows instead (buildFilter); 1 never does.
   */
  indexLexemesBelowShare?: number;
  /** ...as long as the lexemes left in the index search are expected to find at most this many rows. */
  testLexemesOnRowsUpTo?: number;
  /**
   * Windows among at least this many matches, filtered by words and a location only, run under a plan made once per
   * connection (plannedOnce): planning them for their values took as long as running them (1 of 2 ms at 1.2M),
   * and it chose the same walks in popularity order whatever the words.
   */
  plannedOnceFromMatches?: number;
}

/** How long the lexemes' shares read from pg_stats are used before they are read again. */
const LEXEME_SHARES_TTL_MS = 60_000;

/** Exact matches below this count trigger the pass that tolerates typos. */
const FUZZY_BELOW = 10;
/** Typo variants considered per query word. */
const MAX_VARIANTS = 5;
/** Advisory lock key shared by setup (DDL) so the api and worker starting together do not race. */
const SETUP_LOCK = 7_318_222_001;
/** Index builds of a rebuild get more memory than queries need (GIN builds are much faster with it). */
const BUILD_MEMORY = '512MB';

const HIT_COLUMNS = HIT_FIELDS.map((c) => `d.${c}`);

interface Sql {
  text: string;
  values: unknown[];
}

/**
 * Per query word, the words it may stand for: itself first, then typo variants found in the vocabulary.
 * A word ending in `*` is a prefix, one beginning with `^` a word's indexed first letters (query words are
 * letters and digits only, so the marks are unambiguous).
 */
type WordGroups = string[][];
/** A prefix is replaced by the vocabulary words it begins when they are at most this many. */
const MAX_PREFIX_EXPANSION = 32;

/**
 * The embedded engine: search_documents with tsvector, word, array and point indexes. Every query is
 * shaped so its cost is bounded by the page asked for, not by the number of matches: ordered index walks
 * that stop at the page, candidate windows for relevance, sampled counts and facets.
 */
export class PostgresSearchEngine implements SearchEngine {
  readonly kind = 'postgres' as const;
  private readonly exactCountUpTo: number;
  private readonly rankAllUpTo: number;
  /**
   * The sample indexes, smallest first, each with the matches it must find to be trusted and the most it
   * reads (see stats).
   */
  private readonly sampleLevels: SampleLevel[];
  private readonly facetLimit: number;
  private readonly suggestFromMostReviewed: number;
  private readonly rebuildParallelism: number;
  private readonly statements: StatementQueue;
  private readonly suggestSlots: LimitFunction;
  private readonly indexLexemesBelowShare: number;
  private readonly testLexemesOnRowsUpTo: number;
  private readonly plannedOnceFromMatches: number;
  private lexemeShares: { readAt: number; shares: Promise<LexemeShares> } | null = null;

  constructor(
    private readonly pool: pg.Pool,
    options: PostgresEngineOptions = {},
  ) {
    this.exactCountUpTo = options.exactCountUpTo ?? 1000;
    this.rankAllUpTo = Math.max(this.exactCountUpTo, options.rankAllUpTo ?? 3000);
    const sample = this.exactCountUpTo + 1;
    // exactCountUpTo matches put a binomial number of them in a sample: 8 standard deviations above its mean
    // (176 in the tenth for 1,000), so a sample finding more never mistakes a countable set for a large one.
    this.sampleLevels = [...SAMPLE_MODULI]
      .sort((a, b) => b - a)
      .map((modulus) => {
        const share = 1 / modulus;
        const mean = this.exactCountUpTo * share;
        const trusted = Math.ceil(mean + 8 * Math.sqrt(mean * (1 - share)));
        const atLeast = Math.max(trusted, options.minSampleMatches ?? 200);
        return { modulus, trusted: atLeast, rows: Math.max(atLeast, Math.min(sample, options.sampleRows ?? 500)) };
      });
    this.facetLimit = options.facetLimit ?? 50;
    this.suggestFromMostReviewed = options.suggestFromMostReviewed ?? 3000;
    this.rebuildParallelism = Math.max(1, options.rebuildParallelism ?? 2);
    const cores = availableParallelism();
    this.statements = new StatementQueue(pool, Math.max(1, options.concurrentStatements ?? Math.round(1.5 * cores)));
    this.suggestSlots = pLimit(Math.max(1, options.concurrentSuggestions ?? 2 * cores));
    this.indexLexemesBelowShare = options.indexLexemesBelowShare ?? 0.1;
    this.testLexemesOnRowsUpTo = options.testLexemesOnRowsUpTo ?? 1000;
    this.plannedOnceFromMatches = options.plannedOnceFromMatches ?? 20_000;
  }

  async needsReindex(): Promise<boolean> {
    const { rows } = await this.pool.query<{ layout: string | null }>(
      `select obj_description(to_regclass($1), 'pg_class') as layout`,
      [DOCUMENTS_TABLE],
    );
    return rows[0]?.layout !== LAYOUT_VERSION;
  }

  async setup(): Promise<void> {
    await this.underSetupLock(async (client) => {
      const exists = async (table: string) =>
        (await client.query(`select to_regclass($1) as table`, [table])).rows[0].table !== null;
      const gen = generation();
      const statements: string[] = [];
      if (!(await exists(DOCUMENTS_TABLE)))
        statements.push(
          ...createTablesSql(DOCUMENTS_TABLE, VOCABULARY_TABLE),
          ...createIndexesSql(DOCUMENTS_TABLE, gen),
          createVocabularyIndexSql(VOCABULARY_TABLE, gen),
        );
      // An index of an older layout has none, or one of other columns: empty, a count finds no sample and
      // counts exactly, until the reindex the layout asks for fills it.
      const { rows: sampleColumns } = await client.query<{ name: string }>(
        `select attname as name from pg_attribute where attrelid = to_regclass($1) and attnum > 0 and not attisdropped`,
        [SAMPLES_TABLE],
      );
      if (
        sampleColumns
          .map((c) => c.name)
          .sort()
          .join() !== [...SAMPLE_COLUMNS].sort().join()
      )
        statements.push(
          `drop table if exists ${SAMPLES_TABLE}`,
          createSamplesTableSql(SAMPLES_TABLE),
          ...createSampleIndexesSql(SAMPLES_TABLE, gen),
        );
      for (const sql of statements) await client.query(sql);
    });
  }

  async upsert(documents: readonly SearchDocument[]): Promise<void> {
    await upsertInto(this.pool, DOCUMENTS_TABLE, documents);
    const ids = documents.map((d) => d.id);
    await this.pool.query(vocabularyInsertSql(DOCUMENTS_TABLE, VOCABULARY_TABLE, true), [ids]);
    await this.pool.query(syncSamplesSql(DOCUMENTS_TABLE, SAMPLES_TABLE), [ids]);
  }

  async delete(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.pool.query(`delete from ${DOCUMENTS_TABLE} where id = any($1::bigint[])`, [ids]);
    await this.pool.query(syncSamplesSql(DOCUMENTS_TABLE, SAMPLES_TABLE), [ids]);
  }

  /**
   * The sync fast path: documents are computed from businesses by SQL inside the database, so a drain of
   * 100k ids is a few set-based statements and no data crosses to Node. Writes are immediately visible.
   */
  async syncFromSource(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await copyFromSource(this.pool, DOCUMENTS_TABLE, ids);
    await this.pool.query(
      `delete from ${DOCUMENTS_TABLE} d where d.id = any($1::bigint[])
       and not exists (select 1 from businesses b where b.id = d.id)`,
      [ids],
    );
    await this.pool.query(vocabularyInsertSql(DOCUMENTS_TABLE, VOCABULARY_TABLE, true), [ids]);
    await this.pool.query(syncSamplesSql(DOCUMENTS_TABLE, SAMPLES_TABLE), [ids]);
  }

  async count(): Promise<number> {
    const { rows } = await this.pool.query<{ n: string }>(`select count(*) as n from ${DOCUMENTS_TABLE}`);
    return Number(rows[0].n);
  }

  /**
   * Builds search_documents_<generation>, its vocabulary and its samples without indexes, fills them (the
   * documents in id ranges on several connections, each in popularity order), indexes them (several at once),
   * then swaps the three in by renaming.
   */
  async rebuild(fill: (writer: PostgresDocumentWriter) => Promise<void>): Promise<void> {
    const gen = generation();
    const fresh = `${DOCUMENTS_TABLE}_${gen}`;
    const freshVocabulary = `${VOCABULARY_TABLE}_${gen}`;
    const retired = `${DOCUMENTS_TABLE}_retired_${gen}`;
    const retiredVocabulary = `${VOCABULARY_TABLE}_retired_${gen}`;
    const freshSamples = `${SAMPLES_TABLE}_${gen}`;
    const retiredSamples = `${SAMPLES_TABLE}_retired_${gen}`;
    const id = pg.escapeIdentifier;
    await this.dropLeftovers();
    for (const sql of [...createTablesSql(fresh, freshVocabulary), createSamplesTableSql(freshSamples)])
      await this.pool.query(sql);
    try {
      await fill({
        upsert: (documents) => upsertInto(this.pool, fresh, documents),
        copyFromSource: () => this.parallelCopy(fresh),
      });
      // The vocabulary (one connection, 12 s at 1.2M) is filled and indexed while the documents are indexed.
      const vocabulary = [
        vocabularyInsertSql(fresh, freshVocabulary, false),
        createVocabularyIndexSql(freshVocabulary, gen),
      ];
      const samples = [createSamplesFillSql(fresh, freshSamples), ...createSampleIndexesSql(freshSamples, gen)];
      await this.inParallel(
        [vocabulary, samples, ...createIndexesSql(fresh, gen)],
        [`set maintenance_work_mem = '${BUILD_MEMORY}'`],
      );
      await this.inParallel([fresh, freshVocabulary, freshSamples].map((table) => `vacuum analyze ${id(table)}`));
      await this.underSetupLock(async (client) => {
        await client.query(`alter table if exists ${DOCUMENTS_TABLE} rename to ${id(retired)}`);
        await client.query(`alter table if exists ${VOCABULARY_TABLE} rename to ${id(retiredVocabulary)}`);
        await client.query(`alter table ${id(fresh)} rename to ${DOCUMENTS_TABLE}`);
        await client.query(`alter table ${id(freshVocabulary)} rename to ${VOCABULARY_TABLE}`);
        await client.query(`alter table if exists ${SAMPLES_TABLE} rename to ${id(retiredSamples)}`);
        await client.query(`alter table ${id(freshSamples)} rename to ${SAMPLES_TABLE}`);
      });
      await this.pool.query(`drop table if exists ${id(retired)}, ${id(retiredVocabulary)}, ${id(retiredSamples)}`);
    } catch (error) {
      await this.pool
        .query(`drop table if exists ${id(fresh)}, ${id(freshVocabulary)}, ${id(freshSamples)}`)
        .catch(() => undefined);
      throw error;
    }
  }

  async search(input: SearchQuery): Promise<SearchResult> {
    const started = performance.now();
    const db = this.statements.session();
    const query = normalizeQuery(input);
    const { alternatives: lastWord, begunByNone } = await this.lastWordAlternatives(db, query.words);
    const withLastWord = (groups: WordGroups) =>
      groups.map((group, i) => (i === groups.length - 1 ? [...lastWord, ...group.slice(1)] : group));
    const exact = () => this.run(db, query, withLastWord(query.words.map((w) => [w])), false);
    // No indexed word begins the last word: the words as typed find nothing, so only the typo pass is run.
    let result = begunByNone ? null : await exact();
    if (query.words.length > 0 && (result?.total ?? 0) < FUZZY_BELOW && query.words.some((w) => w.length >= 5)) {
      const groups = await this.typoVariants(db, query.words);
      if (groups.some((g) => g.length > 1)) result = await this.run(db, query, withLastWord(groups), true);
    }
    result ??= await exact();
    return { ...result, processingTimeMs: Math.round(performance.now() - started) };
  }

  async suggest(q: string, limit = 5): Promise<Suggestions> {
    return this.suggestSlots(() => this.suggestNow(q, limit));
  }

  private async suggestNow(q: string, limit: number): Promise<Suggestions> {
    const prefix = fold(q).replace(/\s+/g, ' ').trim();
    if (!prefix) return { businesses: [], categories: [], cities: [] };
    // Names, categories and cities that begin with the prefix are a range of their index in byte order. As a
    // range, not `like`, the statement is planned once per connection (prepared): a `like` pattern bound as a
    // parameter gives no index range until planned with its value, and planning this short statement takes
    // longer than running it. The range's ends are read through subqueries (`from`, `to`), which the planner
    // cannot see into: PostgreSQL keeps planning a prepared statement anew for its values as long as those
    // plans look cheaper than one for any values, and a short prefix's range is estimated larger than an
    // unknown one's. Unseen, every value's plan costs the same, and the plan made once is kept (the same
    // three index ranges; 0.16 of 0.43 ms of PostgreSQL's time a suggestion was planning).
    const range = [prefix, prefixEnd(prefix)];
    const [from, to] = ['(select $1::text)', '(select $2::text)'];
    const words = queryWords(q);
    // Names, categories and cities in one statement: three short index ranges, where three statements cost
    // three round trips and three executor starts (−33 % of Node's CPU a suggestion, +6 % suggestions a second
    // at 16 clients). Each part keeps its order in `position`, places sharing a name and popularity by slug.
    // Names starting with the prefix come through the name index: a bounded window of them is ranked by
    // popularity, which keeps it a short range scan even for a one-letter prefix.
    const { rows } = await this.pool.query<SuggestionRow>(
      prepared({
        text: `(select 'business' as kind, name, slug, city, null as country_code, null::int as count,
                  row_number() over (order by reviews desc, name_folded, slug) as position from (
                  select d.name, d.slug, d.city, d.reviews, d.name_folded from ${DOCUMENTS_TABLE} d
                  where d.is_approved and (d.name_folded collate "C") >= ${from} and (d.name_folded collate "C") < ${to}
                  order by (d.name_folded collate "C") limit 200) s
                order by reviews desc, name_folded, slug limit $3)
               union all
               (select 'category', category, category_slug, null, null, business_count,
                  row_number() over (order by business_count desc, category_slug) from category_stats
                where search_fold(category) ~>=~ ${from} and search_fold(category) ~<~ ${to}
                order by business_count desc, category_slug limit $3)
               union all
               (select 'city', city, city_slug, null, country_code, business_count,
                  row_number() over (order by business_count desc, city_slug, country_code) from city_stats
                where search_fold(city) ~>=~ ${from} and search_fold(city) ~<~ ${to}
                order by business_count desc, city_slug, country_code limit $3)`,
        values: [...range, limit],
      }),
    );
    const of = (kind: SuggestionRow['kind']) =>
      rows.filter((row) => row.kind === kind).sort((a, b) => Number(a.position) - Number(b.position));
    const starts = of('business');
    const categories = of('category').map(({ name, slug, count }) => ({ name, slug, count: count! }));
    const cities = of('city').map(({ name, slug, country_code, count }) => ({
      name,
      slug,
      countryCode: country_code!,
      count: count!,
    }));
    let businesses = starts.map(({ name, slug, city }) => ({ name, slug, city }));
    if (businesses.length < limit && words.length > 0 && prefix.length >= 2) {
      // Then names with a word starting with the prefix ("coff" → "Blue Bottle Coffee"), the most reviewed
      // first: looked for among the suggestFromMostReviewed most reviewed places (an ordered walk that stops
      // when it has enough), and only when they hold too few, in the name-words index (then a rare prefix,
      // whose posting lists are short: a common one's would be decoded whole, up to 11 ms at 1.2M).
      // The walk of the most reviewed is the same plan whatever the words, so it is planned once (prepared, the
      // words unseen as the range above); the name-words index's plan depends on how common they are.
      const more = (source: string, plannedOnce: boolean) => {
        const sql = {
          text: `select name, slug, city from (${source}) s
                 where s.name_words @@ (select to_tsquery('simple', $1))
                   and not ((s.name_folded collate "C") >= $2 and (s.name_folded collate "C") < $3)
                 order by s.reviews desc, s.id limit $4`,
          values: [tsquery(asTyped(words)), ...range, limit - businesses.length],
        };
        return this.pool.query<{ name: string; slug: string; city: string | null }>(plannedOnce ? prepared(sql) : sql);
      };
      const columns = 'd.name, d.slug, d.city, d.reviews, d.id, d.name_words, d.name_folded';
      let found = await more(
        `select ${columns} from ${DOCUMENTS_TABLE} d where d.is_approved
         order by d.reviews desc, d.id limit ${this.suggestFromMostReviewed}`,
        true,
      );
      if (found.rows.length < limit - businesses.length)
        found = await more(
          `select ${columns} from ${DOCUMENTS_TABLE} d where d.is_approved and d.name_words @@ to_tsquery('simple', $1)
           limit 200`,
          false,
        );
      businesses = [...businesses, ...found.rows];
    }
    return { businesses, categories, cities };
  }

  async close(): Promise<void> {
    // The pool belongs to the caller (shared with the api or worker).
  }

  /**
   * The last word as typed is a prefix ("coffee sh"). GIN answers a prefix by collecting every entry that
   * begins it into a bitmap before intersecting (several times the cost of exact terms for a common word),
   * so a prefix of 3 or 4 letters is its `^` lexeme (every word's first letters are indexed), and a longer
   * one the vocabulary words it begins — the vocabulary holds every indexed word of MIN_TYPO_WORD+ letters —
   * unless it begins too many words. Shorter ones stay prefixes.
   */
  private async lastWordAlternatives(
    db: SearchDb,
    words: readonly string[],
  ): Promise<{ alternatives: string[]; begunByNone: boolean }> {
    const last = words.at(-1);
    const as = (alternatives: string[], begunByNone = false) => ({ alternatives, begunByNone });
    if (last === undefined) return as([]);
    if (PREFIX_LEXEME_LENGTHS.includes(last.length)) return as([`^${last}`]);
    if (last.length < MIN_TYPO_WORD) return as([`${last}*`]);
    // The words it begins are a range of the vocabulary's key (collation "C"), planned once (prepared).
    const { rows } = await db.query<{ word: string }>(
      prepared({
        text: `select word from ${VOCABULARY_TABLE} where word >= $1 and word < $2 order by word
               limit ${MAX_PREFIX_EXPANSION + 1}`,
        values: [last, prefixEnd(last)],
      }),
    );
    // None: no indexed word begins it (the vocabulary holds every one this long), and the prefix itself
    // finds that at no cost.
    if (rows.length === 0) return as([`${last}*`], true);
    return as(rows.length > MAX_PREFIX_EXPANSION ? [`${last}*`] : rows.map((r) => r.word));
  }

  /**
   * Typo variants of each word of 5+ letters: the vocabulary words nearest by trigrams, kept when within one edit
   * (two from 9 letters; a swap of neighbours is one edit), as Meilisearch's typo tolerance counts them.
   */
  private async typoVariants(db: SearchDb, words: readonly string[]): Promise<WordGroups> {
    return Promise.all(
      words.map(async (word) => {
        if (word.length < 5) return [word];
        const { rows } = await db.query<{ word: string }>(
          // Nearest by trigram distance, without a similarity threshold: a swap of neighbours in a short
          // word ("gloden") shares few trigrams with the word meant, yet is one edit away.
          `select word from ${VOCABULARY_TABLE} where word <> $1 order by word <-> $1, word limit 50`,
          [word],
        );
        const allowed = word.length >= 9 ? 2 : 1;
        const variants = rows.map((r) => r.word).filter((v) => editDistance(word, v) <= allowed);
        return [word, ...variants.slice(0, MAX_VARIANTS)];
      }),
    );
  }

  private async run(
    db: SearchDb,
    query: NormalizedQuery,
    groups: WordGroups,
    fuzzy: boolean,
  ): Promise<Omit<SearchResult, 'processingTimeMs'>> {
    const frequent =
      this.indexLexemesBelowShare < 1 && groups.length + query.locationGroups.length > 0
        ? {
            shares: await this.sharesOfLexemes(db),
            from: this.indexLexemesBelowShare,
            rows: this.testLexemesOnRowsUpTo,
          }
        : null;
    const filter = buildFilter(query, groups, false, frequent);
    const lexemeFilter = buildFilter(query, groups, true, frequent);
    const sampled = sampleByLexemes(query, groups) ? lexemeFilter : filter;
    // Anything the tsvector answers has its matches in the sample index too, and browsing by a category, country
    // or city in the samples' b-trees; a radius samples nearest first. The samples' statement reads a range of a
    // sample index whatever the values, so they are hidden from the planner and its plan is made once per
    // connection: planned for them (five times on each connection, and whenever such plans looked cheaper), it took
    // longer to plan than to run (1.7 against 0.9 ms at 1.2M).
    const sampleIndex = browsesSampleBtrees(query, groups)
      ? buildFilter(query, groups, false, frequent, true)
      : lexemeFilter.text && !lexemeFilter.circle
        ? buildFilter(query, groups, true, frequent, true)
        : null;
    const offset = (query.page - 1) * query.limit;
    // `matches`: the total, when relevance ranks by windows (enough of them, their plan is made once: plannedOnce).
    const hits = async (plan: RelevancePlan, matches = 0) => {
      const once =
        plan === 'windows' &&
        (groups.length > 0
          ? matches >= this.plannedOnceFromMatches && plannedOnce(query, groups, offset)
          : pagesOneIndex(query, offset));
      const matching = once
        ? buildFilter(query, groups, false, null, true)
        : plan === 'windows'
          ? filter
          : (filter.everyMatch ?? filter);
      return (await db.query<HitRow>(prepared(hitsSql(query, groups, fuzzy, matching, offset, plan, once)))).rows;
    };
    let hitRows: HitRow[];
    let stats: Stats;
    if (groups.length > 0 && query.sort === 'relevance') {
      // Relevance ranking is planned by the number of matches, which the samples tell first.
      const sampledStats = filter.circle ? null : await this.sampledStats(db, sampled, sampleIndex);
      if (sampledStats === null) {
        stats = await this.stats(db, sampled, sampleIndex);
        hitRows = await hits(stats.exhaustive || stats.total <= this.rankAllUpTo ? 'rankAll' : 'windows', stats.total);
      } else if ('stats' in sampledStats) {
        stats = sampledStats.stats;
        hitRows = await hits(stats.total <= this.rankAllUpTo ? 'rankAll' : 'windows', stats.total);
      } else {
        const { coarser } = sampledStats;
        const byWindows = (total: number) => hits('windows', total);
        // Every match is read from the words' index search whatever they are.
        const once = plannedOnce(query, groups, offset);
        ({ stats, hitRows } = await this.rankedWithStats(
          db,
          query,
          groups,
          fuzzy,
          sampled,
          once ? buildFilter(query, groups, false, frequent, true) : null,
          offset,
          coarser,
          byWindows,
        ));
      }
    } else if (filter.circle && query.sort === 'distance') {
      // A radius's hits and count run in one round trip, planned once per connection when they may be (radiusPlannedOnce).
      const once = radiusPlannedOnce(query, offset);
      const within = once ? buildFilter(query, groups, false, null, true) : filter;
      const hitsAndStats = [
        hitsSql(query, groups, fuzzy, within, offset, 'windows', once),
        this.radiusStatsSql(within),
      ];
      const [found, counted] = await withoutBitmapScans(db, hitsAndStats, once);
      hitRows = found as HitRow[];
      stats = await this.radiusStats(db, counted as FacetRow[], filter);
    } else {
      [hitRows, stats] = await Promise.all([hits('windows'), this.stats(db, sampled, sampleIndex)]);
    }
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
   * Total and facets from one bounded sample of the matches; the coarser sample index or the planner
   * estimates what lies beyond. Within a radius the samples and matches are the nearest ones, and a total
   * beyond them is scaled from their density (radiusStats): the planner's guess for a point in a box is a
   * constant, whatever the box holds.
   *
   * `sampleable` (the filter as tsvector lexemes) is first asked of the sample indexes, smallest first: one
   * that finds enough matches (sampleLevels) proves there are more than can be counted exactly, and gives the
   * total (scaled: unbiased, from a coarser sample's count or the planner's guess when the sample is full) and
   * facets for a thousandth to a tenth of the cost. A query no sample trusts has few matches: they are counted.
   */
  private async stats(db: SearchDb, filter: Filter, sampleable: Filter | null): Promise<Stats> {
    if (filter.circle)
      return this.radiusStats(
        db,
        (await withoutBitmapScans(db, [this.radiusStatsSql(filter)]))[0] as FacetRow[],
        filter,
      );
    const sampled = await this.sampledStats(db, filter, sampleable);
    if ('stats' in sampled) return sampled.stats;
    const rows = (await db.query<FacetRow>(prepared(this.countSql(filter)))).rows;
    return this.statsOf(db, rows, filter, sampled.coarser);
  }

  /** Counts and facets the first exactCountUpTo + 1 matches (within a radius, the nearest): statsOf reads it. */
  private countSql(filter: Filter): Sql {
    return statsSql(filter.everyMatch ?? filter, this.exactCountUpTo + 1);
  }

  /** A radius's count and facets: the finest sample's nearest matches first (radiusStatsSql). */
  private radiusStatsSql(filter: Filter): Sql {
    return radiusStatsSql(filter, this.sampleLevels.at(-1)!, this.exactCountUpTo + 1);
  }

  /**
   * Total and facets of a radius from radiusStatsSql's rows. A sample that finds enough matches to be trusted
   * (as a text query's finest level) answers: every sampled match within the radius when it read fewer than
   * its bound, scaled by the sample's share; else its farthest read match tells the density, as statsOf does
   * for the nearest matches themselves, which answer when the sample holds too few (they were read instead).
   */
  private async radiusStats(db: SearchDb, rows: FacetRow[], filter: Filter): Promise<Stats> {
    const sampled = rows.filter((row) => row.source === 'sample');
    const { modulus, trusted, rows: bound } = this.sampleLevels.at(-1)!;
    const counted = totalOf(sampled);
    if (counted < trusted)
      return this.statsOf(
        db,
        rows.filter((row) => row.source === 'exact'),
        filter,
        null,
      );
    const inSample = counted < bound ? counted : (scaledToRadius(counted, sampled, filter.circle!.radiusKm) ?? counted);
    const total = inSample * modulus;
    return { total, facets: toFacets(sampled, total / counted, this.facetLimit), exhaustive: false };
  }

  /** Total and facets from countSql's rows: exact below its bound, else estimated (see stats). */
  private async statsOf(db: SearchDb, rows: FacetRow[], filter: Filter, coarser: CoarseCount | null): Promise<Stats> {
    const sample = this.exactCountUpTo + 1;
    const counted = totalOf(rows);
    if (counted < sample) return { total: counted, facets: toFacets(rows, 1, this.facetLimit), exhaustive: true };
    // Within a radius, scaled from the nearest matches' density; the planner's guess when they tell none.
    const total =
      (filter.circle && scaledToRadius(counted, rows, filter.circle.radiusKm)) ||
      (await this.beyond(db, coarser, counted, filter));
    return { total, facets: toFacets(rows, total / counted, this.facetLimit), exhaustive: false };
  }

  /**
   * The sample levels' answer (see stats), or the finest count they read when none could answer. All levels
   * are one statement (samplesSql), which decides which of them are read.
   */
  private async sampledStats(
    db: SearchDb,
    filter: Filter,
    sampleable: Filter | null,
  ): Promise<{ stats: Stats } | { coarser: CoarseCount | null }> {
    if (!sampleable) return { coarser: null };
    // Each level reads every sampled match up to its bound: common lexemes are tested on those rows (buildFilter).
    const { rows } = await db.query<FacetRow>(
      prepared(samplesSql(sampleable.everyMatch ?? sampleable, this.sampleLevels)),
    );
    // A level's count is null when PostgreSQL did not read it.
    const read = rows.filter((r) => r.facet === 'level' && r.count !== null);
    const counted = new Map(read.map((r) => [Number(r.value), Number(r.count)]));
    let coarser: CoarseCount | null = null;
    for (const { modulus, trusted, rows: limit } of this.sampleLevels) {
      const count = counted.get(modulus);
      if (count === undefined) continue;
      if (count >= trusted) {
        const total = count < limit ? count * modulus : await this.beyond(db, coarser, count * modulus, filter);
        return { stats: { total, facets: toFacets(rows, total / count, this.facetLimit), exhaustive: false } };
      }
      coarser = { modulus, counted: count };
    }
    return { coarser };
  }

  /**
   * A total beyond a full sample: the coarser sample's count when it holds enough matches to be within ±15 %,
   * else the planner's guess.
   */
  private async beyond(db: SearchDb, coarser: CoarseCount | null, atLeast: number, filter: Filter): Promise<number> {
    return Math.max(
      atLeast,
      coarser && coarser.counted >= 45 ? coarser.counted * coarser.modulus : await plannedRows(db, filter),
    );
  }

  /**
   * Relevance when no sample level answered, so the matches are few: every one (up to rankAllUpTo) is ranked,
   * counted and faceted in one pass, where counting and then ranking read them twice. More than that many
   * (a sample's count can fall short) are ranked by windows. `unseen`: the filter with its values unseen, when the
   * pass is planned once.
   */
  private async rankedWithStats(
    db: SearchDb,
    query: NormalizedQuery,
    groups: WordGroups,
    fuzzy: boolean,
    filter: Filter,
    unseen: Filter | null,
    offset: number,
    coarser: CoarseCount | null,
    byWindows: (total: number) => Promise<HitRow[]>,
  ): Promise<{ stats: Stats; hitRows: HitRow[] }> {
    const countedUpTo = this.rankAllUpTo + 1;
    const pass = unseen ?? filter;
    const { rows } = await db.query<HitRow & { match_count: string; facets: FacetRow[] | null }>(
      prepared(hitsSql(query, groups, fuzzy, pass.everyMatch ?? pass, offset, { countedUpTo }, unseen !== null)),
    );
    const counted = Number(rows[0].match_count);
    const facetRows = rows[0].facets ?? [];
    if (counted < countedUpTo) {
      const hitRows = rows.filter((row) => row.id !== null);
      return { stats: { total: counted, facets: toFacets(facetRows, 1, this.facetLimit), exhaustive: true }, hitRows };
    }
    const total = await this.beyond(db, coarser, counted, filter);
    const hitRows = await byWindows(total);
    return {
      stats: { total, facets: toFacets(facetRows, total / counted, this.facetLimit), exhaustive: false },
      hitRows,
    };
  }

  /**
   * The share of documents holding each of the most common lexemes, as ANALYZE last counted them (a rebuild
   * analyzes). Read once before the first search that needs them, then again in the background (no search waits)
   * every LEXEME_SHARES_TTL_MS. None when they cannot be read: every lexeme is then rare.
   */
  private async sharesOfLexemes(db: SearchDb): Promise<LexemeShares> {
    const now = performance.now();
    if (!this.lexemeShares) {
      this.lexemeShares = { readAt: now, shares: readLexemeShares(db.query.bind(db)) };
    } else if (now - this.lexemeShares.readAt > LEXEME_SHARES_TTL_MS) {
      const current = this.lexemeShares;
      current.readAt = now;
      const next = readLexemeShares((sql, values) => this.statements.background(sql, values));
      void next.then((shares) => {
        // A failed read keeps the shares read before.
        if (this.lexemeShares === current && shares !== NO_SHARES)
          this.lexemeShares = { readAt: now, shares: Promise.resolve(shares) };
      });
    }
    return this.lexemeShares.shares;
  }

  /** One transaction holding the setup lock: creating and swapping the tables never interleave. */
  private async underSetupLock(work: (client: pg.PoolClient) => Promise<void>): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      await client.query('select pg_advisory_xact_lock($1)', [SETUP_LOCK]);
      await work(client);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** Tables of a rebuild that was interrupted (process killed); callers hold the sync lock, so none is in use. */
  private async dropLeftovers(): Promise<void> {
    const { rows } = await this.pool.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = current_schema()
       and (tablename like 'search\\_documents\\_%' or tablename like 'search\\_vocabulary\\_%'
            or tablename like 'search\\_samples\\_%')`,
    );
    for (const { name } of rows) await this.pool.query(`drop table if exists ${pg.escapeIdentifier(name)}`);
  }

  /**
   * Fills the fresh table from businesses in id ranges, one per connection, each written in popularity order:
   * the plans that walk the reviews index (most reviewed first, filtering as they go) then read neighbouring
   * rows from the same pages instead of one page per row. (Each connection fills pages of its own, so its most
   * popular rows share pages as a whole table rewritten in that order — by CLUSTER, 17 s more at 1.2M — would
   * have them.) Rows written later by the sync are appended; the next rebuild restores the order.
   */
  private async parallelCopy(table: string): Promise<void> {
    const { rows } = await this.pool.query<{ lo: string | null; hi: string | null }>(
      'select min(id) as lo, max(id) as hi from businesses',
    );
    if (rows[0].lo === null) return;
    const lo = Number(rows[0].lo);
    const hi = Number(rows[0].hi);
    const step = Math.ceil((hi - lo + 1) / this.rebuildParallelism);
    const ranges = Array.from({ length: this.rebuildParallelism }, (_, i): [number, number] => [
      lo + i * step,
      Math.min(hi, lo + (i + 1) * step - 1),
    ]);
    // The sort by popularity gets the memory of an index build.
    await this.inParallel(
      ranges.map((range) => withValuesWritten(copyFromSourceSql(table, { range }))),
      [`set work_mem = '${BUILD_MEMORY}'`],
    );
  }

  /**
   * Runs the statements on up to rebuildParallelism connections, each prepared with `setup`; the statements of
   * a list run one after the other, on one connection.
   */
  private async inParallel(statements: (string | string[])[], setup: string[] = []): Promise<void> {
    const queue = statements.map((task) => (typeof task === 'string' ? [task] : task));
    await Promise.all(
      Array.from({ length: Math.min(this.rebuildParallelism, queue.length) }, async () => {
        const client = await this.pool.connect();
        try {
          for (const sql of setup) await client.query(sql);
          for (let task = queue.shift(); task !== undefined; task = queue.shift())
            for (const sql of task) await client.query(sql);
          for (const sql of setup) await client.query(`reset ${sql.split(/\s+/)[1]}`);
        } finally {
          client.release();
        }
      }),
    );
  }
}

/** A row of the suggestion statement: one name, category or city, and its place among its kind. */
interface SuggestionRow {
  kind: 'business' | 'category' | 'city';
  name: string;
  slug: string;
  city: string | null;
  country_code: string | null;
  count: number | null;
  /** bigint arrives as text. */
  position: string;
}

export interface PostgresDocumentWriter extends DocumentWriter {
  /** Fills the fresh table from businesses in one statement. */
  copyFromSource(): Promise<void>;
}

function generation(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

const WRITABLE = DOCUMENT_COLUMNS.map((c) => c as string);

/** Upserts documents computed by SOURCE_SQL for the given ids. */
async function copyFromSource(pool: pg.Pool, table: string, ids: readonly number[]): Promise<void> {
  await pool.query(copyFromSourceSql(table, { ids }));
}

/** The upsert of documents computed by SOURCE_SQL for ids, or for an id range in popularity order (rebuilds). */
function copyFromSourceSql(table: string, which: { ids: readonly number[] } | { range: [number, number] }): Sql {
  const t = pg.escapeIdentifier(table);
  const columns = WRITABLE.join(', ');
  const [where, order, values]: [string, string, unknown[]] =
    'ids' in which
      ? ['where b.id = any($1::bigint[])', '', [which.ids]]
      : ['where b.id between $1 and $2', 'order by s.reviews desc, s.id', which.range];
  return {
    text: `insert into ${t} (${columns}) select ${columns} from (${SOURCE_SQL} ${where}) s ${order}
     on conflict (id) do update set ${WRITABLE.filter((c) => c !== 'id')
       .map((c) => `${c} = excluded.${c}`)
       .join(', ')}`,
    values,
  };
}

async function upsertInto(pool: pg.Pool, table: string, documents: readonly SearchDocument[]): Promise<void> {
  if (documents.length === 0) return;
  const t = pg.escapeIdentifier(table);
  const columns = WRITABLE.join(', ');
  await pool.query(
    `insert into ${t} (${columns})
     select ${columns} from jsonb_to_recordset($1::jsonb) as r(
       id bigint, slug text, name text, category text, category_slug text, type text, city text, city_slug text,
       country text, country_code text, full_address text, phone text, photo text, latitude double precision,
       longitude double precision, rating double precision, reviews integer, verified boolean, is_approved boolean,
       open_days integer, location_terms text[])
     on conflict (id) do update set ${WRITABLE.filter((c) => c !== 'id')
       .map((c) => `${c} = excluded.${c}`)
       .join(', ')}`,
    [JSON.stringify(documents)],
  );
}

/**
 * A statement PostgreSQL keeps parsed on each connection (named by its text's hash). A search's statements
 * take their values as parameters, so their texts are few (a text per shape of query: which filters, how many
 * words, which sort) and parsing them (large texts) is done once per connection. PostgreSQL still plans each
 * execution for its values, unless after five it finds a plan for any values as cheap (a sample index is the
 * only way in, or a range of one index): then that plan is kept too. The pool retires its connections after
 * a number of uses (searchPoolConfig), which bounds what they keep.
 */
function prepared(sql: Sql): pg.QueryConfig {
  return { name: statementName('search', sql.text), text: sql.text, values: sql.values };
}

/** A prepared statement's name on a connection: its text's hash (hexadecimal, so also an SQL identifier for PREPARE). */
function statementName(prefix: string, text: string): string {
  return `${prefix}_${createHash('sha1').update(text).digest('hex')}`;
}

/** The planner's estimate of the filter's matches. */
async function plannedRows(db: SearchDb, filter: Filter): Promise<number> {
  const { rows } = await db.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    `explain (format json) select 1 from ${DOCUMENTS_TABLE} d where ${filter.where}`,
    filter.values,
  );
  return Math.round(rows[0]['QUERY PLAN'][0].Plan['Plan Rows']);
}

/**
 * Runs radius statements without bitmap scans, in one round trip. The planner guesses a constant 0.1 % of the table
 * for a point in a box, so for a city's tens of thousands of points it would collect them all in a bitmap and sort
 * them; without bitmaps it walks the GiST index nearest first and stops at the query's limit. Returns each
 * statement's rows.
 *
 * A message of several statements takes no parameters: the values are written into the text, and each statement is
 * planned for them, which took as long as running them (4.3 of 9.6 ms at 1.2M). `plannedOnce` statements (their
 * values unseen, radiusPlannedOnce) are instead PREPAREd once on each connection and executed under the plan made
 * for any values: the walks nearest first are that plan whatever the centre and radius.
 */
async function withoutBitmapScans(
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
function withValuesWritten(sql: Sql): string {
  return sql.text.replace(/\$(\d+)/g, (_, n: string) => literal(sql.values[Number(n) - 1], Number(n) - 1));
}

/** A number (in parentheses) or string as an SQL literal. */
function literal(value: unknown, index: number): string {
  // In parentheses: a negative number after a minus sign would otherwise begin a comment (`--`).
  if (typeof value === 'number' && Number.isFinite(value)) return `(${value})`;
  if (typeof value === 'string') return pg.escapeLiteral(value);
  throw new Error(`cannot write parameter $${index + 1} (${typeof value}) into a statement`);
}

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

interface Filter {
  /** Every condition of the query. */
  where: string;
  /** `where` with another words condition (a tsquery expression) in place of the query's. */
  withWords: (tsqueryExpr: string) => string;
  values: unknown[];
  /** Parameter references the ranking reuses. */
  refs: { lat?: string; lng?: string };
  /** The radius filter: its centre's parameter references and its size. */
  circle: { lat: string; lng: string; radiusKm: number } | null;
  /** `where` has a tsvector condition. */
  text: boolean;
  /**
   * The same filter for statements that read every match, when it leaves some frequent lexemes out of the index
   * search (buildFilter).
   */
  everyMatch?: Filter;
}

/**
 * The share of documents holding each of the most common lexemes (pg_stats), the least share listed (the others
 * hold less), and the number of documents.
 */
interface LexemeShares {
  of: ReadonlyMap<string, number>;
  least: number;
  documents: number;
}

/** Lexemes held by at least `from` of the documents, tested on the rows when the others find at most `rows`. */
interface FrequentLexemes {
  shares: LexemeShares;
  from: number;
  rows: number;
}

/** The lexemes' shares of the documents' tsvectors, from pg_stats (NO_SHARES when they cannot be read). */
async function readLexemeShares(
  query: <R extends pg.QueryResultRow>(sql: string, values: unknown[]) => Promise<pg.QueryResult<R>>,
): Promise<LexemeShares> {
  try {
    const { rows } = await query<{ lexemes: string[] | null; shares: number[] | null; documents: number }>(
      `select s.most_common_elems::text::text[] as lexemes, s.most_common_elem_freqs as shares,
         greatest(c.reltuples, 0)::float8 as documents
       from pg_class c left join pg_stats s on s.schemaname = current_schema() and s.tablename = c.relname
         and s.attname = 'tsv'
       where c.oid = to_regclass($1)`,
      [DOCUMENTS_TABLE],
    );
    const { lexemes, shares, documents } = rows[0] ?? { lexemes: null, shares: null, documents: 0 };
    // One share a lexeme (other figures follow them in most_common_elem_freqs).
    const listed = (lexemes ?? []).map((lexeme, i): [string, number] => [lexeme, shares?.[i] ?? 0]);
    const least = listed.reduce((min, [, share]) => Math.min(min, share), listed.length > 0 ? 1 : 0);
    return { of: new Map(listed), least, documents };
  } catch {
    return NO_SHARES;
  }
}

/** Before ANALYZE has counted the lexemes: every one is rare, and no statement leaves one out. */
const NO_SHARES: LexemeShares = { of: new Map(), least: 0, documents: 0 };

/**
 * tsquery text of a location: every comma-separated part must match one of its alternatives, each a
 * `~term` lexeme (search_location_lexemes). Quoted as tsquery literals, so spaces and quotes stay inside.
 */
function locationTsquery(groups: readonly string[][]): string {
  return groups.map((alternatives) => `(${alternatives.map((t) => quotedLexeme(`~${t}`)).join(' | ')})`).join(' & ');
}

/** A lexeme as a tsquery literal: quoted, so spaces, colons and quotes stay inside it. */
function quotedLexeme(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/**
 * tsquery text: every group must match (one of its alternatives); `word*` is a prefix. Weights restrict
 * to fields (A name, B category/type). Words are letters and digits only (queryWords).
 */
function tsquery(groups: WordGroups, weights = ''): string {
  return groups
    .map((alternatives) => {
      const terms = alternatives.map((w) => {
        const prefix = w.endsWith('*') ? '*' : '';
        return `'${prefix ? w.slice(0, -1) : w}'${prefix || weights ? `:${prefix}${weights}` : ''}`;
      });
      return terms.length === 1 ? terms[0] : `(${terms.join(' | ')})`;
    })
    .join(' & ');
}

/**
 * The SQL tsquery of the word groups: to_tsquery for words and prefixes (the same parser as the documents'),
 * and the `^` lexemes of short prefixes cast as they are (to_tsquery's parser would drop the mark).
 */
function wordsTsquery(groups: WordGroups, param: (value: unknown, cast?: string) => string, weights = ''): string {
  const marked = (group: string[]) => group.length === 1 && group[0].startsWith('^');
  const parts: string[] = [];
  const words = groups.filter((group) => !marked(group));
  const prefixes = groups.filter(marked);
  if (words.length > 0) parts.push(`to_tsquery('simple', ${param(tsquery(words, weights))})`);
  if (prefixes.length > 0) parts.push(param(tsquery(prefixes, weights), '::tsquery'));
  return parts.length === 1 ? parts[0] : `(${parts.join(' && ')})`;
}

/** The words as typed: the last one a prefix. */
function asTyped(words: readonly string[]): WordGroups {
  return words.map((w, i) => [i === words.length - 1 ? `${w}*` : w]);
}

function distanceSql(lat: string, lng: string): string {
  return `(${2 * EARTH_RADIUS_KM} * asin(least(1, sqrt(
    power(sin(radians(d.latitude - ${lat}) / 2), 2) +
    cos(radians(${lat})) * cos(radians(d.latitude)) * power(sin(radians(d.longitude - ${lng}) / 2), 2)))))`;
}

/**
 * `lexemes`: the category, country and city are matched as tsvector lexemes instead of columns, so one GIN
 * search intersects them with the words and location — the access path for a sample of any matches (the
 * count and facets), while the hits keep the column equalities their ordered b-tree walks need.
 *
 * `frequent`: the filter also gets `everyMatch`, for statements that read every match, when it differs. A GIN
 * search of several lexemes intersects their posting lists, and one held by a large share of the documents
 * ("restaurant", a possessive's "s") costs as much as it is long while it hardly narrows the others. A statement
 * that reads every match's row anyway can test such a lexeme on the rows: the lexemes held by at least `from` of
 * the documents are left out of the index search (all but the rarest one) and the whole tsquery is tested on the
 * rows the others find, as a condition the planner cannot take to the index.
 *
 * `valuesUnseen`: every value is read through a subquery, so a prepared statement's plan does not depend on them
 * and PostgreSQL keeps the one it made for any values (as the suggestions' ranges).
 */
function buildFilter(
  query: NormalizedQuery,
  groups: WordGroups,
  lexemes = false,
  frequent: FrequentLexemes | null = null,
  valuesUnseen = false,
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
  if (query.openNow) where.push(`(d.open_days & ${unseen(param(1 << query.weekday, '::int'))}) <> 0`);
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
  const others = where.join(' and ');
  const matching = (text: string | null) => {
    const parts = [text, location, facets].filter((part): part is string => part !== null);
    return parts.length === 0 ? others : `${others} and d.tsv @@ ${unseen(`(${parts.join(' && ')})`)}`;
  };
  const text = words !== null || location !== null || facets !== null;
  // Its own copy of the values: everyMatch's index search adds parameters the other statements do not have.
  const filter = { where: matching(words), withWords: matching, values: [...values], refs, circle, text };
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

/**
 * Lexemes pay for a sample when there is text to intersect with, or filters no one b-tree serves; one filter
 * alone, a country and city, or a category and country (each an index's prefix) is better served by its
 * b-tree: a range scan that stops at the sample (0.4 ms for New York at 1.2M, where intersecting the lexemes'
 * GIN lists took 28 ms). A radius sample walks the GiST index nearest first instead.
 */
function sampleByLexemes(query: NormalizedQuery, groups: WordGroups): boolean {
  if (query.geo?.radiusKm !== undefined) return false;
  const fixed = fixedFacetColumns(query);
  const oneBtree = fixed.length === 1 || (fixed.length === 2 && fixed.includes('country_code'));
  return fixed.length > 0 && (groups.length > 0 || query.locationGroups.length > 0 || !oneBtree);
}

/** No words, location or radius, and the facet filters are one of the samples' b-tree keys (SAMPLE_BROWSE_KEYS). */
function browsesSampleBtrees(query: NormalizedQuery, groups: WordGroups): boolean {
  if (groups.length > 0 || query.locationGroups.length > 0 || query.geo?.radiusKm !== undefined) return false;
  const fixed = fixedFacetColumns(query);
  return SAMPLE_BROWSE_KEYS.some((key) => key.length === fixed.length && key.every((c) => fixed.includes(c)));
}

/** The columns the query's category, country and city filters fix by equality. */
function fixedFacetColumns(query: NormalizedQuery): string[] {
  const filters: [string, string | undefined][] = [
    ['category_slug', query.category],
    ['country_code', query.country],
    ['city_slug', query.city],
  ];
  return filters.flatMap(([column, value]) => (value === undefined ? [] : [column]));
}

export function boundingBoxes(lat: number, lng: number, radiusKm: number): [number, number, number, number][] {
  const dLat = (radiusKm / EARTH_RADIUS_KM) * (180 / Math.PI);
  const south = Math.max(-90, lat - dLat);
  const north = Math.min(90, lat + dLat);
  // Widest longitude span of a spherical cap (Matuschek); a cap reaching a pole spans every longitude.
  const ratio = Math.sin(radiusKm / EARTH_RADIUS_KM) / Math.cos((lat * Math.PI) / 180);
  const dLng = ratio >= 1 ? 180 : Math.asin(ratio) * (180 / Math.PI);
  if (north >= 90 || south <= -90 || dLng >= 180) return [[-180, south, 180, north]];
  const west = lng - dLng;
  const east = lng + dLng;
  if (west < -180)
    return [
      [west + 360, south, 180, north],
      [-180, south, east, north],
    ];
  if (east > 180)
    return [
      [west, south, 180, north],
      [-180, south, east - 360, north],
    ];
  return [[west, south, east, north]];
}

interface HitRow extends Omit<SearchDocument, 'id' | 'is_approved' | 'location_terms'> {
  /** bigint arrives as text. */
  id: string;
  distance_km?: number | null;
}

/**
 * Pages up to this many places (offset + limit) may be planned once (plannedOnce, pagesOneIndex): each size is a text
 * of its own, and a connection keeps a plan for each.
 */
const PLANNED_ONCE_UP_TO = 100;

/** When `valuesUnseen`, an expression whose value the planner cannot see: an InitPlan's, computed once. */
function unseenIf(valuesUnseen: boolean): (expression: string) => string {
  return (expression) => (valuesUnseen ? `(select ${expression})` : expression);
}

/**
 * A relevance search's windows or one pass may be planned once per connection: their plan does not depend on the
 * values when the words and location are the only filters (and, for windows, the matches so many that walks in
 * popularity order find a window in a few rows each: plannedOnceFromMatches). Planned for their values, such
 * windows took as long to plan as to run (1 of 2 ms at 1.2M), and came out as the same walks whatever the words.
 * Their values are then hidden from the planner (buildFilter's and hitsSql's `valuesUnseen`), so PostgreSQL keeps
 * the plan it made for any values, and each is computed once (a tsquery written as a parameter was parsed again for
 * every row a plan for any values walked).
 */
function plannedOnce(query: NormalizedQuery, groups: WordGroups, offset: number): boolean {
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
 * A page of a browse without words, location or radius is planned once per connection (its values unseen, as
 * plannedOnce's) when its category, country and city filters are exactly the key of an index in its order: the
 * plan is a walk of that index whatever they are, and it was planned for them on every page (0.2 of 0.9 ms at
 * 1.2M). A minimum rating is a range of the rating order's walk; in popularity order its share of the places would
 * decide the plan.
 */
function pagesOneIndex(query: NormalizedQuery, offset: number): boolean {
  const order =
    query.sort === 'rating' ? 'rating' : query.sort === 'relevance' || query.sort === 'reviews' ? 'reviews' : null;
  if (order === null || query.words.length > 0 || query.locationGroups.length > 0 || query.geo?.radiusKm !== undefined)
    return false;
  if (query.minRating !== undefined && order !== 'rating') return false;
  if (offset + query.limit > PLANNED_ONCE_UP_TO) return false;
  const fixed = fixedFacetColumns(query);
  return PAGE_INDEX_KEYS[order].some((key) => key.length === fixed.length && key.every((c) => fixed.includes(c)));
}

/**
 * A radius's hits nearest first and its count are planned once per connection (withoutBitmapScans), their values
 * unseen, unless a country, city or minimum rating filters them (indexes of their own that a plan for their values may
 * rightly prefer): without bitmaps, the plan for any values is then the GiST walks nearest first (with a category, the
 * category + point index's), as the plans made for each value were.
 */
function radiusPlannedOnce(query: NormalizedQuery, offset: number): boolean {
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
 * Words and a location are the only filters: a walk in popularity order is the plan for windows whatever they
 * are (windows run when the matches are many). A category, country, city, rating or radius has indexes of its own
 * that a plan for its value may rightly prefer.
 */
function hasOnlyTextFilters(query: NormalizedQuery): boolean {
  return (
    query.category === undefined &&
    query.country === undefined &&
    query.city === undefined &&
    query.minRating === undefined &&
    query.geo?.radiusKm === undefined
  );
}

/**
 * Relevance is ranked by `windows` (ordered walks, for many matches) or by ranking every match, up to `rankAll`
 * of them (`countedUpTo`: while counting them and their facets, see PostgresSearchEngine.rankedWithStats).
 */
type RelevancePlan = 'windows' | { countedUpTo: number } | 'rankAll';

function hitsSql(
  query: NormalizedQuery,
  groups: WordGroups,
  fuzzy: boolean,
  filter: Filter,
  offset: number,
  plan: RelevancePlan,
  valuesUnseen = false,
): Sql {
  const { refs } = filter;
  const values = [...filter.values];
  const param = (value: unknown, cast = '') => {
    values.push(value);
    return `$${values.length}${cast}`;
  };
  const columns = [...HIT_COLUMNS];
  if (query.geo) {
    const lat = refs.lat ?? param(query.geo.lat, '::float8');
    const lng = refs.lng ?? param(query.geo.lng, '::float8');
    columns.push(`${distanceSql(lat, lng)} as distance_km`);
  }
  // Values hidden from the planner (plannedOnce): the page and window sizes are written into the text, as the plan
  // depends on them (a plan for any values guesses a tenth of the rows for a limit it does not know, and collects every
  // match to sort them); the others are read through subqueries, each computed once.
  const unseen = unseenIf(valuesUnseen);
  const limit = valuesUnseen ? String(query.limit) : param(query.limit);
  const skip = valuesUnseen ? String(offset) : param(offset);
  const select = `select ${columns.join(', ')} from ${DOCUMENTS_TABLE} d`;
  switch (query.sort) {
    case 'rating':
      return page(select, filter.where, 'd.rating desc nulls last, d.reviews desc, d.id');
    case 'reviews':
      return page(select, filter.where, 'd.reviews desc, d.id');
    case 'name':
      // Places sharing a name, most reviewed first (the name index's order).
      return page(select, filter.where, '(d.name_folded collate "C"), d.reviews desc, d.id');
    case 'newest':
      return page(select, filter.where, 'd.id desc');
    case 'distance': {
      // Nearest-neighbour walk of the GiST index (planar degrees) picks a window of candidates, which is
      // then ordered by true distance; a generous window makes the planar/great-circle difference moot.
      const candidates = Math.min(20_000, (offset + query.limit) * 4 + 200);
      const window = valuesUnseen ? String(candidates) : param(candidates);
      return {
        text: `select * from (
                 ${select} where ${filter.where} and d.latitude is not null and d.longitude is not null
                 order by point(d.longitude, d.latitude) <-> point(${param(query.geo!.lng, '::float8')}, ${param(query.geo!.lat, '::float8')})
                 limit ${window}) d
               order by d.distance_km, d.id limit ${limit} offset ${skip}`,
        values,
      };
    }
    default:
      if (groups.length === 0) return page(select, filter.where, 'd.reviews desc, d.id');
  }
  // Relevance: exact name > all words in the name > in name or category > elsewhere, popularity within a
  // tier (and, when typos were tolerated, words as typed before variants).
  const exactNameSql = `(d.name_folded collate "C") = ${unseen(param(query.words.join(' ')))}`;
  // The name is the tsvector's weight A, category and type B: every tier is one search of the same index.
  const nameWords = unseen(wordsTsquery(groups, param, 'A'));
  const nameOrCategoryWords = unseen(wordsTsquery(groups, param, 'AB'));
  const typed = fuzzy
    ? `(d.tsv @@ ${unseen(`to_tsquery('simple', ${param(tsquery(asTyped(query.words)))})`)})`
    : 'true';
  const tier = `case when ${exactNameSql} then 0 when d.tsv @@ ${nameWords} then 1
                when d.tsv @@ ${nameOrCategoryWords} then 2 else 3 end`;
  const ranking = `${tier}, ${fuzzy ? `${typed} desc, ` : ''}d.reviews desc, d.id`;
  if (plan === 'rankAll') return page(select, filter.where, ranking);
  if (plan !== 'windows') {
    // Every match (up to countedUpTo) once: ranked, counted and faceted in one pass; a page of them is read
    // (a bounded sort: the page is ordered again by the same keys, not numbered among all matches). The
    // facets come with the first row only (on every row they were sent and parsed once per hit).
    const order = (t: string) => `${t}.tier, ${t}.typed desc, ${t}.reviews desc, ${t}.id`;
    return {
      text: `with m as materialized (
               select d.id, d.reviews, ${tier} as tier, ${typed} as typed, ${FACET_COLUMNS}
               from ${DOCUMENTS_TABLE} d where ${filter.where} limit ${valuesUnseen ? plan.countedUpTo : param(plan.countedUpTo)}),
             ranked as (select m.id, m.tier, m.typed from m order by ${order('m')} limit ${limit} offset ${skip}),
             summary as (select count(*) as match_count,
                           (select json_agg(f) from (${facetsSql('m', false)}) f) as facets from m)
           select summary.match_count, case when row_number() over (order by ${order('hit')}) = 1 then summary.facets end
             as facets, hit.*
           from summary left join lateral (
             select ${columns.join(', ')}, r.tier, r.typed from ${DOCUMENTS_TABLE} d join ranked r on r.id = d.id) hit on true
           order by ${order('hit')}`,
      values,
    };
  }
  // Many matches: ranking them all would cost as much as they are many, so each tier's best are fetched by
  // an ordered, limited walk; the union holds every document the page can show, because a tier's first
  // `window` by popularity cannot be outranked by one outside them. The walk of all matches goes first:
  // when its window is all of the matches, or all in tier k or better, it is also tier k's window, and that
  // tier's walk is skipped (a word found mostly in names: one walk instead of three).
  const window = valuesUnseen ? String(offset + query.limit) : param(offset + query.limit);
  const tierWalk = (condition: string, tierNumber: number) =>
    `(select d.id from ${DOCUMENTS_TABLE} d where ${condition}
      and (select count(*) = ${window} and max(tier) > ${tierNumber} from best_of_all)
      order by d.reviews desc, d.id limit ${window})`;
  return {
    text: `with best_of_all as materialized (
             select d.id, ${tier} as tier from ${DOCUMENTS_TABLE} d where ${filter.where}
             order by d.reviews desc, d.id limit ${window}),
           candidates as (
             (select id from best_of_all)
             union ${tierWalk(`${filter.where} and ${exactNameSql}`, 0)}
             union ${tierWalk(filter.withWords(nameWords), 1)}
             union ${tierWalk(filter.withWords(nameOrCategoryWords), 2)})
           ${select} where d.id in (select id from candidates)
           order by ${ranking}
           limit ${limit} offset ${skip}`,
    values,
  };

  function page(selectSql: string, where: string, order: string): Sql {
    return { text: `${selectSql} where ${where} order by ${order} limit ${limit} offset ${skip}`, values };
  }
}

interface Stats {
  total: number;
  facets: SearchFacets;
  exhaustive: boolean;
}

/** How many matches a sample level read, of one document in `modulus`. */
interface CoarseCount {
  modulus: number;
  counted: number;
}

interface FacetRow {
  /** Which relation a row of radiusStatsSql describes. */
  source?: 'sample' | 'exact';
  /** 'level': a sample level's count (samplesSql). */
  facet: 'total' | 'category' | 'country' | 'city' | 'level';
  value: string | null;
  label: string | null;
  country_code: string | null;
  /** bigint arrives as text; null only for a sample level that was not read. */
  count: string | null;
}

/**
 * The facet columns of up to `limit` matches of the filter in `table` (with `condition` added): within a radius
 * the nearest first, with their distance.
 */
function countedMatchesSql(filter: Filter, table: string, limit: number, condition = ''): string {
  const { circle } = filter;
  const distance = circle ? `, ${distanceSql(circle.lat, circle.lng)} as distance_km` : '';
  const nearest = circle ? `order by point(d.longitude, d.latitude) <-> point(${circle.lng}, ${circle.lat})` : '';
  return `select ${FACET_COLUMNS}${distance} from ${table} d where ${filter.where}${condition} ${nearest} limit ${limit}`;
}

/**
 * One row per facet value and one 'total' row, from one hashed pass over the first `sample` matches (grouping
 * sets). A label is the least of its value's spellings in byte order, which puts a capitalised one ("Coffee
 * shop") first.
 */
function statsSql(filter: Filter, sample: number): Sql {
  return {
    text: `with m as materialized (${countedMatchesSql(filter, DOCUMENTS_TABLE, sample)}) ${facetsSql('m', false)}`,
    values: filter.values,
  };
}

/**
 * A radius's FacetRows from the finest sample (its nearest `level.rows` matches, source 'sample'), and from the
 * nearest `exactRows` matches themselves (source 'exact') only when the sample found fewer than it needs to be
 * trusted: a one-time filter on its count, checked before the documents' GiST index is walked. The total rows'
 * value is the farthest match read (km).
 */
function radiusStatsSql(filter: Filter, level: SampleLevel, exactRows: number): Sql {
  const untrusted = ` and (select count(*) from s) < ${level.trusted}`;
  return {
    text: `with s as materialized (${countedMatchesSql(filter, SAMPLES_TABLE, level.rows)}),
           e as materialized (${countedMatchesSql(filter, DOCUMENTS_TABLE, exactRows, untrusted)})
           select 'sample' as source, f.* from (${facetsSql('s', true)}) f
           union all select 'exact', f.* from (${facetsSql('e', true)}) f`,
    values: filter.values,
  };
}

type SampleLevel = { modulus: number; trusted: number; rows: number };

/**
 * The sample levels (coarsest first) in one statement. Level i reads up to its rows from its sample index
 * only when no coarser level was trusted and the finest one read allows at least half of the matches it needs
 * to be trusted (a one-time filter on the coarser levels' `n{i}` row, checked before its index is read). A
 * count c allows up to c + 2√c + 1 (two standard deviations above it, and 1 for a count of 0: a coarse sample
 * holds few matches of a mid-sized set, often none). Returns one 'level' row per level (value: its modulus,
 * count: the matches it read, null when it was not read) and the FacetRows of the trusted level, if any.
 */
function samplesSql(filter: Filter, levels: readonly SampleLevel[]): Sql {
  const previous = (i: number, column: 'allowed' | 'done') => `(select ${column} from n${i - 1})`;
  const ctes = levels.flatMap(({ modulus, rows, trusted }, i) => {
    const runs =
      i === 0 ? 'true' : `not ${previous(i, 'done')} and ${previous(i, 'allowed')} * 2 >= ${modulus * trusted}`;
    const allowed = `(count(*) + 2 * sqrt(count(*)) + 1) * ${modulus}`;
    const count =
      i === 0
        ? `count(*) as n, true as read, ${allowed} as allowed, count(*) >= ${trusted} as done`
        : `count(*) as n, ${runs} as read, case when ${runs} then ${allowed} else ${previous(i, 'allowed')} end as allowed,
           ${previous(i, 'done')} or count(*) >= ${trusted} as done`;
    return [
      `s${i} as materialized (select ${FACET_COLUMNS} from ${SAMPLES_TABLE} d
         where ${filter.where} and d.id % ${modulus} = 0 and ${runs} limit ${rows})`,
      `n${i} as materialized (select ${count} from s${i})`,
    ];
  });
  const trusted = levels.map((level, i) => `select * from s${i} where (select n from n${i}) >= ${level.trusted}`);
  const counts = levels.map(
    ({ modulus }, i) => `select 'level', '${modulus}', null, null, case when read then n end from n${i}`,
  );
  return {
    text: `with ${ctes.join(',\n')}, m as (${trusted.join(' union all ')})
           ${facetsSql('m', false)} union all ${counts.join(' union all ')}`,
    values: filter.values,
  };
}

const FACET_COLUMNS = FACET_COLUMN_NAMES.map((column) => `d.${column}`).join(', ');

/**
 * FacetRows of `relation` (FACET_COLUMNS, and distance_km when `farthest` is asked for the total row): one per facet
 * value and spelling of its label, which toFacets adds up. Grouped by their spellings, the labels cost a hash key
 * each; the least spelling of each value, aggregated here, cost a comparison of texts for every match (a sample's
 * statement took 10–17 % longer).
 */
function facetsSql(relation: string, farthest: boolean): string {
  // grouping() has a bit set for each column a set leaves out: 7 none grouped, 3 the category, 5 the
  // country, 4 the country and city.
  const set = 'grouping(category_slug, country_code, city_slug)';
  return `select case ${set} when 7 then 'total' when 3 then 'category' when 5 then 'country' else 'city' end as facet,
            case ${set} when 7 then ${farthest ? 'max(distance_km)::text' : 'null'} when 3 then category_slug
              when 5 then country_code else city_slug end as value,
            case ${set} when 3 then category when 5 then country when 4 then city end as label,
            country_code, count(*) as count
          from ${relation}
          group by grouping sets ((), (category_slug, category), (country_code, country), (country_code, city_slug, city))`;
}

/**
 * The count of the nearest matches read (`counted`, the farthest of them in the total row), scaled to the whole
 * radius. Places are not spread evenly over a disc: around a city centre the count within r grows about as
 * r^1.5 (measured at 1.2M: within 2× of the true count at 5–25 km, where r² was up to 5× over). Undefined
 * when all lie at the centre: they tell no density.
 */
function scaledToRadius(counted: number, rows: FacetRow[], radiusKm: number): number | undefined {
  const farthestKm = Number(rows.find((r) => r.facet === 'total')?.value ?? 0);
  return farthestKm > 0 ? Math.max(counted, Math.round(counted * (radiusKm / farthestKm) ** 1.5)) : undefined;
}

function totalOf(rows: FacetRow[]): number {
  return Number(rows.find((r) => r.facet === 'total')?.count ?? 0);
}

/** The `limit` most frequent values of each facet, their counts scaled from the sample to the total. */
function toFacets(rows: FacetRow[], scale: number, limit: number): SearchFacets {
  const facets: SearchFacets = { category: [], country: [], city: [] };
  const byCount = (a: FacetRow, b: FacetRow) =>
    Number(b.count) - Number(a.count) ||
    compare(a.value, b.value) ||
    (a.facet === 'city' ? compare(a.country_code, b.country_code) : 0);
  for (const row of bySpellingsAdded(rows).sort(byCount)) {
    if (
      row.facet === 'total' ||
      row.facet === 'level' ||
      row.value === null ||
      (row.facet === 'city' && row.country_code === null)
    )
      continue;
    if (facets[row.facet].length === limit) continue;
    const value: FacetValue = {
      value: row.value,
      label: row.label ?? row.value,
      count: Math.round(Number(row.count) * scale),
    };
    if (row.facet === 'city') value.countryCode = row.country_code ?? undefined;
    facets[row.facet].push(value);
  }
  return facets;
}

/**
 * One row per facet value (a city's within its country): the counts of its spellings added (facetsSql), the least of
 * them in byte order its label, which puts a capitalised one ("Coffee shop") first.
 */
function bySpellingsAdded(rows: FacetRow[]): FacetRow[] {
  const values = new Map<string, FacetRow>();
  for (const row of rows) {
    const key = JSON.stringify([row.facet, row.value, row.country_code]);
    const seen = values.get(key);
    if (!seen) values.set(key, { ...row });
    else {
      seen.count = String(Number(seen.count) + Number(row.count));
      if (row.label !== null && (seen.label === null || compare(row.label, seen.label) < 0)) seen.label = row.label;
    }
  }
  return [...values.values()];
}

/** Byte order, as the C collation the database sorted the facets in. */
function compare(a: string | null, b: string | null): number {
  return a === b ? 0 : (a ?? '') < (b ?? '') ? -1 : 1;
}

function toHit(row: HitRow, query: NormalizedQuery): SearchHit {
  const hit: SearchHit = {
    id: Number(row.id),
    slug: row.slug,
    name: row.name,
    category: row.category,
    category_slug: row.category_slug,
    type: row.type,
    rating: row.rating,
    reviews: row.reviews,
    city: row.city,
    city_slug: row.city_slug,
    country: row.country,
    country_code: row.country_code,
    full_address: row.full_address,
    phone: row.phone,
    photo: row.photo,
    latitude: row.latitude,
    longitude: row.longitude,
    verified: row.verified,
    openNow: isOpen(row.open_days, query.weekday),
  };
  if (row.distance_km !== undefined && row.distance_km !== null) hit.distanceKm = Number(row.distance_km);
  return hit;
}
