import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildInfo } from '../build-info.js';
import type { BenchDatabase } from '../database.js';
import type { MachineInfo } from '../machine.js';
import { ratio, verdict, type TargetRow } from '../markdown.js';
import { formatMs, round, type LatencySummary } from '../stats.js';
import type { LoadRun, MemoryTrace } from './http-load.js';
import type { CallType } from './mix.js';
import type { NginxFigures, NginxRun } from './nginx-bench.js';
import type { BundleFigures, PageFigures } from './web.js';

export interface PublicResult {
  date: string;
  scale: number;
  options: Record<string, unknown>;
  build: BuildInfo & { changedDuringRun: string[] };
  machine: MachineInfo;
  database: BenchDatabase & { reindexSeconds: number | null };
  mix: {
    seed: number;
    size: number;
    distinctUrls: number;
    shares: Record<string, number>;
    distinct: Record<string, number>;
    /** The whole mix once from an emptied cache, 16 clients: each distinct URL misses once. */
    firstPass: LoadRun;
    /** By concurrency: cache emptied first (cold); after the first pass primed it (warm). */
    runs: Record<string, { cold: LoadRun; warm: LoadRun }>;
  };
  references: { pk: Record<string, LatencySummary>; live: Record<string, LoadRun> };
  /** Each call alone: every request a cache miss (unique URLs), and cached (its distinct URLs repeated). */
  calls: Partial<Record<CallType, { distinct: number; cold: Record<string, LoadRun>; warm: Record<string, LoadRun> }>>;
  /** GET /business/{slug} as text/html: time to the response headers; first renders (cache emptied). */
  ttfb: Record<string, LoadRun>;
  /** The same for the mix's business pages once each was fetched (the api caches rendered pages). */
  ttfbCached?: Record<string, LoadRun>;
  web: { bundle: BundleFigures; home: PageFigures | null; business: PageFigures | null } | { skipped: string } | null;
  soak: LoadRun & { memory: MemoryTrace };
  import: {
    rows: number;
    inserted: number | null;
    updated: number | null;
    failure: string | null;
    importMs: number;
    idle: LoadRun;
    during: LoadRun;
    /** The same length as idle right after the job completed (its commit invalidated the cache). */
    after?: LoadRun;
  } | null;
  sitemaps: { businesses: number; files: number; ms: number; copyToMs: number } | null;
  /** The warm mix through nginx's proxy_cache in front of the same api (absent in runs before it existed). */
  nginx?: NginxFigures | null;
  targets: TargetRow[];
  wallSeconds: number;
}

/** Sizes, shares and counts as the public report writes them. */
export const kib = (bytes: number) => `${round(bytes / 1024, 1)} KiB`;
export const pct = (r: number | null | undefined) => (r === null || r === undefined ? '–' : `${round(r * 100, 1)} %`);
export const n = (value: number) => value.toLocaleString('en-US');

