/**
 * `npm run bench [-- --businesses N | --scales A,B,C]`: the search issue's benchmark. For each scale: a
 * database of its own (directory_bench_<N>, reused when it already holds N businesses), full reindex,
 * sync lag, search and suggest latency/throughput on the engine and over HTTP, each with a same-run
 * reference; writes bench/results/<date>-<N>.json and the tables of bench/README.md and bench/results.md.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';
import { createSearchEngine, searchPoolConfig } from '@directory/search';
import { wholeOption } from './args.js';
import { buildInfo } from './build-info.js';
import { prepareDatabase } from './database.js';
import { benchAfterWrites, benchEngineSearch, benchEngineSuggest, textQueries } from './engine-bench.js';
import { checkEstimatedTotals } from './estimated-totals.js';
import { measureStatementCosts } from './statement-costs.js';
import { checkFacetCounts } from './facet-counts.js';
import { benchRelevance } from './relevance.js';
import { summarize } from './stats.js';
import { explainSearch } from './explain.js';
import { startCpuCount } from './cpu.js';
import { benchHttp, startApi, startProcess, stopProcess, type ApiProcess, type HttpFigures } from './http.js';
import { machineInfo } from './machine.js';
import { targetRows, updateReadme, writeResult, type BenchResult } from './report.js';
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
} from './part.js';
import { clearRedisKeys } from './redis.js';
import { SEARCH_OPTIONS } from './search-options.js';
import { benchBulkLag, benchLag, benchReindex, benchWorkerLag } from './sync.js';
import { buildWorkload, MIX, QUERY_TYPE_HELP } from './workload.js';

const usage = `Usage: npm run bench -- [--businesses N | --scales N1,N2,…] [--duration S] [--concurrency 1,16,64]
  [--lag-samples N] [--worker-lag-samples N] [--bulk-rows N] [--mix-size N] [--seed N] [--pool N] [--port P]
  [--redis-prefix P] [--no-http] [--no-worker] [--no-explain]
       npm run bench -- --report-only   (rewrites bench/README.md's and bench/results.md's tables from bench/results/*.json)`;

const { values } = parseArgs({ options: SEARCH_OPTIONS });
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const whole = wholeOption(usage);
const { list, scales } = scaleOptions(values, whole);
const options = {
  durationSeconds: whole('duration', values.duration),
  concurrency: list('concurrency', values.concurrency),
  lagSamples: whole('lag-samples', values['lag-samples']),
  workerLagSamples: whole('worker-lag-samples', values['worker-lag-samples'], 0),
  bulkRows: whole('bulk-rows', values['bulk-rows']),
  mixSize: whole('mix-size', values['mix-size'], 20),
  seed: whole('seed', values.seed, 0),
  poolSize: whole('pool', values.pool),
  port: whole('port', values.port),
  redisPrefix: values['redis-prefix'],
  http: !values['no-http'],
  worker: !values['no-worker'],
  explain: !values['no-explain'],
};
refuseProductPort(options.port, 3211);
mkdirSync(RESULTS, { recursive: true });

const children = childProcesses(stopProcess);
const pct = (share: number) => `${(100 * share).toFixed(1)} %`;
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { lazyConnect: true });
/** Cache-busting requests leave one cached answer per URL (TTL 60 s): tens of thousands of keys. */
async function clearRedisPrefix(prefix: string): Promise<void> {
  await clearRedisKeys(redis, `${prefix}:*`).catch((error: Error) =>
    log(`  (could not clear Redis keys ${prefix}:*: ${error.message})`),
  );
}

