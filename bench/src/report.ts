import type { FacetCountsCheck } from './facet-counts.js';
import type { EstimatedTotalsCheck } from './estimated-totals.js';
import { EVERY_MATCH_KINDS, KIND, timeShareOf, type StatementCosts } from './statement-costs.js';
import { RELEVANCE_TARGETS, type RelevanceBench } from './relevance.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildInfo } from './build-info.js';
import type { CpuPerRequest } from './cpu.js';
import type { BenchDatabase } from './database.js';
import { TARGET_RATE, type AfterWritesFigures, type EngineSearchFigures, type SuggestFigures } from './engine-bench.js';
import type { HttpFigures } from './http.js';
import { httpRatioRows } from './http-ratios.js';
import type { MachineInfo } from './machine.js';
import { formatMs, round, type LatencySummary } from './stats.js';
import type { BulkLag, ReindexFigures } from './sync.js';
import {
  latencyCell as lat,
  latestResultFiles,
  ratio,
  table,
  updatePartMarkdown,
  targetsTable,
  verdict,
  type TargetRow,
} from './markdown.js';

export type { TargetRow };

/** A share as a percentage, to a tenth. */
const pct = (share: number) => `${Math.round(share * 1000) / 10} %`;

export interface BenchResult {
  date: string;
  scale: number;
  options: Record<string, unknown>;
  build?: BuildInfo & { changedDuringRun: string[] | boolean };
  machine: MachineInfo;
  database: BenchDatabase & { businessesBytes: number };
  reindex: ReindexFigures;
  lag: LatencySummary;
  workerLag: (LatencySummary & { timeouts: number }) | { skipped: string };
  bulkLag: BulkLag;
  afterWrites?: AfterWritesFigures;
  facetCounts?: FacetCountsCheck;
  estimatedTotals?: EstimatedTotalsCheck;
  /** Where the mix's database time goes (result files before 2026-11-29 have none). */
  statementCosts?: StatementCosts;
  /** The relevance suite's figures (result files before 2026-11-27 have none). */
  relevance?: RelevanceBench | { skipped: string };
  mix: { seed: number; size: number; shares: Record<string, number>; help: Record<string, string> };
  engine: EngineSearchFigures;
  suggest: SuggestFigures;
  explain: { type: string; query: unknown; statements: { sql: string; executionMs: number | null }[] }[];
  http: HttpFigures;
  targets: TargetRow[];
  wallSeconds: number;
}

