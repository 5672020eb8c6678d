import type { SearchEngine, SearchHit, SearchQuery } from '../search-engine.js';
import type { CorpusBusiness } from './corpus.js';
import {
  aliasCases,
  exactNameCases,
  germanWordFormCases,
  locationCases,
  nameWordsOf,
  typoCases,
  wordFormCases,
  type PrecisionCase,
  type RankCase,
  type RecallCase,
} from './queries.js';

/** The relevance figures, each a share from 0 to 1, with the queries that fell short (for the report). */
export interface RelevanceFigures {
  exactNameFirst: number;
  oneTypoTop3: number;
  wordFormRecall: number;
  germanWordFormRecall: number;
  locationPrecision: number;
  placeAliasRecall: number;
  queries: number;
  misses: Record<string, string[]>;
}

/** Most hits a recall query reads (pages of 100). */
const RECALL_DEPTH = 2000;

export async function measureRelevance(
  engine: SearchEngine,
  corpus: readonly CorpusBusiness[],
): Promise<RelevanceFigures> {
  const byId = new Map(corpus.map((b) => [b.id, b]));
  const misses: Record<string, string[]> = {};
  const miss = (figure: string, text: string) => (misses[figure] ??= []).push(text);
  const exact = exactNameCases(corpus);
  const typos = typoCases(corpus);
  const forms = wordFormCases(corpus);
  const germanForms = germanWordFormCases(corpus);
  const locations = locationCases(corpus);
  const aliases = aliasCases(corpus);
  const ranked = async (cases: RankCase[], figure: string) => {
    let reached = 0;
    for (const c of cases) {
      const { hits } = await engine.search({ q: c.q, limit: c.rank });
      if (hits.some((h) => h.id === c.id || nameWordsOf(h.name) === c.nameWords)) reached++;
      else miss(figure, `${c.q} (${byId.get(c.id)!.name}) → ${hits.map((h) => h.name).join(' | ') || 'nothing'}`);
    }
    return reached / cases.length;
  };
  const recall = async (cases: RecallCase[], figure: string) => {
    let sum = 0;
    for (const c of cases) {
      const found = new Set((await allHits(engine, { q: c.q, location: c.location })).map((h) => h.id));
      const share = c.expected.filter((id) => found.has(id)).length / c.expected.length;
      if (share < 1)
        miss(figure, `${c.q ?? ''}${c.location ? ` in ${c.location}` : ''}: ${(100 * share).toFixed(1)} %`);
      sum += share;
    }
    return cases.length === 0 ? 1 : sum / cases.length;
  };
  const precision = async (cases: PrecisionCase[]) => {
    let hitsSeen = 0;
    let inPlace = 0;
    for (const c of cases) {
      const { hits } = await engine.search({ q: c.q, location: c.location, limit: 100 });
      for (const hit of hits) {
        hitsSeen++;
        if (c.inPlace(byId.get(hit.id)!)) inPlace++;
        else miss('locationPrecision', `${c.q} in ${c.location}: ${hit.name}, ${hit.full_address}`);
      }
    }
    return hitsSeen === 0 ? 0 : inPlace / hitsSeen;
  };
  return {
    exactNameFirst: await ranked(exact, 'exactNameFirst'),
    oneTypoTop3: await ranked(typos, 'oneTypoTop3'),
    wordFormRecall: await recall(forms, 'wordFormRecall'),
    germanWordFormRecall: await recall(germanForms, 'germanWordFormRecall'),
    locationPrecision: await precision(locations),
    placeAliasRecall: await recall(aliases, 'placeAliasRecall'),
    queries: exact.length + typos.length + forms.length + germanForms.length + locations.length + aliases.length,
    misses,
  };
}

async function allHits(engine: SearchEngine, query: SearchQuery): Promise<SearchHit[]> {
  const hits: SearchHit[] = [];
  for (let page = 1; hits.length < RECALL_DEPTH; page++) {
    const result = await engine.search({ ...query, page, limit: 100 });
    hits.push(...result.hits);
    if (result.hits.length < 100) break;
  }
  return hits;
}
