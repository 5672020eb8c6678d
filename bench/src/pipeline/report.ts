import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MachineInfo } from '../machine.js';
import { formatMs, type LatencySummary, round } from '../stats.js';
import { latestResultFiles, ratio, targetsTable, verdict, type TargetRow } from '../markdown.js';

export interface ImportFigures {
  kind: 'csv' | 'xlsx';
  fileBytes: number;
  /** Data rows in the file, and businesses stored from it (duplicates inside the file are stored once). */
  rows: number;
  stored: number;
  inserted: number;
  skipped: number;
  rejected: number;
  /** Queued → completed, through the worker process. */
  ms: number;
  rowsPerSecond: number;
  /** Highest resident memory of the worker process during the import (VmRSS sampled every 100 ms, VmHWM). */
  peakRssBytes: number;
  /** The worker's resident memory just before the import was queued (Nest, drivers, its other modules). */
  baselineRssBytes: number;
  memorySamples: number;
  /** PostgreSQL's COPY FROM of the stored rows into businesses of an empty database, same run. */
  copyFromMs: number;
  copyRowsPerSecond: number;
  /** Worker's progress timestamp → socket.io client receive time (CSV import only). */
  latency: LatencySummary | null;
}

export interface PipelineResult {
  date: string;
  rows: number;
  options: Record<string, unknown>;
  machine: MachineInfo;
  csvImport: ImportFigures;
  xlsxImport: ImportFigures | null;
  export: {
    rows: number;
    bytes: number;
    ms: number;
    rowsPerSecond: number;
    /** COPY (select the 27 columns) TO STDOUT, CSV, into a file. */
    copyToMs: number;
    copyToRowsPerSecond: number;
    /** COPY of the export's own SELECT (neutralised cells, formatted timestamps): info. */
    copyToSameSelectMs: number;
  } | null;
  sitemaps: { businesses: number; files: number; ms: number; copyToMs: number } | null;
  targets: TargetRow[];
  wallSeconds: number;
}

const n = (value: number) => Math.round(value).toLocaleString('en-US');
const mib = (bytes: number) => `${n(bytes / 1024 / 1024)} MiB`;

/** The issue's targets, judged for this run (they are set for a 1M-row CSV, a 150 MB .xlsx and 1.2M businesses). */
export function targetRows(r: Omit<PipelineResult, 'targets' | 'wallSeconds'>): TargetRow[] {
  const rows: TargetRow[] = [];
  const c = r.csvImport;
  rows.push({
    figure: `CSV import, ${n(c.rows)} rows (${mib(c.fileBytes)}), queued → completed`,
    target: '≥ 25,000 rows/s',
    value: `${n(c.rowsPerSecond)} rows/s (${formatMs(c.ms)})`,
    reference: `COPY FROM, same rows: ${n(c.copyRowsPerSecond)} rows/s (${formatMs(c.copyFromMs)})`,
    ratio: ratio(c.ms, c.copyFromMs),
    verdict: verdict(c.rowsPerSecond >= 25_000),
  });
  rows.push({
    figure: 'CSV import time ÷ COPY FROM time',
    target: '≤ 4×',
    value: ratio(c.ms, c.copyFromMs),
    reference: `COPY FROM ${formatMs(c.copyFromMs)}`,
    ratio: ratio(c.ms, c.copyFromMs),
    verdict: verdict(c.ms <= 4 * c.copyFromMs),
  });
  rows.push({
    figure: 'Worker peak RSS, CSV import',
    target: 'flat (info)',
    value: mib(c.peakRssBytes),
    reference: `before the import ${mib(c.baselineRssBytes ?? 0)}`,
    ratio: '–',
    verdict: 'info',
  });
  if (c.latency) {
    rows.push({
      figure: `Progress event → browser (socket.io), p95 of ${c.latency.count} updates during the CSV import`,
      target: '≤ 500 ms',
      value: `p95 ${formatMs(c.latency.p95)} (p50 ${formatMs(c.latency.p50)}, max ${formatMs(c.latency.max)})`,
      reference: '–',
      ratio: '–',
      verdict: verdict(c.latency.count > 0 && c.latency.p95 <= 500),
    });
  }
  const x = r.xlsxImport;
  if (x) {
    rows.push({
      figure: `Worker peak RSS, .xlsx import of ${n(x.rows)} rows (${mib(x.fileBytes)}; the target is for 150 MB)`,
      target: '≤ 400 MB',
      value: mib(x.peakRssBytes),
      reference: `before the import ${mib(x.baselineRssBytes ?? 0)}`,
      ratio: '–',
      verdict: verdict(x.peakRssBytes <= 400 * 1024 * 1024),
    });
    rows.push({
      figure: `.xlsx import, ${n(x.rows)} rows, queued → completed`,
      target: 'info',
      value: `${n(x.rowsPerSecond)} rows/s (${formatMs(x.ms)})`,
      reference: `COPY FROM, same rows: ${n(x.copyRowsPerSecond)} rows/s (${formatMs(x.copyFromMs)})`,
      ratio: ratio(x.ms, x.copyFromMs),
      verdict: 'info',
    });
  }
  const e = r.export;
  if (e) {
    rows.push({
      figure: `Export of ${n(e.rows)} businesses, 27 fields (${mib(e.bytes)})`,
      target: '≥ 100,000 rows/s',
      value: `${n(e.rowsPerSecond)} rows/s (${formatMs(e.ms)})`,
      reference: `COPY TO, same columns: ${n(e.copyToRowsPerSecond)} rows/s (${formatMs(e.copyToMs)})`,
      ratio: ratio(e.ms, e.copyToMs),
      verdict: verdict(e.rowsPerSecond >= 100_000),
    });
    rows.push({
      figure: 'Export time ÷ COPY TO time',
      target: '≤ 2×',
      value: ratio(e.ms, e.copyToMs),
      reference: `COPY of the export's own SELECT ${formatMs(e.copyToSameSelectMs)}`,
      ratio: ratio(e.ms, e.copyToMs),
      verdict: verdict(e.ms <= 2 * e.copyToMs),
    });
  }
  const s = r.sitemaps;
  if (s) {
    rows.push({
      figure: `Sitemaps for ${n(s.businesses)} businesses (${n(s.files)} files; the target is for 1.2M)`,
      target: '≤ 30 s',
      value: formatMs(s.ms),
      reference: `COPY TO of id, slug, lastmod ${formatMs(s.copyToMs)}`,
      ratio: ratio(s.ms, s.copyToMs),
      verdict: verdict(s.ms <= 30_000),
    });
  }
  return rows;
}

