import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildInfo } from '../build-info.js';
import type { BenchDatabase } from '../database.js';
import type { MachineInfo } from '../machine.js';
import { latestResultFiles, ratio, table, targetsTable, verdict, type TargetRow } from '../markdown.js';
import { formatMs, round, type LatencySummary } from '../stats.js';
import type { LoadRun, MemoryTrace } from './http-load.js';
import { CALLS, type CallType } from './mix.js';
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

const kib = (bytes: number) => `${round(bytes / 1024, 1)} KiB`;
const pct = (r: number | null | undefined) => (r === null || r === undefined ? '–' : `${round(r * 100, 1)} %`);
const n = (value: number) => value.toLocaleString('en-US');

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

/** The newest result file of each scale. */
function latest(dir: string): PublicResult[] {
  return latestResultFiles<PublicResult>(dir, 'public-');
}

const lat = (s: LatencySummary | undefined) =>
  s ? `${formatMs(s.p50)} / ${formatMs(s.p95)} / ${formatMs(s.p99)} · ${s.rps ?? '–'}/s` : '–';
const withErrors = (s: LoadRun | undefined) => (s ? `${lat(s)}${s.errors ? ` · **${s.errors} errors**` : ''}` : '–');
const nginxCell = (s: NginxRun | undefined) => (s ? `${withErrors(s)} (${pct(s.hitRatio)})` : '–');