/** The issue's targets, judged for this run (they are set for 1.2M businesses; smaller scales show the trend). */
export function targetRows(r: Omit<BenchResult, 'targets' | 'wallSeconds'>): TargetRow[] {
  const rows: TargetRow[] = [];
  const e16 = r.engine.concurrency['16'];
  const ref16 = r.engine.reference['16'];
  const ref1 = r.engine.reference['1'];
  rows.push({
    figure: 'Full reindex',
    target: '≤ 5 min',
    value: formatMs(r.reindex.ms),
    reference: `create table as SOURCE_SQL ${formatMs(r.reindex.referenceCtasMs)}`,
    ratio: ratio(r.reindex.ms, r.reindex.referenceCtasMs),
    verdict: verdict(r.reindex.ms <= 300_000),
  });
  rows.push({
    figure: 'Sync lag p95 (measureLag: commit → drain → found)',
    target: '≤ 2 s',
    value: formatMs(r.lag.p95),
    reference: '–',
    ratio: '–',
    verdict: verdict(r.lag.p95 <= 2000),
  });
  if ('p95' in r.workerLag) {
    rows.push({
      figure: 'Sync lag p95 through the running worker (LISTEN → BullMQ → drain)',
      target: '≤ 2 s',
      value: formatMs(r.workerLag.p95),
      reference: `measureLag p95 ${formatMs(r.lag.p95)}`,
      ratio: ratio(r.workerLag.p95, r.lag.p95),
      verdict: verdict(r.workerLag.p95 <= 2000 && r.workerLag.timeouts === 0),
    });
  }
  rows.push({
    figure: `Bulk: ${r.bulkLag.rows} rows updated in one statement → searchable`,
    target: '≤ 2 s (info)',
    value: formatMs(r.bulkLag.drainMs),
    reference: `the UPDATE itself ${formatMs(r.bulkLag.updateMs)}`,
    ratio: ratio(r.bulkLag.drainMs, r.bulkLag.updateMs),
    verdict: 'info',
  });
  if (e16) {
    rows.push({
      figure: 'Search p95, engine, 16 clients',
      target: '≤ 50 ms',
      value: formatMs(e16.p95),
      reference: `PK select p95 ${formatMs(ref16?.p95)}`,
      ratio: ratio(e16.p95, ref16?.p95),
      verdict: verdict(e16.p95 <= 50),
    });
    rows.push({
      figure: 'Search throughput, engine, 16 clients',
      target: `≥ ${TARGET_RATE} req/s`,
      value: `${e16.rps} req/s`,
      reference: `PK select ${ref16?.rps} req/s`,
      ratio: ratio(e16.rps, ref16?.rps),
      verdict: verdict((e16.rps ?? 0) >= TARGET_RATE),
    });
  }
  const offered = r.engine.atTargetRate;
  if (offered)
    rows.push({
      figure: `Search p95, engine, ${offered.rate} req/s offered by ${offered.concurrency} clients (open loop: from each search's due time)`,
      target: '(info)',
      value: `${formatMs(offered.summary.p95)}, ${offered.summary.rps} req/s answered`,
      reference: e16 ? `closed loop at 16 clients ${formatMs(e16.p95)}` : '–',
      ratio: ratio(offered.summary.p95, e16?.p95),
      verdict: 'info',
    });
  const costs = r.statementCosts;
  if (costs) {
    rows.push({
      figure: "Counting every match (exact counts with their facets, one-pass ranking), of the mix's database time",
      target: '(info)',
      value: pct(timeShareOf(costs, EVERY_MATCH_KINDS)),
      reference: `the pages ${pct(timeShareOf(costs, [KIND.page]))}`,
      ratio: '–',
      verdict: 'info',
    });
    rows.push({
      figure: "Open-now searches, of the mix's database time (the hour of the run decides how many places are open)",
      target: '(info)',
      value: pct(costs.openNow.timeShare),
      reference: `of the mix's searches ${pct(costs.openNow.share)}`,
      ratio: ratio(costs.openNow.timeShare, costs.openNow.share),
      verdict: 'info',
    });
  }
  const h16 = r.http.search?.concurrency['16'];
  const hr16 = r.http.reference?.['16'];
  rows.push({
    figure: 'Search p95, HTTP GET /api/search (cache misses), 16 connections',
    target: '≤ 50 ms',
    value: h16 ? formatMs(h16.p95) : 'skipped',
    reference: hr16 ? `GET /api/businesses/{slug} p95 ${formatMs(hr16.p95)}` : '–',
    ratio: ratio(h16?.p95, hr16?.p95),
    verdict: h16 ? verdict(h16.p95 <= 50 && h16.non2xx === 0) : 'skipped',
  });
  rows.push({
    figure: 'Search throughput, HTTP (cache misses), 16 connections',
    target: `≥ ${TARGET_RATE} req/s`,
    value: h16 ? `${h16.rps} req/s` : 'skipped',
    reference: hr16 ? `GET /api/businesses/{slug} ${hr16.rps} req/s` : '–',
    ratio: ratio(h16?.rps, hr16?.rps),
    verdict: h16 ? verdict((h16.rps ?? 0) >= TARGET_RATE && h16.non2xx === 0) : 'skipped',
  });
  rows.push(...httpRatioRows(r.engine, r.http));
  const hc16 = r.http.search?.cached?.['16'];
  if (hc16)
    rows.push({
      figure: 'Search p95, HTTP, the mix repeated (repeats served by the api cache), 16 connections',
      target: '(info)',
      value: `${formatMs(hc16.p95)}, ${hc16.rps} req/s`,
      reference: h16 ? `cache misses ${formatMs(h16.p95)}` : '–',
      ratio: ratio(hc16.p95, h16?.p95),
      verdict: 'info',
    });
  for (const c of ['1', '16']) {
    const s = r.suggest.concurrency[c];
    const ref = c === '1' ? ref1 : ref16;
    if (s)
      rows.push({
        figure: `Suggest p95, engine, ${c} client${c === '1' ? '' : 's'}`,
        target: '≤ 15 ms',
        value: formatMs(s.p95),
        reference: `PK select p95 ${formatMs(ref?.p95)}`,
        ratio: ratio(s.p95, ref?.p95),
        verdict: verdict(s.p95 <= 15),
      });
  }
  for (const c of ['1', '16']) {
    const s = r.http.suggest?.concurrency?.[c];
    const ref = r.http.reference?.[c];
    rows.push({
      figure: `Suggest p95, HTTP GET /api/search/suggest (cache misses), ${c} connection${c === '1' ? '' : 's'}`,
      target: '≤ 15 ms',
      value: s ? formatMs(s.p95) : 'skipped',
      reference: ref ? `GET /api/businesses/{slug} p95 ${formatMs(ref.p95)}` : '–',
      ratio: ratio(s?.p95, ref?.p95),
      verdict: s ? verdict(s.p95 <= 15 && s.non2xx === 0) : 'skipped',
    });
  }
  rows.push(...relevanceRows(r.relevance));
  return rows;
}