/** The targets of issues 4, 7, 8 and 9 judged for this run (set for 1.2M; smaller scales show the trend). */
export function publicTargets(r: Omit<PublicResult, 'targets' | 'wallSeconds'>): TargetRow[] {
  const rows: TargetRow[] = [];
  const levels = Object.keys(r.mix.runs).map(Number);
  const top = String(Math.max(...levels));
  const warm = r.mix.runs[top]?.warm;
  const live = r.references.live[top];
  if (warm)
    rows.push({
      figure: `Cached public reads p95, the mix warm, api directly, ${top} clients (autocannon)`,
      target: '≤ 5 ms',
      value: `${formatMs(warm.p95)} (${warm.rps} req/s)`,
      reference: `GET /health/live p95 ${formatMs(live?.p95)} (${live?.rps} req/s)`,
      ratio: ratio(warm.p95, live?.p95),
      verdict: verdict(warm.p95 <= 5 && warm.errors === 0),
    });
  const viaNginx = r.nginx?.runs[top];
  if (viaNginx) {
    rows.push({
      figure: `Cached public reads p95, the mix warm through nginx's proxy_cache, ${top} clients (wrk)`,
      target: '≤ 5 ms',
      value: `${formatMs(viaNginx.wrk.p95)} (${viaNginx.wrk.rps} req/s)`,
      reference:
        `nginx return 200 p95 ${formatMs(viaNginx.staticWrk.p95)} (${viaNginx.staticWrk.rps}/s); api directly ` +
        `under wrk p95 ${formatMs(viaNginx.directWrk.p95)} (${viaNginx.directWrk.rps}/s)`,
      ratio: ratio(viaNginx.wrk.p95, viaNginx.staticWrk.p95),
      verdict: verdict(viaNginx.wrk.p95 <= 5 && viaNginx.wrk.errors === 0),
    });
    rows.push({
      figure: `The same through nginx measured by autocannon (one Node process), ${top} clients`,
      target: '(info)',
      value: `${formatMs(viaNginx.autocannon.p95)} (${viaNginx.autocannon.rps} req/s)`,
      reference: `nginx return 200 under autocannon p95 ${formatMs(viaNginx.staticAutocannon.p95)} (${viaNginx.staticAutocannon.rps}/s)`,
      ratio: ratio(viaNginx.autocannon.p95, viaNginx.staticAutocannon.p95),
      verdict: 'info',
    });
  }
  if (r.nginx) {
    const measured = Object.values(r.nginx.runs).flatMap((x) => [x.autocannon, x.wrk]);
    const ratioOf = (runs: NginxRun[]) => {
      const sum = (k: string[]) =>
        runs.reduce((s, run) => s + k.reduce((t, key) => t + (run.cacheStatuses[key] ?? 0), 0), 0);
      const total = runs.reduce((s, run) => s + Object.values(run.cacheStatuses).reduce((t, v) => t + v, 0), 0);
      return total ? sum(['HIT', 'STALE', 'UPDATING']) / total : null;
    };
    const overall = ratioOf(measured);
    rows.push({
      figure: `nginx cache hit ratio over the warm mix runs through it (every level, both clients)`,
      target: '≥ 90 %',
      value: pct(overall),
      reference: `first pass through its empty cache ${pct(r.nginx.warmPass.hitRatio)}`,
      ratio: '–',
      verdict: verdict(overall === null ? null : overall >= 0.9),
    });
  }
  const worstWarm = Object.entries(r.calls)
    .map(([type, c]) => ({ type, run: c!.warm[top] }))
    .filter((x) => x.run)
    .sort((a, b) => b.run.p95 - a.run.p95)[0];
  if (worstWarm)
    rows.push({
      figure: `Cached reads p95, slowest call alone, ${top} clients`,
      target: '≤ 5 ms (info)',
      value: `${worstWarm.type} ${formatMs(worstWarm.run.p95)}`,
      reference: `GET /health/live p95 ${formatMs(live?.p95)}`,
      ratio: ratio(worstWarm.run.p95, live?.p95),
      verdict: 'info',
    });
  rows.push({
    figure: `Cache hit ratio over the mix, steady state (the ${round(r.soak.seconds, 0)} s load run, ${top} clients)`,
    target: '≥ 90 %',
    value: pct(r.soak.cache?.ratio),
    reference: `first pass from an emptied cache ${pct(r.mix.firstPass?.cache?.ratio)} (${n(r.mix.distinctUrls)} distinct URLs in ${n(r.mix.size)} requests)`,
    ratio: '–',
    verdict: verdict(
      r.soak.cache?.ratio === undefined || r.soak.cache.ratio === null ? null : r.soak.cache.ratio >= 0.9,
    ),
  });
  rows.push({
    figure: `Load: ${top} clients on the mix for ${round(r.soak.seconds, 0)} s, errors (4xx/5xx, socket)`,
    target: '0',
    value: `${r.soak.errors} of ${n(r.soak.count + r.soak.errors)}`,
    reference: `p95 ${formatMs(r.soak.p95)}, ${r.soak.rps} req/s`,
    ratio: '–',
    verdict: verdict(r.soak.errors === 0),
  });
  const m = r.soak.memory;
  const early = m.troughEarlyMiB ?? m.afterWarmupMiB;
  const late = m.troughLateMiB ?? m.endMiB;
  rows.push({
    figure: 'Soak: api memory (RSS every second), lowest of the last quarter',
    target: 'no growth',
    value: `${late} MiB (start ${m.startMiB}, end ${m.endMiB}, max ${m.maxMiB})`,
    reference: `lowest of the second quarter ${early} MiB`,
    ratio: ratio(late, early),
    verdict: m.verdict === 'flat' ? 'pass' : 'FAIL',
  });
  if (r.import)
    rows.push({
      figure: `Public p95 during an import of ${n(r.import.rows)} rows, ${top} clients`,
      target: '≤ 2× idle',
      value: `${formatMs(r.import.during.p95)} (${round(r.import.importMs / 1000, 1)} s import)`,
      reference: `idle p95 ${formatMs(r.import.idle.p95)}`,
      ratio: ratio(r.import.during.p95, r.import.idle.p95),
      verdict: verdict(
        !r.import.failure && r.import.during.errors === 0 && r.import.during.p95 <= 2 * r.import.idle.p95,
      ),
    });
  const t16 = r.ttfb['16'];
  const tc16 = r.ttfbCached?.['16'];
  if (t16)
    rows.push({
      figure: 'Business page TTFB p95 (GET /business/{slug}), first renders, 16 clients',
      target: '≤ 50 ms',
      value: formatMs(t16.p95),
      reference: `GET /health/live p95 ${formatMs(r.references.live['16']?.p95)}`,
      ratio: ratio(t16.p95, r.references.live['16']?.p95),
      verdict: verdict(t16.p95 <= 50 && t16.errors === 0),
    });
  if (tc16)
    rows.push({
      figure: 'Business page TTFB p95, cached pages (the mix’s, each fetched once before), 16 clients',
      target: '≤ 50 ms (info)',
      value: formatMs(tc16.p95),
      reference: `GET /health/live p95 ${formatMs(r.references.live['16']?.p95)}`,
      ratio: ratio(tc16.p95, r.references.live['16']?.p95),
      verdict: 'info',
    });
  const detailMiss = r.calls.business?.cold['16'];
  if (detailMiss)
    rows.push({
      figure: 'Detail read, cache miss, p95 (GET /api/businesses/{slug}), 16 clients',
      target: '(info)',
      value: `${formatMs(detailMiss.p95)}, ${detailMiss.rps} req/s`,
      reference: `PK select p95 ${formatMs(r.references.pk['16']?.p95)}, ${r.references.pk['16']?.rps} req/s`,
      ratio: ratio(detailMiss.p95, r.references.pk['16']?.p95),
      verdict: 'info',
    });
  if (r.web && 'bundle' in r.web) {
    const w = r.web;
    rows.push({
      figure: `Public JavaScript of the first page (index.html's ${w.bundle.files.length} scripts), gzipped`,
      target: '≤ 200 KB',
      value: kib(w.bundle.jsGzipBytes),
      reference: `raw ${kib(w.bundle.jsBytes)}; home fetched ${w.home ? `${w.home.scripts} scripts, ${kib(w.home.scriptTransferBytes)} on the wire` : '–'}`,
      ratio: ratio(w.bundle.jsGzipBytes, 200_000),
      verdict: verdict(w.bundle.jsGzipBytes <= 200_000),
    });
    if (w.home)
      rows.push({
        figure: 'Home first contentful paint, headless Chromium (median)',
        target: '≤ 1 s',
        value: formatMs(w.home.median.fcp),
        reference: `document TTFB ${formatMs(w.home.median.ttfb)}`,
        ratio: ratio(w.home.median.fcp, w.home.median.ttfb),
        verdict: w.home.failed?.length
          ? 'skipped'
          : verdict(w.home.median.fcp === null ? false : w.home.median.fcp <= 1000),
      });
    if (w.business) {
      rows.push({
        figure: 'Business page largest contentful paint, headless Chromium (median)',
        target: '≤ 1 s',
        value: formatMs(w.business.median.lcp),
        reference: `FCP ${formatMs(w.business.median.fcp)}, TTFB ${formatMs(w.business.median.ttfb)}`,
        ratio: ratio(w.business.median.lcp, w.business.median.fcp),
        verdict: w.business.failed?.length
          ? 'skipped'
          : verdict(w.business.median.lcp === null ? false : w.business.median.lcp <= 1000),
      });
    }
  }
  if (r.sitemaps)
    rows.push({
      figure: `Sitemap generation, ${n(r.sitemaps.businesses)} businesses (${r.sitemaps.files} files)`,
      target: '(info)',
      value: formatMs(r.sitemaps.ms),
      reference: `COPY TO of id, slug, lastmod ${formatMs(r.sitemaps.copyToMs)}`,
      ratio: ratio(r.sitemaps.ms, r.sitemaps.copyToMs),
      verdict: 'info',
    });
  return rows;
}

export function writePublicResult(dir: string, result: PublicResult): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${result.date}-public-${result.scale}.json`);
  writeFileSync(path, `${JSON.stringify(result, null, 2)}\n`);
  return path;
}