function section(r: PublicResult): string {
  const m = r.machine;
  const levels = Object.keys(r.mix.runs);
  const changed = r.build.changedDuringRun.length
    ? `**rebuilt during the run (${r.build.changedDuringRun.join(', ')}): figures may mix two versions**`
    : 'no rebuild during the run';
  const lines = [
    `### Public reads: ${n(r.scale)} businesses — ${r.date}`,
    '',
    `${m.cores} cores (${m.cpuModel}), ${m.memoryGiB} GiB, ${m.os}; Node ${m.node}; ${m.postgres}; load average ` +
      `${m.loadAverage.start} at start, ${m.loadAverage.end} at end. Database ${r.database.name} ` +
      `${r.database.reused ? '(reused)' : `(seeded in ${round(r.database.seedSeconds ?? 0, 1)} s)`}; mix of ` +
      `${n(r.mix.size)} requests over ${n(r.mix.distinctUrls)} distinct URLs (seed ${r.mix.seed}); ` +
      `${r.options.durationSeconds} s per mix level, ${r.options.callSeconds} s per call level; run took ` +
      `${round(r.wallSeconds / 60, 1)} min. Code: commit ${r.build.commit}` +
      `${r.build.uncommittedFiles ? ` + ${r.build.uncommittedFiles} uncommitted files` : ''}, ${changed}.`,
    ...(Math.max(m.loadAverage.start, m.loadAverage.end ?? 0) > m.cores
      ? [
          '',
          `**Other work was running on the machine during this run** (load average up to ` +
            `${Math.max(m.loadAverage.start, m.loadAverage.end ?? 0)} on ${m.cores} cores): read the ratios to the ` +
            'same-run references rather than the absolute times.',
        ]
      : []),
    '',
    targetsTable(r.targets),
    '',
    'p50 / p95 / p99 · requests per second, by concurrent clients (hit ratio of the public cache in brackets):',
    '',
    table(
      ['what', ...levels.map((c) => `${c} client${c === '1' ? '' : 's'}`)],
      [
        [
          'the mix, cache emptied first',
          ...levels.map((c) => `${withErrors(r.mix.runs[c].cold)} (${pct(r.mix.runs[c].cold.cache?.ratio)})`),
        ],
        [
          'the mix, primed (warm)',
          ...levels.map((c) => `${withErrors(r.mix.runs[c].warm)} (${pct(r.mix.runs[c].warm.cache?.ratio)})`),
        ],
        ['PK select, pg pool of 10 (reference)', ...levels.map((c) => lat(r.references.pk[c]))],
        ['GET /health/live (HTTP floor)', ...levels.map((c) => withErrors(r.references.live[c]))],
        ...(r.nginx
          ? [
              [
                'the mix warm through nginx, autocannon (nginx hits)',
                ...levels.map((c) => nginxCell(r.nginx!.runs[c]?.autocannon)),
              ],
              ['the mix warm through nginx, wrk (nginx hits)', ...levels.map((c) => nginxCell(r.nginx!.runs[c]?.wrk))],
              ['the mix warm, api directly, wrk', ...levels.map((c) => withErrors(r.nginx!.runs[c]?.directWrk))],
              [
                'nginx `return 200`: autocannon → wrk',
                ...levels.map(
                  (c) => `${lat(r.nginx!.runs[c]?.staticAutocannon)} → ${lat(r.nginx!.runs[c]?.staticWrk)}`,
                ),
              ],
            ]
          : []),
        ['business page TTFB, first renders', ...levels.map((c) => withErrors(r.ttfb[c]))],
        ['business page TTFB, cached', ...levels.map((c) => withErrors(r.ttfbCached?.[c]))],
      ],
    ),
  ];
  const types = Object.keys(r.calls) as CallType[];
  if (types.length)
    lines.push(
      '',
      'Each call alone, p95 · requests per second: cache miss (every URL unique) → cached (its distinct URLs repeated):',
      '',
      table(
        ['call', 'share', 'URLs', 'answer', ...levels.map((c) => `${c} client${c === '1' ? '' : 's'}`)],
        types.map((t) => {
          const c = r.calls[t]!;
          return [
            CALLS[t]?.help ?? t,
            `${Math.round((r.mix.shares[t] ?? 0) * 100)}%`,
            String(c.distinct),
            c.warm[levels[0]]?.bytesPerResponse ? kib(c.warm[levels[0]].bytesPerResponse!) : '–',
            ...levels.map((l) => {
              const cold = c.cold[l];
              const warm = c.warm[l];
              const errs = (cold?.errors ?? 0) + (warm?.errors ?? 0);
              return `${formatMs(cold?.p95)} · ${cold?.rps}/s → ${formatMs(warm?.p95)} · ${warm?.rps}/s${errs ? ` · **${errs} errors**` : ''}`;
            }),
          ];
        }),
      ),
    );
  const notes: string[] = [];
  const s = r.soak;
  notes.push(
    `One pass of the mix from an emptied cache (16 clients): ${lat(r.mix.firstPass)}, hit ratio ${pct(r.mix.firstPass?.cache?.ratio)}.`,
  );
  notes.push(
    `Load and soak (${round(s.seconds, 0)} s, ${Math.max(...levels.map(Number))} clients, after one pass of the mix that fills the cache): ` +
      `${n(s.count)} answered, ${s.errors} errors (${JSON.stringify(s.statusCodes)}); ${lat(s)}; api RSS ` +
      `${s.memory.startMiB} MiB at start, ${s.memory.endMiB} at the end, ${s.memory.maxMiB} at most; lowest ` +
      `${s.memory.troughEarlyMiB ?? '–'} in the second quarter, ${s.memory.troughLateMiB ?? '–'} in the last: ` +
      `${s.memory.verdict}.`,
  );
  if (r.import)
    notes.push(
      `Import under load: ${n(r.import.rows)} rows (${r.import.inserted ?? '?'} new) in ${round(r.import.importMs / 1000, 1)} s ` +
        `through the worker${r.import.failure ? ` — FAILED: ${r.import.failure}` : ''}; the mix at ` +
        `${Math.max(...levels.map(Number))} clients: idle ${lat(r.import.idle)}, during ${withErrors(r.import.during)} ` +
        `(hit ratio ${pct(r.import.idle.cache?.ratio)} → ${pct(r.import.during.cache?.ratio)})` +
        (r.import.after
          ? `; the ${round(r.import.after.seconds, 0)} s right after it (the worker invalidates the cached answers once the search ` +
            `index and the counts caught up) ${withErrors(r.import.after)}, hit ratio ${pct(r.import.after.cache?.ratio)}`
          : '') +
        '. The rows were deleted afterwards.',
    );
  if (r.web && 'bundle' in r.web) {
    const w = r.web;
    notes.push(
      `JavaScript of the first page: ${w.bundle.files.map((f) => `${f.path} ${kib(f.gzipBytes)}`).join(', ')} ` +
        `(gzip -9); CSS ${kib(w.bundle.cssGzipBytes)}. web/dist built ${w.bundle.builtAt}.`,
    );
    for (const p of [w.home, w.business])
      if (p?.failed?.length)
        notes.push(
          `**${new URL(p.url).pathname.slice(0, 60)} received failed responses (${p.failed.join(', ')}): its ` +
            'page figures do not describe a working page (was web/dist rebuilt while the api ran?).**',
        );
    for (const p of [w.home, w.business])
      if (p)
        notes.push(
          `${new URL(p.url).pathname.slice(0, 60)}: loads (TTFB / FCP / LCP ms) ${p.loads
            .map((l) => `${l.ttfb}/${l.fcp}/${l.lcp}`)
            .join(', ')}.`,
        );
  } else if (r.web && 'skipped' in r.web) notes.push(`Web: ${r.web.skipped}.`);
  if (r.nginx)
    notes.push(
      `Through nginx (${r.nginx.version}, Debian's, worker_processes ${r.nginx.workers}, deploy/nginx/directory.conf.template ` +
        `in front of the same api, after it): one pass of the mix from its empty cache ${lat(r.nginx.warmPass)}, nginx hits ` +
        `${pct(r.nginx.warmPass.hitRatio)}; then per level nginx's \`return 200\` (autocannon, wrk), the warm mix on the api ` +
        `directly under wrk, the warm mix through nginx under autocannon and under wrk. autocannon runs in one Node ` +
        `process: where it and wrk differ on \`return 200\`, the client is the bottleneck and wrk's figure is the one to read.`,
    );
  const single = r.nginx?.runs['1']?.autocannon;
  if (single?.rps && single.mean > 1500 / single.rps)
    // One closed-loop connection cannot spend longer per request than the run's time divided by its requests.
    notes.push(
      `autocannon's own times are not the server's at these rates: through nginx with 1 client it completed ` +
        `${n(Math.round(single.rps))} requests a second — at most ${round(1e6 / single.rps, 0)} µs each, one at a time — yet ` +
        `reports a mean of ${formatMs(single.mean)} (wrk: ${formatMs(r.nginx!.runs['1'].wrk.mean)}): the excess is the ` +
        'client’s own overhead, which is why the verdict through nginx is read from wrk.',
    );
  if (r.database.reindexSeconds !== null)
    notes.push(`The search index was missing and was built first (${r.database.reindexSeconds} s).`);
  lines.push('', ...notes.map((note) => `- ${note}`));
  return lines.join('\n');
}