/** The relevance figures beside the latency: each against the issue's threshold, on the same build. */
function relevanceRows(relevance: BenchResult['relevance']): TargetRow[] {
  if (!relevance) return [];
  const percent = (share: number) => `${round(100 * share, 1)} %`;
  return Object.entries(RELEVANCE_TARGETS).map(([key, target]) => {
    const share = 'skipped' in relevance ? undefined : relevance[key as keyof typeof RELEVANCE_TARGETS];
    return {
      figure: `Relevance: ${target.label} (the relevance suite over the real exports)`,
      target: `≥ ${percent(target.atLeast)}`,
      value: share === undefined ? 'skipped' : percent(share),
      reference: 'skipped' in relevance ? '–' : `${relevance.queries} queries, ${relevance.businesses} businesses`,
      ratio: '–',
      verdict: share === undefined ? 'skipped' : verdict(share >= target.atLeast),
    };
  });
}

export function resultPath(dir: string, date: string, scale: number): string {
  return join(dir, `${date}-${scale}.json`);
}

export function writeResult(dir: string, result: BenchResult): string {
  mkdirSync(dir, { recursive: true });
  const path = resultPath(dir, result.date, result.scale);
  writeFileSync(path, `${JSON.stringify(result, null, 2)}\n`);
  return path;
}

/** The newest result file of each scale. */
export function latestResults(dir: string): BenchResult[] {
  return latestResultFiles<BenchResult>(dir, '');
}

const n = (value: number) => value.toLocaleString('en-US');
/** A table row of the CPU time one request cost, Node + PostgreSQL, by level; none when the run did not count it. */
const cpuRow = (what: string, levels: string[], cpu: Record<string, CpuPerRequest> | undefined) =>
  cpu ? [[what, ...levels.map((c) => (cpu[c] ? `${cpu[c].node} + ${cpu[c].postgres ?? '–'} ms` : '–'))]] : [];

/**
 * The server's settings a reader compares runs by (result files before 2026-11-24 have no port, before 2026-11-25
 * no huge pages).
 */
function serverSettings(settings: Record<string, string>): string {
  return ['port', 'shared_buffers', 'huge pages in use', 'effective_cache_size', 'work_mem']
    .filter((name) => settings[name] !== undefined)
    .map((name) => `${name} ${settings[name]}`)
    .join(', ');
}

