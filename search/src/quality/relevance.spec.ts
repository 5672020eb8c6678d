import pg from 'pg';
import { createSuiteDatabase } from '../../../testing/database.js';
import { wordFunctionsSql } from '../postgres/words.js';
import type { SearchEngine } from '../search-engine.js';
import { searchWords } from '../text.js';
import { STEM_LANGUAGES, stemIn } from '../word-forms.js';
import { reindex } from '../sync/reindex.js';
import { contractEngines } from '../testing/engines.js';
import { corpusBusinesses, importRealExports, type CorpusBusiness } from './corpus.js';
import { measureRelevance, type RelevanceFigures } from './figures.js';
import { INFLECTIONS } from './stems.js';

/**
 * The relevance suite (issue 30): 1,900 queries over the real exports, each engine held to the figures
 * below. Today's figures and how they are made: search/src/quality/README.md.
 */
const THRESHOLDS = {
  exactNameFirst: 0.995,
  oneTypoTop3: 0.99,
  wordFormRecall: 0.99,
  germanWordFormRecall: 1,
  locationPrecision: 1,
  placeAliasRecall: 0.985,
};

describe.each(contractEngines())('relevance over the real exports: %s engine', (kind, contract) => {
  let database: Awaited<ReturnType<typeof createSuiteDatabase>>;
  let pool: pg.Pool;
  let engine: SearchEngine;
  let corpus: CorpusBusiness[];
  let figures: RelevanceFigures;

  beforeAll(async () => {
    database = await createSuiteDatabase();
    pool = new pg.Pool({ connectionString: database.url, max: 4 });
    await importRealExports(pool);
    corpus = await corpusBusinesses(pool);
    engine = contract.create(pool);
    await engine.setup();
    await reindex(pool, engine);
    figures = await measureRelevance(engine, corpus);
    const shown = Object.fromEntries(
      Object.entries(figures).map(([k, v]) => [k, typeof v === 'number' && v <= 1 ? `${(100 * v).toFixed(1)} %` : v]),
    );
    if (process.env.RELEVANCE_REPORT) console.log(kind, JSON.stringify(shown, null, 1));
  }, 600_000);

  afterAll(async () => {
    if (engine) await contract.dispose(engine);
    await engine?.close();
    await pool?.end();
    await database?.drop();
  });

  it('cuts every name into the same words in SQL (documents) and TypeScript (queries)', async () => {
    for (const sql of wordFunctionsSql()) await pool.query(sql);
    const { rows } = await pool.query<{ name: string; words: string }>(
      `select name, search_words(name) as words from businesses`,
    );
    const differ = rows.filter((row) => row.words !== searchWords(row.name).join(' '));
    expect(differ).toEqual([]);
  });

  it.each(STEM_LANGUAGES.map((language) => [language.algorithm, language] as const))(
    "stems the names, categories and types and inflected words in %s as PostgreSQL does, a word's forms alike",
    async (algorithm, language) => {
      const inflected = INFLECTIONS[algorithm].map((forms) => forms.map((form) => searchWords(form).join(' ')));
      const corpusWords = corpus.flatMap((b) => searchWords(`${b.name} ${b.category ?? ''} ${b.type ?? ''}`));
      const words = [...new Set([...corpusWords, ...inflected.flat()])];
      const { rows } = await pool.query<{ word: string; stem: string | null }>(
        `select word, (ts_lexize($2::regdictionary, word))[1] as stem from unnest($1::text[]) word where word ~ $3`,
        [words, `${algorithm}_stem`, `^[${language.letters}]+$`],
      );
      // A language's stop words ("and", "und") have no stem in PostgreSQL: documents hold none for them.
      const differ = rows.filter((row) => row.stem !== null && (stemIn(language, row.word) ?? row.word) !== row.stem);
      expect(rows.map((row) => row.word)).toEqual(expect.arrayContaining(inflected.flat()));
      if (language.letters === 'a-z') expect(rows.length).toBeGreaterThan(3000);
      expect(differ).toEqual([]);
      const stemsOf = (forms: string[]) => [...new Set(forms.map((word) => stemIn(language, word) ?? word))];
      expect(inflected.filter((forms) => stemsOf(forms).length > 1)).toEqual([]);
    },
  );

  it.each(Object.entries(THRESHOLDS))('%s reaches its threshold', (figure, threshold) => {
    const reached = figures[figure as keyof typeof THRESHOLDS];
    // An engine without word forms is held to lacking them, so that the threshold is set when it gains them.
    const forms = figure === 'wordFormRecall' || figure === 'germanWordFormRecall';
    if (forms && !contract.capabilities.wordForms) expect(reached).toBeLessThan(threshold);
    else expect(reached).toBeGreaterThanOrEqual(threshold);
  });
});
