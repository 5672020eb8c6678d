/**
 * `npm run bench:pipeline [-- --rows N]`: the job pipeline's figures (issue 6), each next to a reference
 * measured in the same run on the same rows:
 * - import of a generated CSV (and an .xlsx) through the real worker process (node worker/dist/main.js),
 *   queued as the api queues an upload: rows/s end to end and the worker's peak resident memory, next to
 *   PostgreSQL's own COPY FROM of the same rows into businesses of an empty database;
 * - the progress latency: the worker's timestamp in each progress update against the moment a socket.io
 *   client signed in to the real api (node api/dist/main.js) receives it;
 * - export of every business with all 27 fields (core's writeExportCsv, what the export job runs), next to
 *   COPY (select the 27 columns) TO STDOUT;
 * - sitemaps for the imported catalogue (core's generateSitemaps, what the sitemap job runs).
 * Writes bench/results/<date>-pipeline-<rows>.json and the results table of bench/PIPELINE.md.
 */
import { existsSync, linkSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Queue, QueueEvents } from 'bullmq';
import pg from 'pg';
import { io } from 'socket.io-client';
import {
  type BatchUploadResult,
  bullConnection,
  EXPORT_FIELDS,
  exportSelectSql,
  generateSitemaps,
  IMPORT_JOBS,
  type ImportJobData,
  type ImportJobProgress,
  loadConfig,
  newUploadId,
  parseExportRequest,
  QUEUES,
  writeExportCsv,
} from '@directory/core';
import { wholeOption } from '../args.js';
import { databaseUrl, withClient } from '../database.js';
import { BENCH_ADMIN_PASSWORD, startApi, startProcess, type ApiProcess } from '../http.js';
import { machineInfo } from '../machine.js';
import { round, summarize } from '../stats.js';
import { generatedCsv, generatedXlsx, mb } from './files.js';
import {
  clearRedisPrefix,
  copyFromReference,
  copyToReference,
  dumpImportedRows,
  freshDatabase,
  killProcess,
  memoryOf,
  sampleMemory,
} from './measure.js';
import {
  BENCH_BASE_URL,
  childProcesses,
  log,
  recordResult,
  refuseProductPort,
  RESULTS,
  runPart,
  step,
} from '../part.js';
import { type ImportFigures, type PipelineResult, targetRows, updatePipelineMarkdown, writeResult } from './report.js';

const usage = `Usage: npm run bench:pipeline -- [--rows N] [--xlsx-rows N] [--batch-size 100|500|1000|2000]
  [--port P] [--redis-prefix P] [--worker-node-options "…"] [--no-xlsx] [--no-export] [--no-sitemaps] [--no-latency]
       npm run bench:pipeline -- --report-only   (rewrites bench/PIPELINE.md from bench/results/*-pipeline-*.json)`;

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    'xlsx-rows': { type: 'string' },
    'batch-size': { type: 'string', default: '2000' },
    port: { type: 'string', default: '3212' },
    'redis-prefix': { type: 'string', default: 'bench_pipeline' },
    'worker-node-options': { type: 'string', default: '--max-old-space-size=256' },
    'no-xlsx': { type: 'boolean', default: false },
    'no-export': { type: 'boolean', default: false },
    'no-sitemaps': { type: 'boolean', default: false },
    'no-latency': { type: 'boolean', default: false },
    'report-only': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const whole = wholeOption(usage);
const rows = whole('rows', values.rows);
const options = {
  rows,
  xlsxRows: values['xlsx-rows'] ? whole('xlsx-rows', values['xlsx-rows']) : Math.min(rows, 100_000),
  batchSize: whole('batch-size', values['batch-size']),
  port: whole('port', values.port),
  redisPrefix: values['redis-prefix'],
  /** NODE_OPTIONS of the worker processes (e.g. --max-old-space-size=256); empty: as \`npm start\` runs it. */
  workerNodeOptions: values['worker-node-options'],
  xlsx: !values['no-xlsx'],
  export: !values['no-export'],
  sitemaps: !values['no-sitemaps'],
  latency: !values['no-latency'],
};
if (![100, 500, 1000, 2000].includes(options.batchSize)) {
  console.error(`--batch-size must be 100, 500, 1000 or 2000 (the admin's choices).\n${usage}`);
  process.exit(2);
}
refuseProductPort(options.port, 3212);