async function waitForListener(pool: pg.Pool, database: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { rowCount } = await pool.query(
      `select 1 from pg_stat_activity where datname = $1 and query ilike 'listen search_outbox%'`,
      [database],
    );
    if (rowCount) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

async function runScale(scale: number): Promise<BenchResult> {
  const wallStart = performance.now();
  const build = buildInfo();
  const date = new Date().toISOString().slice(0, 10);
  console.log(`\n######## ${scale.toLocaleString('en-US')} businesses ########`);
  step('database');
  const database = await prepareDatabase(BENCH_BASE_URL, scale, log);
  const pool = new pg.Pool(searchPoolConfig(database.url, options.poolSize));
  pool.on('error', () => undefined);
  const engine = createSearchEngine(pool, {});
  const env = { DATABASE_URL: database.url, REDIS_PREFIX: options.redisPrefix };
  try {
    const machine = await machineInfo(pool);
    const size = await pool.query<{ bytes: string }>(`select pg_total_relation_size('businesses') as bytes`);

    step('full reindex');
    const reindex = await benchReindex(pool, engine, log);

    step(`sync lag: measureLag × ${options.lagSamples}`);
    const lag = await benchLag(pool, engine, options.lagSamples);
    log(`  p50 ${lag.p50} ms, p95 ${lag.p95} ms, max ${lag.max} ms`);
    step(`query mix (seed ${options.seed}, ${options.mixSize} queries)`);
    const workload = await buildWorkload(pool, options.seed, options.mixSize);
    log(`  ${workload.queries.length} queries, ${workload.prefixes.length} suggest prefixes`);

    step('facet counts = the totals their clicks find');
    const facetCounts = await checkFacetCounts(engine);
    log(
      `  ${facetCounts.checked} facet values clicked (${facetCounts.exact} exact), ${facetCounts.uncounted} without a count, ` +
        `${facetCounts.mismatches.length} mismatches, ` +
        `largest estimate gap ${facetCounts.largestEstimateGapPercent} %; searches p50 ${facetCounts.searchMs.p50} ms, ` +
        `max ${facetCounts.searchMs.max} ms`,
    );
    for (const m of facetCounts.mismatches.slice(0, 5)) log(`  mismatch: ${JSON.stringify(m)}`);

    step("estimated totals = the exact counts (the mix's estimates, up to 100)");
    const estimatedTotals = await checkEstimatedTotals(pool, engine, workload.queries);
    log(
      `  ${estimatedTotals.compared} estimates of ${estimatedTotals.searched} searches, ${estimatedTotals.within2Percent} ` +
        `within 2 %; largest gap ${estimatedTotals.largestGapPercent} % ${JSON.stringify(estimatedTotals.largest)}`,
    );

    step("where the mix's database time goes (statements by kind, one search at a time)");
    const statementCosts = await measureStatementCosts(pool, workload.queries);
    for (const k of statementCosts.kinds.slice(0, 6))
      log(`  ${Math.round(k.share * 100)} %  ${k.kind} (${k.calls} calls)`);
    log(
      `  open-now searches: ${Math.round(statementCosts.openNow.share * 100)} % of the mix, ` +
        `${Math.round(statementCosts.openNow.timeShare * 100)} % of the statements' time`,
    );

    step('relevance: the relevance suite over the real exports (once a run)');
    const relevance = await benchRelevance(BENCH_BASE_URL, log);
    if ('skipped' in relevance) log(`  skipped: ${relevance.skipped}`);
    else
      log(
        `  ${relevance.queries} queries over ${relevance.businesses} businesses in ${relevance.seconds} s: ` +
          `exact name first ${pct(relevance.exactNameFirst)}, one typo top 3 ${pct(relevance.oneTypoTop3)}, ` +
          `word forms ${pct(relevance.wordFormRecall)}, place aliases ${pct(relevance.placeAliasRecall)}, ` +
          `location precision ${pct(relevance.locationPrecision)}`,
      );

    step(`search on the engine (pool of ${options.poolSize}; ${options.durationSeconds} s per level)`);
    const {
      figures: engineFigures,
      totals,
      passMs,
    } = await benchEngineSearch(
      pool,
      options.poolSize,
      engine,
      workload,
      options.concurrency,
      options.durationSeconds * 1000,
      log,
    );
    step('suggest on the engine');
    const suggest = await benchEngineSuggest(
      engine,
      workload,
      options.concurrency,
      Math.max(2000, (options.durationSeconds * 1000) / 2),
      log,
    );

    const explain: BenchResult['explain'] = [];
    if (options.explain) {
      step('EXPLAIN ANALYZE of the slowest query of each type');
      const plans: string[] = [];
      for (const slow of engineFigures.slowestByType) {
        const statements = await explainSearch(pool, slow.query);
        explain.push({
          type: slow.type,
          query: slow.query,
          statements: statements.map((s) => ({ sql: s.sql.slice(0, 300), executionMs: s.executionMs })),
        });
        plans.push(
          `######## ${slow.type}: ${JSON.stringify(slow.query)} (${slow.ms} ms in the pass, ${slow.total} matches)`,
          ...statements.map((s) => `--- ${s.sql}\n--- values ${JSON.stringify(s.values)}\n${s.plan}\n`),
        );
        log(`  ${slow.type}: ${statements.map((s) => `${s.executionMs ?? '?'} ms`).join(', ')}`);
      }
      const planPath = `${RESULTS}/${date}-${scale}-explain.txt`;
      writeFileSync(planPath, `${plans.join('\n')}\n`);
      log(`  plans in ${planPath}`);
    }

    let workerLag: BenchResult['workerLag'] = { skipped: 'not run (--no-worker)' };
    if (options.worker && options.workerLagSamples > 0) {
      step(`sync lag through the running worker × ${options.workerLagSamples}`);
      if (!existsSync('worker/dist/main.js')) workerLag = { skipped: 'worker/dist/main.js is missing (build first)' };
      else {
        await clearRedisPrefix(options.redisPrefix);
        const worker = startProcess('worker/dist/main.js', env, 'worker');
        children.add(worker);
        try {
          if (!(await waitForListener(pool, database.name, 60_000))) {
            workerLag = { skipped: 'the worker did not LISTEN for search_outbox within 60 s' };
          } else {
            await new Promise((resolve) => setTimeout(resolve, 1000));
            const figures = await benchWorkerLag(pool, engine, options.workerLagSamples, options.seed);
            workerLag = figures;
            log(`  p50 ${figures.p50} ms, p95 ${figures.p95} ms, max ${figures.max} ms, timeouts ${figures.timeouts}`);
          }
        } finally {
          await stopProcess(worker);
          children.delete(worker);
        }
      }
      if ('skipped' in workerLag) log(`  skipped: ${workerLag.skipped}`);
    }

    let http: HttpFigures = { status: 'skipped', reason: 'not run (--no-http)' };
    if (options.http) {
      step(`HTTP on the real api (port ${options.port}, autocannon)`);
      if (!existsSync('api/dist/main.js')) http = { status: 'skipped', reason: 'api/dist/main.js is missing' };
      else {
        let api: ApiProcess | null = null;
        try {
          api = await startApi(env, options.port);
          const apiPid = api.pid;
          http = await benchHttp(api.base, totals, workload, options.concurrency, options.durationSeconds, log, () =>
            startCpuCount(pool, apiPid),
          );
        } catch (error) {
          http = { status: 'skipped', reason: `the HTTP run failed: ${(error as Error).message}` };
          log(`  ${http.reason}`);
        } finally {
          await api?.stop();
        }
      }
      await clearRedisPrefix(options.redisPrefix);
    }

    step(`sync lag: ${options.bulkRows} businesses updated in one statement`);
    const bulkLag = await benchBulkLag(pool, engine, options.bulkRows, options.seed);
    log(
      `  update ${bulkLag.updateMs} ms, then searchable after ${bulkLag.drainMs} ms ` +
        `(revert ${bulkLag.revertDrainMs} ms)${bulkLag.verified ? '' : ' — NOT every row reached the index!'}`,
    );

    step('search after those writes (GIN pending lists)');
    const texts = textQueries(workload, 150);
    const afterWrites = await benchAfterWrites(
      pool,
      engine,
      summarize(
        texts.map((q) => passMs.get(q) ?? Number.NaN),
        0,
        null,
      ),
      texts,
    );
    log(
      `  ${texts.length} text queries one at a time: p50/p95 ${afterWrites.before.p50}/${afterWrites.before.p95} ms on the ` +
        `fresh index, ${afterWrites.after.p50}/${afterWrites.after.p95} ms after the writes (pending pages ` +
        `${JSON.stringify(afterWrites.pendingPages)}), ${afterWrites.afterCleaning.p50}/${afterWrites.afterCleaning.p95} ms ` +
        'after gin_clean_pending_list()',
    );

    const partial = {
      date,
      scale,
      options,
      build: buildAfterRun(build),
      machine,
      database: { ...database, businessesBytes: Number(size.rows[0].bytes) },
      reindex,
      lag,
      workerLag,
      bulkLag,
      afterWrites,
      facetCounts,
      estimatedTotals,
      statementCosts,
      relevance,
      mix: { seed: options.seed, size: workload.queries.length, shares: MIX, help: QUERY_TYPE_HELP },
      engine: engineFigures,
      suggest,
      explain,
      http,
    };
    return recordResult(partial, targetRows, wallStart, writeResult);
  } finally {
    await pool.end();
  }
}

await runPart(
  'bench',
  async () => {
    if (!values['report-only']) for (const scale of scales) await runScale(scale);
  },
  () => {
    updateReadme('bench/README.md', RESULTS);
    console.log('\nbench/README.md and bench/results.md updated.');
  },
  async () => {
    await children.stopAll();
    redis.disconnect();
  },
);