export function writeResult(dir: string, result: PipelineResult): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${result.date}-pipeline-${result.rows}.json`);
  writeFileSync(path, `${JSON.stringify(result, null, 2)}\n`);
  return path;
}

/** The newest result file of each scale. */
export function latestResults(dir: string): PipelineResult[] {
  return latestResultFiles<PipelineResult>(dir, 'pipeline-');
}

function section(r: PipelineResult): string {
  const m = r.machine;
  return [
    `### ${n(r.rows)} rows — ${r.date}`,
    '',
    `${m.cores} cores (${m.cpuModel}), ${m.memoryGiB} GiB, ${m.os}; Node ${m.node}; ${m.postgres} ` +
      `(shared_buffers ${m.postgresSettings.shared_buffers}, work_mem ${m.postgresSettings.work_mem}); ` +
      `**load average ${m.loadAverage.start} at start, ${m.loadAverage.end} at end** (other work shares the machine). ` +
      `Batch size ${String(r.options.batchSize)}; worker NODE_OPTIONS ${r.options.workerNodeOptions ? `\`${String(r.options.workerNodeOptions)}\`` : 'none (as `npm start` runs it)'}; ` +
      `run took ${round(r.wallSeconds / 60, 1)} min.`,
    '',
    targetsTable(r.targets),
    '',
  ].join('\n');
}

const BEGIN = '<!-- pipeline:results:begin (generated by bench/src/pipeline/report.ts; edits here are replaced) -->';
const END = '<!-- pipeline:results:end -->';

/** Rewrites the results region of bench/PIPELINE.md from the newest result of each row count. */
export function updatePipelineMarkdown(path: string, resultsDir: string): void {
  const results = latestResults(resultsDir);
  const body = results.length ? results.map(section).join('\n') : '_No results yet: run `npm run bench:pipeline`._\n';
  const region = `${BEGIN}\n\n${body}\n${END}`;
  const current = existsSync(path) ? readFileSync(path, 'utf8') : `# Benchmarks: job pipeline\n\n${BEGIN}\n${END}\n`;
  const start = current.indexOf(BEGIN);
  const end = current.indexOf(END);
  const next =
    start >= 0 && end > start
      ? current.slice(0, start) + region + current.slice(end + END.length)
      : `${current.trimEnd()}\n\n${region}\n`;
  writeFileSync(path, next);
}