function growth(results: PublicResult[]): string {
  if (results.length < 2) return '';
  const row = (label: string, value: (r: PublicResult) => string) => [label, ...results.map(value)];
  const top = (r: PublicResult) => String(Math.max(...Object.keys(r.mix.runs).map(Number)));
  return [
    '### Public reads: how cost grows with the directory',
    '',
    table(
      ['figure', ...results.map((r) => `${n(r.scale)} (${r.date})`)],
      [
        row('mix warm p95, top level', (r) => formatMs(r.mix.runs[top(r)]?.warm.p95)),
        row('mix cold p95, top level', (r) => formatMs(r.mix.runs[top(r)]?.cold.p95)),
        row('mix warm p95 through nginx (wrk), top level', (r) => formatMs(r.nginx?.runs[top(r)]?.wrk.p95)),
        row('reference: GET /health/live p95, top level', (r) => formatMs(r.references.live[top(r)]?.p95)),
        row('hit ratio over the soak', (r) => pct(r.soak.cache?.ratio)),
        row('detail miss p95, 16', (r) => formatMs(r.calls.business?.cold['16']?.p95)),
        row('slowest miss p95 alone, 16', (r) => {
          const worst = Object.entries(r.calls)
            .map(([t, c]) => [t, c!.cold['16']?.p95 ?? 0] as const)
            .sort((a, b) => b[1] - a[1])[0];
          return worst ? `${worst[0]} ${formatMs(worst[1])}` : '–';
        }),
        row('business page TTFB p95, 16: first renders / cached', (r) =>
          [r.ttfb['16'], r.ttfbCached?.['16']].map((x) => formatMs(x?.p95)).join(' / '),
        ),
        row('p95 during import / idle', (r) =>
          r.import ? `${formatMs(r.import.during.p95)} / ${formatMs(r.import.idle.p95)}` : '–',
        ),
        row('sitemaps', (r) => (r.sitemaps ? formatMs(r.sitemaps.ms) : '–')),
        row(
          'load average at start / end (2 cores)',
          (r) => `${r.machine.loadAverage.start} / ${r.machine.loadAverage.end}`,
        ),
      ],
    ),
  ].join('\n');
}

const BEGIN = '<!-- bench:public:begin (generated by bench/src/public/report.ts; edits here are replaced) -->';
const END = '<!-- bench:public:end -->';

/** Rewrites the public region of bench/README.md from the newest public result of every scale. */
export function updatePublicReadme(readmePath: string, resultsDir: string): void {
  const results = latest(resultsDir);
  const body = [growth(results), ...results.map(section)].filter(Boolean).join('\n\n') || '(no run yet)';
  const region = `${BEGIN}\n\n${body}\n\n${END}`;
  const text = readFileSync(readmePath, 'utf8');
  const start = text.indexOf('<!-- bench:public:begin');
  const end = text.indexOf(END);
  const next =
    start !== -1 && end !== -1
      ? text.slice(0, start) + region + text.slice(end + END.length)
      : `${text.trimEnd()}\n\n## Results: public reads\n\n${region}\n`;
  writeFileSync(readmePath, next);
}
