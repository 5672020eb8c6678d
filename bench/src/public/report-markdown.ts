import { latencyCell as lat, table, targetsTable, updatePartMarkdown } from '../markdown.js';
import { formatMs, round } from '../stats.js';
import type { LoadRun } from './http-load.js';
import { CALLS, type CallType } from './mix.js';
import type { NginxRun } from './nginx-bench.js';
import { kib, n, pct, type PublicResult } from './report.js';

/** The public bench's Markdown: every figure of the newest run of each scale, and the targets side by side. */
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

/** Rewrites the public tables of bench/README.md (targets) and bench/results.md (every figure). */
export function updatePublicReadme(readmePath: string, resultsDir: string): void {
  updatePartMarkdown<PublicResult>(readmePath, resultsDir, {
    infix: 'public-',
    heading: 'Public reads',
    targetsRegion: 'bench:public-targets',
    detailsRegion: 'bench:public',
    generator: 'bench/src/public/report-markdown.ts',
    details: (results) => [growth(results), ...results.map(section)].filter(Boolean).join('\n\n'),
  });
}