function scaleSection(r: BenchResult): string {
  const m = r.machine;
  const levels = Object.keys(r.engine.concurrency);
  const lines = [
    `### ${n(r.scale)} businesses — ${r.date}`,
    '',
    `${m.cores} cores (${m.cpuModel}), ${m.memoryGiB} GiB, ${m.os}; Node ${m.node}; ${m.postgres} ` +
      `(${serverSettings(m.postgresSettings)}); ` +
      `load average ${m.loadAverage.start} at start, ${m.loadAverage.end} at end. Database ${r.database.name} ` +
      `${r.database.reused ? '(reused, not seeded again)' : `(seeded in ${round(r.database.seedSeconds ?? 0, 1)} s)`}, ` +
      `search_documents ${round(r.reindex.tableBytes / 1024 ** 2, 0)} MiB; pool ${r.engine.poolSize} connections; ` +
      `run took ${round(r.wallSeconds / 60, 1)} min.` +
      (r.build
        ? ` Code: commit ${r.build.commit}${r.build.uncommittedFiles ? ` + ${r.build.uncommittedFiles} uncommitted files` : ''}, ` +
          `${
            r.build.changedDuringRun === true ||
            (Array.isArray(r.build.changedDuringRun) && r.build.changedDuringRun.length)
              ? `**rebuilt during the run (${r.build.changedDuringRun === true ? 'some workspace' : r.build.changedDuringRun.join(', ')}): figures may mix two versions**`
              : 'no rebuild during the run'
          }.`
        : ''),
    '',
    targetsTable(r.targets),
    '',
    `Latency p50 / p95 / p99 · requests per second${r.engine.cpu ? ', and the CPU time one search cost' : ''}, by concurrent clients:`,
    '',
    table(
      ['what', ...levels.map((c) => `${c} client${c === '1' ? '' : 's'}`)],
      [
        ['search, engine', ...levels.map((c) => lat(r.engine.concurrency[c]))],
        ...cpuRow('CPU a search, engine: Node + PostgreSQL', levels, r.engine.cpu),
        ['PK select (reference)', ...levels.map((c) => lat(r.engine.reference[c]))],
        ['suggest, engine', ...levels.map((c) => lat(r.suggest.concurrency[c]))],
        ['search, HTTP (cache misses)', ...levels.map((c) => lat(r.http.search?.concurrency[c]))],
        ...cpuRow('CPU a search, HTTP: api + PostgreSQL', levels, r.http.search?.cpu),
        ['search, HTTP (mix repeated: api cache)', ...levels.map((c) => lat(r.http.search?.cached?.[c]))],
        ['detail page, HTTP (reference)', ...levels.map((c) => lat(r.http.reference?.[c]))],
        ['suggest, HTTP (cache misses)', ...levels.map((c) => lat(r.http.suggest?.concurrency?.[c]))],
        ['suggest, HTTP (api cache)', ...levels.map((c) => lat(r.http.suggest?.cached?.[c]))],
      ],
    ),
    '',
    'Each query type alone (the whole mix once, one query at a time), slowest p95 first:',
    '',
    table(
      [
        'query type',
        'share of mix',
        'share of time',
        'engine p50',
        'engine p95',
        'engine max',
        'HTTP p95',
        'mean matches',
        'no hits',
      ],
      r.engine.perType.map((t) => {
        const h = r.http.search?.perType.find((x) => x.type === t.type);
        return [
          t.type,
          `${Math.round((r.mix.shares[t.type] ?? 0) * 100)}%`,
          t.timeShare !== undefined ? `${Math.round(t.timeShare * 100)}%` : '–',
          formatMs(t.p50),
          formatMs(t.p95),
          formatMs(t.max),
          h ? formatMs(h.p95) : '–',
          t.meanTotal !== undefined ? n(t.meanTotal) : '–',
          t.emptyShare !== undefined ? `${Math.round(t.emptyShare * 100)}%` : '–',
        ];
      }),
    ),
    ...statementCostsSection(r.statementCosts),
  ];
  const notes: string[] = [];
  if (r.http.status === 'skipped') notes.push(`HTTP: ${r.http.reason}.`);
  if (r.http.suggest?.status === 'skipped') notes.push(`HTTP suggest: ${r.http.suggest.reason}.`);
  const agreement = r.http.search?.agreement;
  if (agreement)
    notes.push(
      `The api's total equalled the engine's on ${agreement.equal} of ${agreement.compared} queries` +
        (agreement.equal < agreement.compared
          ? ' — the api does not pass every filter through (or adds its own).'
          : '.'),
    );
  if ('skipped' in r.workerLag) notes.push(`Worker lag: ${r.workerLag.skipped}.`);
  if (r.facetCounts) {
    const f = r.facetCounts;
    notes.push(
      `Facet counts of broad queries against the totals their clicks find: ${f.checked} values, ${f.exact} exact, ` +
        // (Results before 2026-11-27 gave every value a count.)
        (f.uncounted === undefined ? '' : `${f.uncounted} given without a count, `) +
        `${f.mismatches.length} mismatches (exact ones unequal, estimates off by more than 2 %); largest estimate gap ` +
        `${f.largestEstimateGapPercent} %; those searches one at a time p50 ${formatMs(f.searchMs.p50)}, max ` +
        `${formatMs(f.searchMs.max)}.`,
    );
  }
  if (r.estimatedTotals) {
    const e = r.estimatedTotals;
    notes.push(
      `Estimated totals ("about N") of the query mix against their exact counts: ${e.within2Percent} of ` +
        `${e.compared} within 2 % (of ${e.searched} searches); largest gap ${e.largestGapPercent} %.`,
    );
  }
  if (r.afterWrites) {
    const a = r.afterWrites;
    notes.push(
      `Text queries alone (p50 / p95): ${formatMs(a.before.p50)} / ${formatMs(a.before.p95)} on the fresh index; ` +
        `${formatMs(a.after.p50)} / ${formatMs(a.after.p95)} right after the bulk update and its revert (GIN pending ` +
        `pages: ${Object.entries(a.pendingPages)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}); ${formatMs(a.afterCleaning.p50)} / ${formatMs(a.afterCleaning.p95)} after ` +
        '`gin_clean_pending_list()`.',
    );
  }
  notes.push(
    `Diagnostic: the two SQL helper functions of SOURCE_SQL alone over every business took ` +
      `${formatMs(r.reindex.helperFunctionsMs)} (the create-table-as reference ${formatMs(r.reindex.referenceCtasMs)}).`,
  );
  if (r.reindex.coveredOutbox.rows)
    notes.push(
      `${r.reindex.coveredOutbox.rows} outbox rows (${n(r.reindex.coveredOutbox.ids)} ids) from the seed, committed ` +
        'before the reindex and covered by it, were deleted rather than drained again.',
    );
  if (notes.length) lines.push('', ...notes.map((note) => `- ${note}`));
  return lines.join('\n');
}

