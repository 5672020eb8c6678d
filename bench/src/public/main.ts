/**
 * `npm run bench -- --only public` (or `npm run bench:public`): every public read call of the api under load,
 * cold and warm, next to a bare primary-key SELECT and /health/live measured in the same run; a load and soak
 * run with the api's memory sampled; the same mix while an import runs; sitemap generation; the web bundle and
 * page timings in headless Chromium. Writes bench/results/<date>-public-<N>.json and the public tables of
 * bench/README.md and bench/results.md.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';
import { bullConnection, generateSitemaps, loadConfig } from '@directory/core';
import { createSearchEngine, drainOutbox, prepareIndex, reindex, searchPoolConfig } from '@directory/search';
import { wholeOption } from '../args.js';
import { buildInfo } from '../build-info.js';
import { prepareDatabase } from '../database.js';
import { stopProcess } from '../http.js';
import { closedLoop } from '../load.js';
import { machineInfo } from '../machine.js';
import {
  BENCH_BASE_URL,
  buildAfterRun,
  childProcesses,
  log,
  recordResult,
  refuseProductPort,
  RESULTS,
  runPart,
  scaleOptions,
  step,
} from '../part.js';
import { copyToReference } from '../pipeline/measure.js';
import { clearRedisKeys } from '../redis.js';
import { round } from '../stats.js';
import { describeRun as fmt, startPublicApi, type Api } from './api.js';
import { load, traceMemory, ttfbLoop, type LoadRun } from './http-load.js';
import { importUnderLoad } from './import-under-load.js';
import { buildPublicMix, CALL_TYPES, CALLS } from './mix.js';
import { measureThroughNginx, nginxMissing } from './nginx-bench.js';
import { PUBLIC_OPTIONS, PUBLIC_USAGE } from './options.js';
import { updatePublicReadme } from './report-markdown.js';
import { publicTargets, writePublicResult, type PublicResult } from './report.js';
import { bundleFigures, measurePages } from './web.js';

const { values } = parseArgs({ options: PUBLIC_OPTIONS });
if (values.help) {
  console.log(PUBLIC_USAGE);
  process.exit(0);
}
const whole = wholeOption(PUBLIC_USAGE);
const { list, scales } = scaleOptions(values, whole);
const options = {
  durationSeconds: whole('duration', values.duration),
  callSeconds: whole('call-duration', values['call-duration']),
  concurrency: list('concurrency', values.concurrency),
  soakSeconds: values.soak ? whole('soak', values.soak) : null,
  importRows: whole('import-rows', values['import-rows'], 0),
  mixSize: whole('public-mix', values['public-mix'], 100),
  webLoads: whole('web-loads', values['web-loads'], 0),
  seed: whole('seed', values.seed, 0),
  port: whole('port', values.port),
  redisPrefix: values['redis-prefix'],
  calls: !values['no-calls'],
  import: !values['no-import'],
  sitemaps: !values['no-sitemaps'],
  web: !values['no-web'],
  nginx: !values['no-nginx'],
};
refuseProductPort(options.port, 3213);
const LOAD_LEVEL = Math.max(...options.concurrency);
const missingForNginx = options.nginx && !values['report-only'] ? nginxMissing() : null;
if (missingForNginx) {
  console.error(`The cached mix through nginx needs nginx and wrk. ${missingForNginx}`);
  console.error('Install them (bash scripts/ensure-nginx.sh; apt-get install -y wrk) or pass --no-nginx.');
  process.exit(2);
}
const TMP = resolve('bench/tmp/public');
const DATA_DIR = join(TMP, 'var');
const children = childProcesses(stopProcess);

async function runScale(scale: number): Promise<PublicResult> {
  const soakSeconds = options.soakSeconds ?? (scale >= 1_000_000 ? 60 : 20);
  const wallStart = performance.now();
  const build = buildInfo();
  const date = new Date().toISOString().slice(0, 10);
  console.log(`\n######## public reads: ${scale.toLocaleString('en-US')} businesses ########`);
  step('database');
  const database = await prepareDatabase(BENCH_BASE_URL, scale, log);
  const pool = new pg.Pool(searchPoolConfig(database.url));
  pool.on('error', () => undefined);
  const engine = createSearchEngine(pool, {});
  const token = randomBytes(18).toString('base64url');
  const env = {
    DATABASE_URL: database.url,
    REDIS_PREFIX: options.redisPrefix,
    DATA_DIR,
    METRICS_TOKEN: token,
  };
  mkdirSync(DATA_DIR, { recursive: true });
  const config = loadConfig({ ...process.env, ...env });
  const bull = bullConnection(config);
  const redis = new Redis(config.REDIS_URL);
  // The entries and the budget's records of them (api/src/cache/cache-budget.ts).
  const clearCache = async () => {
    await clearRedisKeys(redis, `${options.redisPrefix}:cache:entry:*`);
    await redis.unlink(...['index', 'sizes', 'bytes'].map((key) => `${options.redisPrefix}:cache:${key}`));
  };
  let api: Api | null = null;
  try {
    const machine = await machineInfo(pool);
    const uptime = os.loadavg().map((l) => round(l, 2));
    log(`load average ${uptime.join(' ')} on ${machine.cores} cores`);
    step('search index');
    const index = await prepareIndex(engine);
    let reindexSeconds: number | null = null;
    if (index.reindexNeeded) {
      const started = performance.now();
      const result = await reindex(pool, engine);
      reindexSeconds = round((performance.now() - started) / 1000, 1);
      log(`  built: ${result.documents} documents in ${reindexSeconds} s (the worker would have done it at start)`);
    } else log('  up to date');
    await drainOutbox(pool, engine);

    step(`mix (seed ${options.seed}, ${options.mixSize} requests)`);
    const mix = await buildPublicMix(pool, options.seed, options.mixSize);
    const distinctUrls = Object.values(mix.distinct).reduce((s, d) => s + d.length, 0);
    log(`  ${mix.requests.length} requests over ${distinctUrls} distinct URLs`);
    const mixPaths = mix.requests.map((r) => r.path);

    step(`api (port ${options.port}, REDIS_PREFIX ${options.redisPrefix})`);
    await clearRedisKeys(redis, `${options.redisPrefix}:*`);
    api = await startPublicApi(env, token, options.port, children);
    const a = api;
    await a.metrics(); // fails early when /metrics does not accept the token
    // A short warm-up: JIT, pools and PostgreSQL's buffers, so the first measured level is not the warm-up.
    await load(a.base, mixPaths, 8, 3);

    // First, while web/dist is surely the build the api read at start: other work rebuilds it, and the api's
    // page template would then name scripts that are gone.
    let web: PublicResult['web'] = null;
    if (options.web) {
      step('web: JavaScript of the first page, and page timings in headless Chromium');
      try {
        const bundle = bundleFigures();
        log(
          `  index.html loads ${bundle.files.length} scripts: ${round(bundle.jsGzipBytes / 1024, 1)} KiB gzipped ` +
            `(${round(bundle.jsBytes / 1024, 1)} KiB raw): ${bundle.files.map((f) => f.path).join(', ')}`,
        );
        const pages =
          options.webLoads > 0
            ? await measurePages(
                [`${a.base}/`, `${a.base}/business/${encodeURIComponent(mix.businessSlugs[0])}`],
                options.webLoads,
              )
            : [];
        for (const p of pages)
          log(
            `  ${p.url.slice(a.base.length)}: median TTFB ${p.median.ttfb} ms, FCP ${p.median.fcp} ms, LCP ` +
              `${p.median.lcp} ms; ${p.scripts} scripts, ${round(p.scriptTransferBytes / 1024, 1)} KiB on the wire` +
              (p.failed.length ? `; FAILED RESPONSES: ${p.failed.join(', ')}` : ''),
          );
        web = { bundle, home: pages[0] ?? null, business: pages[1] ?? null };
      } catch (error) {
        web = { skipped: (error as Error).message };
        log(`  skipped: ${web.skipped}`);
      }
    }

    const calls: PublicResult['calls'] = {};
    if (options.calls) {
      step(`each call alone (${options.callSeconds} s per level): cache misses (unique URLs), then cached`);
      for (const type of CALL_TYPES) {
        const paths = mix.distinct[type];
        if (!paths.length) continue;
        const cold: Record<string, LoadRun> = {};
        const warm: Record<string, LoadRun> = {};
        for (const c of options.concurrency)
          cold[c] = await load(a.base, paths, c, options.callSeconds, { bust: true, metrics: a.metrics });
        await clearCache(); // the unique URLs' answers would otherwise pile up in Redis
        for (const path of paths) await fetch(`${a.base}${path}`).then((r) => r.arrayBuffer());
        for (const c of options.concurrency)
          warm[c] = await load(a.base, paths, c, options.callSeconds, { metrics: a.metrics });
        calls[type] = { distinct: paths.length, cold, warm };
        log(
          `  ${type.padEnd(17)} ${options.concurrency
            .map((c) => `×${c} miss p95 ${cold[c].p95} / cached p95 ${warm[c].p95} ms`)
            .join(
              ' | ',
            )} | cached hits ${Math.round((warm[LOAD_LEVEL]?.cache?.ratio ?? 0) * 1000) / 10} %${[...Object.values(cold), ...Object.values(warm)].some((r) => r.errors) ? ' — ERRORS' : ''}`,
        );
        for (const r of [...Object.values(cold), ...Object.values(warm)])
          if (r.errors) log(`    errors: ${JSON.stringify(r.statusCodes)}, socket ${r.socketErrors}`);
      }
    }

    step(`the mix (${options.durationSeconds} s per level): from an emptied cache (cold), then primed (warm)`);
    const mixRuns: PublicResult['mix']['runs'] = {};
    const cold: Record<string, LoadRun> = {};
    for (const c of options.concurrency) {
      await clearCache();
      cold[c] = await load(a.base, mixPaths, c, options.durationSeconds, { metrics: a.metrics });
      log(`  ×${c} cold: ${fmt(cold[c])}`);
    }
    // One pass of the whole mix from an emptied cache: every distinct URL misses once (the mix's own floor).
    await clearCache();
    const firstPass = await load(a.base, mixPaths, 16, 0, { metrics: a.metrics, amount: mixPaths.length });
    log(`  one pass of the mix from an emptied cache (16 clients): ${fmt(firstPass)}`);
    // The references run right before the warm mix of the same level: on a shared machine the CPU left to the
    // bench changes from minute to minute, and the ratio is only fair between runs a few seconds apart.
    const references: PublicResult['references'] = { pk: {}, live: {} };
    const refPool = new pg.Pool({ connectionString: database.url, max: 10 });
    try {
      for (const c of options.concurrency) {
        const pk = await closedLoop(mix.ids, { concurrency: c, durationMs: options.callSeconds * 1000 }, (id) =>
          refPool.query('select id, name, slug from businesses where id = $1', [id]),
        );
        references.pk[c] = pk.summary;
        references.live[c] = await load(a.base, ['/health/live'], c, options.callSeconds);
        const warm = await load(a.base, mixPaths, c, options.durationSeconds, { metrics: a.metrics });
        mixRuns[c] = { cold: cold[c], warm };
        log(
          `  ×${c} warm: ${fmt(warm)}\n     references: PK select p95 ${pk.summary.p95} ms, ${pk.summary.rps}/s | ` +
            `/health/live ${fmt(references.live[c])}`,
        );
      }
    } finally {
      await refPool.end();
    }

    step('business page (GET /business/{slug}, text/html): time to first byte, first renders, then cached');
    // The api caches a rendered page by its path: first renders need pages nobody asked for since the cache was
    // emptied (each level starts from an emptied cache and walks distinct businesses); then the mix's own
    // business pages, popular ones first, once fetched.
    const pagePaths = mix.businessSlugs.map((s) => `/business/${encodeURIComponent(s)}`);
    const firstPaths = mix.allBusinessSlugs.map((s) => `/business/${encodeURIComponent(s)}`);
    const ttfb: Record<string, LoadRun> = {};
    const ttfbCached: Record<string, LoadRun> = {};
    for (const c of options.concurrency) {
      await clearCache();
      ttfb[c] = await ttfbLoop(a.base, firstPaths, c, options.callSeconds * 1000, { metrics: a.metrics });
      const repeated = ttfb[c].count + ttfb[c].errors > firstPaths.length ? ' (some pages were asked twice)' : '';
      log(`  ×${c} first renders: TTFB ${fmt(ttfb[c])}${repeated}`);
    }
    await load(a.base, pagePaths, 8, 0, { amount: pagePaths.length });
    for (const c of options.concurrency) {
      ttfbCached[c] = await ttfbLoop(a.base, pagePaths, c, options.callSeconds * 1000, { metrics: a.metrics });
      log(`  ×${c} cached: TTFB ${fmt(ttfbCached[c])}`);
    }

    step(`load and soak: ${LOAD_LEVEL} clients on the mix for ${soakSeconds} s (after one pass that fills the cache)`);
    // Steady state: the page measurements above emptied the cache; one pass of the mix fills it again.
    await load(a.base, mixPaths, 16, 0, { amount: mixPaths.length });
    const memory = traceMemory(a.pid);
    const soakRun = await load(a.base, mixPaths, LOAD_LEVEL, soakSeconds, { metrics: a.metrics });
    const trace = memory();
    log(`  ${fmt(soakRun)}; ${soakRun.count} answered`);
    log(
      `  api RSS: start ${trace.startMiB} MiB, end ${trace.endMiB}, max ${trace.maxMiB}; lowest in the second ` +
        `quarter ${trace.troughEarlyMiB}, in the last ${trace.troughLateMiB}: ${trace.verdict}`,
    );
    const soak = { ...soakRun, memory: trace };

    let importFigures: PublicResult['import'] = null;
    if (options.import && options.importRows > 0) {
      step(`an import of ${options.importRows.toLocaleString('en-US')} rows while ${LOAD_LEVEL} clients read the mix`);
      importFigures = await importUnderLoad(
        { options, loadLevel: LOAD_LEVEL, tmp: TMP, dataDir: DATA_DIR, children },
        a,
        pool,
        engine,
        env,
        bull,
        mixPaths,
      );
    }

    let nginx: PublicResult['nginx'] = null;
    if (options.nginx) {
      step(`the warm mix through nginx's proxy_cache (deploy/nginx), ${options.durationSeconds} s per level`);
      nginx = await measureThroughNginx(a.base, mixPaths, options, log, fmt);
    }
    await a.stop();
    api = null;

    let sitemaps: PublicResult['sitemaps'] = null;
    if (options.sitemaps) {
      step('sitemaps (core generateSitemaps, what the sitemap job runs)');
      const root = join(TMP, 'sitemaps');
      rmSync(root, { recursive: true, force: true });
      const reference = await copyToReference(
        database.url,
        `select id, slug, to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') from businesses where is_approved order by id`,
        join(TMP, 'sitemap-reference.csv'),
      );
      const started = performance.now();
      const manifest = await generateSitemaps(pool, { root, baseUrl: 'https://bench.example' });
      const ms = performance.now() - started;
      rmSync(root, { recursive: true, force: true });
      rmSync(join(TMP, 'sitemap-reference.csv'), { force: true });
      sitemaps = {
        businesses: manifest.businessCount,
        files: manifest.files.length,
        ms: round(ms, 0),
        copyToMs: round(reference.ms, 0),
      };
      log(
        `  ${manifest.businessCount} businesses, ${manifest.files.length} files in ${round(ms / 1000, 2)} s (COPY TO ${round(reference.ms / 1000, 2)} s)`,
      );
    }

    const partial = {
      date,
      scale,
      options,
      build: buildAfterRun(build),
      machine,
      database: { ...database, reindexSeconds },
      mix: {
        seed: options.seed,
        size: mix.requests.length,
        distinctUrls,
        shares: Object.fromEntries(CALL_TYPES.map((t) => [t, CALLS[t].share])),
        distinct: Object.fromEntries(CALL_TYPES.map((t) => [t, mix.distinct[t].length])),
        firstPass,
        runs: mixRuns,
      },
      references,
      calls,
      ttfb,
      ttfbCached,
      web,
      soak,
      import: importFigures,
      nginx,
      sitemaps,
    };
    return recordResult(partial, publicTargets, wallStart, writePublicResult);
  } finally {
    await api?.stop();
    await clearCache().catch(() => undefined);
    redis.disconnect();
    await pool.end();
  }
}

await runPart(
  'public bench',
  async () => {
    for (const script of ['api/dist/main.js', 'worker/dist/main.js', 'web/dist/index.html']) {
      if (!existsSync(script)) throw new Error(`${script} is missing: build first (npm run build).`);
    }
    mkdirSync(RESULTS, { recursive: true });
    if (!values['report-only']) for (const scale of scales) await runScale(scale);
  },
  () => {
    updatePublicReadme('bench/README.md', RESULTS);
    console.log('\nbench/README.md and bench/results.md updated (public reads).');
  },
  () => children.stopAll(),
);