const TMP = resolve('bench/tmp/pipeline');
const DATA_DIR = join(TMP, 'var');
const DB = 'directory_pipeline_bench';
const REF_DB = 'directory_pipeline_reference';
const children = childProcesses(killProcess);

const env = (url: string) => ({
  DATABASE_URL: url,
  REDIS_PREFIX: options.redisPrefix,
  DATA_DIR,
  LOG_LEVEL: 'silent',
});

/** The progress updates a signed-in socket.io client received, with their delay (receive time − worker's `at`). */
interface LatencyProbe {
  delays: number[];
  stop: () => void;
}

async function followProgress(api: ApiProcess, jobId: string): Promise<LatencyProbe> {
  const login = await fetch(`${api.base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: BENCH_ADMIN_PASSWORD }),
  });
  if (!login.ok) throw new Error(`The admin sign-in answered ${login.status}.`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const socket = io(`${api.base}/admin-jobs`, {
    transports: ['websocket'],
    extraHeaders: { cookie },
    reconnection: false,
  });
  const delays: number[] = [];
  socket.on('progress', (event: { jobId: string; progress: ImportJobProgress }) => {
    const received = Date.now();
    if (event.jobId === jobId && typeof event.progress?.at === 'number') delays.push(received - event.progress.at);
  });
  const ack = (await socket.timeout(10_000).emitWithAck('subscribe', { jobId, queue: QUEUES.import })) as {
    ok: boolean;
    message?: string;
  };
  if (!ack.ok) throw new Error(`The socket could not follow the import: ${ack.message}`);
  return { delays, stop: () => socket.close() };
}

/**
 * One import through the real worker process: a fresh database, the file linked into DATA_DIR/uploads as the
 * api would have streamed it, the job queued as the api queues it; timed from queueing to completion.
 */
async function benchImport(file: string, kind: 'csv' | 'xlsx', withLatency: boolean): Promise<ImportFigures> {
  const url = await freshDatabase(BENCH_BASE_URL, DB);
  clearRedisPrefix(options.redisPrefix, log);
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(join(DATA_DIR, 'uploads'), { recursive: true });
  const uploadId = newUploadId(file);
  const upload = join(DATA_DIR, 'uploads', uploadId);
  linkSync(file, upload); // the worker removes its upload once imported; the generated file stays
  const bull = bullConnection(loadConfig({ ...process.env, ...env(url) }));
  const queue = new Queue(QUEUES.import, bull);
  const events = new QueueEvents(QUEUES.import, bull);
  let api: ApiProcess | null = null;
  let probe: LatencyProbe | null = null;
  const worker = startProcess(
    'worker/dist/main.js',
    { ...env(url), NODE_OPTIONS: options.workerNodeOptions },
    'worker',
  );
  children.add(worker);
  try {
    await events.waitUntilReady();
    if (withLatency) api = await startApi(env(url), options.port);
    const deadline = Date.now() + 120_000;
    while ((await queue.getWorkersCount()) === 0) {
      if (Date.now() > deadline || worker.exitCode !== null) throw new Error('The worker did not start within 2 min.');
      await new Promise((r) => setTimeout(r, 200));
    }
    await new Promise((r) => setTimeout(r, 1000)); // let its start-up work (first sitemaps, index check) settle
    const baselineRss = memoryOf(worker.pid!)?.rss ?? 0;
    const memory = sampleMemory(worker);
    const data: ImportJobData = {
      uploadId,
      fileName: file.split('/').pop()!,
      fileSize: statSync(file).size,
      batchSize: options.batchSize,
      uploadedBy: 'bench',
    };
    const jobId = `bench-import-${kind}-${Date.now()}`;
    const started = performance.now();
    const job = await queue.add(IMPORT_JOBS.import, data, { jobId, attempts: 1 });
    if (api) probe = await followProgress(api, jobId);
    const result = (await job.waitUntilFinished(events, 3 * 3600_000)) as BatchUploadResult;
    const ms = performance.now() - started;
    const { peakRss, samples } = memory();
    const latency = probe ? summarize(probe.delays, 0, null) : null;
    probe?.stop();
    await killProcess(worker); // before the search sync of the new rows competes with what follows
    log(
      `  ${result.totalRows} rows (${result.insertedCount} new, ${result.skippedCount} skipped, ${result.errorCount} ` +
        `rejected) in ${(ms / 1000).toFixed(1)} s: ${Math.round(result.totalRows / (ms / 1000))} rows/s; worker peak ` +
        `RSS ${mb(peakRss)} (${mb(baselineRss)} before the import)`,
    );
    if (latency)
      log(
        `  progress latency over socket.io: p50 ${latency.p50} ms, p95 ${latency.p95} ms, max ${latency.max} ms (${latency.count} updates)`,
      );

    // Reference: PostgreSQL's own COPY FROM of the very rows the import stored, into an empty database.
    const dump = join(TMP, `reference-${kind}.copy`);
    const stored = await dumpImportedRows(url, dump);
    const refUrl = await freshDatabase(BENCH_BASE_URL, REF_DB);
    const copyMs = await copyFromReference(refUrl, dump);
    rmSync(dump, { force: true });
    log(
      `  reference: COPY FROM of the same ${stored} rows into businesses: ${(copyMs / 1000).toFixed(1)} s (${Math.round(stored / (copyMs / 1000))} rows/s)`,
    );
    return {
      kind,
      fileBytes: statSync(file).size,
      rows: result.totalRows,
      stored,
      inserted: result.insertedCount,
      skipped: result.skippedCount,
      rejected: result.errorCount,
      ms: round(ms, 0),
      rowsPerSecond: round(result.totalRows / (ms / 1000), 0),
      peakRssBytes: peakRss,
      baselineRssBytes: baselineRss,
      memorySamples: samples,
      copyFromMs: round(copyMs, 0),
      copyRowsPerSecond: round(stored / (copyMs / 1000), 0),
      latency,
    };
  } finally {
    probe?.stop();
    await killProcess(worker);
    children.delete(worker);
    await api?.stop();
    await events.close();
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
  }
}

async function run(): Promise<PipelineResult> {
  const wallStart = performance.now();
  const date = new Date().toISOString().slice(0, 10);
  for (const script of ['worker/dist/main.js', 'api/dist/main.js', 'core/dist/index.js']) {
    if (!existsSync(script)) throw new Error(`${script} is missing: build first (npm run build).`);
  }
  const machinePool = new pg.Pool({ connectionString: databaseUrl(BENCH_BASE_URL, 'postgres'), max: 1 });
  const machine = await machineInfo(machinePool);
  await machinePool.end();
  log(
    `${machine.cores} cores, ${machine.memoryGiB} GiB, ${machine.postgres}, Node ${machine.node}; load average ${machine.loadAverage.start}`,
  );

  step(`files (${rows.toLocaleString('en-US')} rows)`);
  const csv = await generatedCsv(TMP, rows, log);
  const xlsx = options.xlsx ? await generatedXlsx(TMP, options.xlsxRows, log) : null;

  step(
    `CSV import through the worker (batch size ${options.batchSize})${options.latency ? ', progress followed over socket.io' : ''}`,
  );
  const csvImport = await benchImport(csv, 'csv', options.latency);

  // The catalogue the CSV import left is what the export and the sitemaps read.
  const url = databaseUrl(BENCH_BASE_URL, DB);
  await withClient(url, (client) => client.query('vacuum (analyze) businesses'));

  let exportFigures: PipelineResult['export'] = null;
  if (options.export) {
    step('export of every business, 27 fields (writeExportCsv), next to COPY TO of the same columns');
    const pool = new pg.Pool({ connectionString: url, max: 3 });
    try {
      const request = parseExportRequest({ fields: [...EXPORT_FIELDS] });
      const file = join(TMP, 'export.csv');
      const referenceSql = `select ${EXPORT_FIELDS.map((f) => `b.${f}`).join(', ')} from businesses b`;
      const runs: { exportMs: number; copyMs: number; rows: number; bytes: number; copyBytes: number }[] = [];
      // Twice each, alternating (the first read of freshly written pages costs more; both get a warm run).
      for (let i = 0; i < 2; i++) {
        const copy = await copyToReference(url, referenceSql, file);
        const started = performance.now();
        const written = await writeExportCsv(pool, request, file);
        runs.push({ exportMs: performance.now() - started, copyMs: copy.ms, ...written, copyBytes: copy.bytes });
        log(
          `  run ${i + 1}: export ${(runs[i].exportMs / 1000).toFixed(2)} s, COPY TO ${(copy.ms / 1000).toFixed(2)} s`,
        );
      }
      const neutralised = await copyToReference(url, exportSelectSql(request), file);
      rmSync(file, { force: true });
      const exportMs = Math.min(...runs.map((r) => r.exportMs));
      const copyMs = Math.min(...runs.map((r) => r.copyMs));
      exportFigures = {
        rows: runs[0].rows,
        bytes: runs[0].bytes,
        ms: round(exportMs, 0),
        rowsPerSecond: round(runs[0].rows / (exportMs / 1000), 0),
        copyToMs: round(copyMs, 0),
        copyToRowsPerSecond: round(runs[0].rows / (copyMs / 1000), 0),
        copyToSameSelectMs: round(neutralised.ms, 0),
      };
      log(
        `  best: export ${exportFigures.rowsPerSecond} rows/s (${(exportMs / 1000).toFixed(2)} s), COPY TO ` +
          `${exportFigures.copyToRowsPerSecond} rows/s; COPY of the export's own SELECT ${(neutralised.ms / 1000).toFixed(2)} s`,
      );
    } finally {
      await pool.end();
    }
  }

  let sitemapFigures: PipelineResult['sitemaps'] = null;
  if (options.sitemaps) {
    step('sitemaps for the catalogue (generateSitemaps)');
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    const root = join(TMP, 'sitemaps');
    try {
      rmSync(root, { recursive: true, force: true });
      const reference = await copyToReference(
        url,
        `select id, slug, to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') from businesses where is_approved order by id`,
        join(TMP, 'sitemap-reference.csv'),
      );
      const started = performance.now();
      const manifest = await generateSitemaps(pool, { root, baseUrl: 'https://bench.example' });
      const ms = performance.now() - started;
      sitemapFigures = {
        businesses: manifest.businessCount,
        files: manifest.files.length,
        ms: round(ms, 0),
        copyToMs: round(reference.ms, 0),
      };
      log(
        `  ${manifest.businessCount} businesses in ${manifest.files.length} files: ${(ms / 1000).toFixed(1)} s (COPY TO of id, slug, lastmod ${(reference.ms / 1000).toFixed(1)} s)`,
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
      rmSync(join(TMP, 'sitemap-reference.csv'), { force: true });
      await pool.end();
    }
  }

  let xlsxImport: ImportFigures | null = null;
  if (xlsx) {
    step(
      `.xlsx import through the worker (${options.xlsxRows.toLocaleString('en-US')} rows, ${mb(statSync(xlsx).size)})`,
    );
    xlsxImport = await benchImport(xlsx, 'xlsx', false);
  }

  const partial = {
    date,
    rows,
    options,
    machine,
    csvImport,
    xlsxImport,
    export: exportFigures,
    sitemaps: sitemapFigures,
  };
  return recordResult(partial, targetRows, wallStart, writeResult);
}

await runPart(
  'pipeline bench',
  async () => {
    if (!values['report-only']) await run();
  },
  () => {
    updatePipelineMarkdown('bench/PIPELINE.md', RESULTS);
    console.log('\nbench/PIPELINE.md updated.');
  },
  () => children.stopAll(),
);