function growthSection(results: BenchResult[]): string {
  if (results.length < 2) return '';
  const row = (label: string, value: (r: BenchResult) => string) => [label, ...results.map(value)];
  return [
    '### How cost grows with the directory',
    '',
    table(
      ['figure', ...results.map((r) => `${n(r.scale)} (${r.date})`)],
      [
        row('full reindex', (r) => formatMs(r.reindex.ms)),
        row('reference: create table as', (r) => formatMs(r.reindex.referenceCtasMs)),
        row('sync lag p95 (measureLag)', (r) => formatMs(r.lag.p95)),
        row('sync lag p95 (worker)', (r) => ('p95' in r.workerLag ? formatMs(r.workerLag.p95) : '–')),
        row('bulk update → searchable', (r) => `${formatMs(r.bulkLag.drainMs)} (${n(r.bulkLag.rows)} rows)`),
        row('search p95, engine, 16 clients', (r) => formatMs(r.engine.concurrency['16']?.p95)),
        row('search req/s, engine, 16 clients', (r) => `${r.engine.concurrency['16']?.rps ?? '–'}`),
        row('PK select p95, 16 clients', (r) => formatMs(r.engine.reference['16']?.p95)),
        row('search p95, HTTP, 16', (r) => formatMs(r.http.search?.concurrency['16']?.p95)),
        row('search req/s, HTTP, 16', (r) => `${r.http.search?.concurrency['16']?.rps ?? '–'}`),
        row('suggest p95, engine, 1 / 16', (r) =>
          [r.suggest.concurrency['1'], r.suggest.concurrency['16']].map((s) => formatMs(s?.p95)).join(' / '),
        ),
        row('suggest p95, HTTP, 1 / 16', (r) =>
          [r.http.suggest?.concurrency?.['1'], r.http.suggest?.concurrency?.['16']]
            .map((s) => formatMs(s?.p95))
            .join(' / '),
        ),
        row('slowest query type (p95, alone)', (r) =>
          r.engine.perType[0] ? `${r.engine.perType[0].type} ${formatMs(r.engine.perType[0].p95)}` : '–',
        ),
        row('text queries p95: fresh / after bulk writes / cleaned', (r) =>
          r.afterWrites
            ? [r.afterWrites.before, r.afterWrites.after, r.afterWrites.afterCleaning]
                .map((x) => formatMs(x.p95))
                .join(' / ')
            : '–',
        ),
        row('search_documents size', (r) => `${round(r.reindex.tableBytes / 1024 ** 2, 0)} MiB`),
      ],
    ),
    '',
  ].join('\n');
}

/** Rewrites the search tables of bench/README.md (targets) and bench/results.md (every figure). */
export function updateReadme(readmePath: string, resultsDir: string): void {
  updatePartMarkdown<BenchResult>(readmePath, resultsDir, {
    infix: '',
    heading: 'Search',
    targetsRegion: 'bench:search-targets',
    detailsRegion: 'bench:results',
    generator: 'bench/src/report.ts',
    details: (results) => [growthSection(results), ...results.map(scaleSection)].filter(Boolean).join('\n\n'),
  });
}

/** The statements' time by kind, and the open-now searches' share of it (statement-costs.ts). */
function statementCostsSection(costs: StatementCosts | undefined): string[] {
  if (!costs) return [];
  return [
    '',
    `Where the database time of the mix goes (each statement timed, the mix once, one search at a time; ` +
      `${formatMs(costs.statementMs)} in all): open-now searches are ${pct(costs.openNow.share)} of the mix and ` +
      `${pct(costs.openNow.timeShare)} of the time.`,
    '',
    table(
      ['statements', 'share of time', 'calls', 'mean'],
      costs.kinds.map((k) => [k.kind, pct(k.share), String(k.calls), formatMs(k.ms / Math.max(1, k.calls))]),
    ),
  ];
}
