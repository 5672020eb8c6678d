/**
 * `npm run bench:ab -- --baseline NAME [--businesses N] [--rounds R] [--duration S] [--concurrency C]`: the search
 * engine as built now (search/dist) against a copy of an earlier build, in interleaved runs on the bench's database
 * of N businesses (built by `npm run bench` first). The hosts' speed moves by a third within minutes, so two
 * versions compare only in runs taken in turn, ABBA: each round runs both, the order turning every round.
 * `npm run bench:ab -- --save NAME` keeps the current build as NAME (node_modules/.ab/NAME, where its imports
 * resolve); build, change, build again, then compare. Prints each run and the means; writes nothing.
 */
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { SearchEngine } from '@directory/search';
import { wholeOption } from './args.js';
import { startCpuCount } from './cpu.js';
import { databaseUrl } from './database.js';
import { warmUp } from './engine-bench.js';
import { closedLoop } from './load.js';
import { buildWorkload } from './workload.js';

const usage = `Usage: npm run bench:ab -- --save NAME
       npm run bench:ab -- --baseline NAME [--businesses 1200000] [--rounds 8] [--duration 10] [--concurrency 16]`;
const { values } = parseArgs({
  options: {
    save: { type: 'string' },
    baseline: { type: 'string' },
    businesses: { type: 'string', default: '1200000' },
    rounds: { type: 'string', default: '8' },
    duration: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '16' },
    help: { type: 'boolean', default: false },
  },
});
const builds = resolve('node_modules/.ab');
const whole = wholeOption(usage);

if (values.help || (!values.save && !values.baseline)) {
  console.log(usage);
  process.exit(values.help ? 0 : 2);
}
if (values.save) {
  const target = resolve(builds, values.save);
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  cpSync('search/dist', resolve(target, 'dist'), { recursive: true });
  writeFileSync(resolve(target, 'package.json'), '{"type":"module"}\n');
  console.log(`search/dist kept as ${values.save} (${target})`);
  process.exit(0);
}

const baseline = resolve(builds, values.baseline!, 'dist/index.js');
if (!existsSync(baseline)) {
  console.error(`No build kept as ${values.baseline}: run npm run bench:ab -- --save ${values.baseline} first.`);
  process.exit(2);
}
const businesses = whole('businesses', values.businesses);
const rounds = whole('rounds', values.rounds);
const durationMs = whole('duration', values.duration) * 1000;
const concurrency = whole('concurrency', values.concurrency);
// The bench's server (bench/ab.sh names it, as bench/run.sh does).
if (!process.env.BENCH_DATABASE_URL) {
  console.error('BENCH_DATABASE_URL is not set: run it as npm run bench:ab.');
  process.exit(2);
}
const url = databaseUrl(process.env.BENCH_DATABASE_URL, `directory_bench_${businesses}`);

interface Version {
  name: string;
  pool: pg.Pool;
  engine: SearchEngine;
  runs: { rps: number; p50: number; p95: number; cpu: number }[];
}
type SearchModule = typeof import('@directory/search');
const open = async (name: string, module: SearchModule): Promise<Version> => {
  const pool = new pg.Pool(module.searchPoolConfig(url, 10));
  pool.on('error', () => undefined);
  return { name, pool, engine: module.createSearchEngine(pool, {}), runs: [] };
};
const versions = [
  await open(values.baseline!, (await import(baseline)) as SearchModule),
  await open('current', await import('@directory/search')),
];
const workload = await buildWorkload(versions[0].pool, 20261122, 500);
for (const { engine } of versions) await warmUp(engine, workload);
console.log(`${businesses.toLocaleString('en-US')} businesses, ${concurrency} clients, ${rounds} rounds of ABBA`);
let start = 0;
for (let round = 0; round < rounds; round++) {
  for (const version of round % 2 === 0 ? versions : [...versions].reverse()) {
    const cpu = await startCpuCount(version.pool, process.pid);
    const { summary } = await closedLoop(workload.queries, { concurrency, durationMs, start }, (q) =>
      version.engine.search(q.query),
    );
    const spent = await cpu(summary.count);
    const run = { rps: summary.rps ?? 0, p50: summary.p50, p95: summary.p95, cpu: spent.node + (spent.postgres ?? 0) };
    version.runs.push(run);
    console.log(
      `  ${round} ${version.name.padEnd(10)} ${run.rps} req/s, p50 ${run.p50} ms, p95 ${run.p95} ms, ` +
        `CPU a search ${run.cpu.toFixed(2)} ms`,
    );
  }
  // Each round begins elsewhere in the mix (a prime step), both versions of a round at the same query.
  start += 997;
}
const mean = (runs: Version['runs'], key: keyof Version['runs'][number]) =>
  (runs.reduce((sum, run) => sum + run[key], 0) / runs.length).toFixed(2);
for (const { name, runs } of versions)
  console.log(
    `mean ${name.padEnd(10)} ${mean(runs, 'rps')} req/s, p50 ${mean(runs, 'p50')} ms, p95 ${mean(runs, 'p95')} ms, ` +
      `CPU a search ${mean(runs, 'cpu')} ms`,
  );
for (const { pool } of versions) await pool.end();
