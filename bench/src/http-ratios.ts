import type { EngineSearchFigures } from './engine-bench.js';
import type { HttpFigures } from './http.js';
import { ratio, verdict, type TargetRow } from './markdown.js';
import { formatMs, round } from './stats.js';

/** Issue 35's targets: what the HTTP layer may add to a search, as ratios of one run so they hold on any host. */
export const HTTP_TARGETS = { throughputShare: 0.85, p95Ratio: 1.3, addedCpuMs: 0.4 };

/**
 * The HTTP search at 16 connections against the engine at 16 clients of the same run: throughput share, p95 ratio,
 * and the CPU the api adds to a search (its CPU a request less the engine's Node CPU a search).
 */
export function httpRatioRows(engine: EngineSearchFigures, http: HttpFigures): TargetRow[] {
  const e16 = engine.concurrency['16'];
  const h16 = http.search?.concurrency['16'];
  const eCpu = engine.cpu?.['16']?.node;
  const hCpu = http.search?.cpu?.['16']?.node;
  const measured = Boolean(e16 && h16);
  const share = measured && e16.rps && h16!.rps ? h16!.rps / e16.rps : null;
  const p95 = measured && e16.p95 ? h16!.p95 / e16.p95 : null;
  const added = eCpu !== undefined && hCpu !== undefined ? round(hCpu - eCpu, 2) : null;
  return [
    {
      figure: 'Search throughput, HTTP ÷ engine, 16 connections (cache misses)',
      target: `≥ ${HTTP_TARGETS.throughputShare}×`,
      value: share === null ? 'skipped' : `${round(share, 2)}×`,
      reference: e16 ? `engine ${e16.rps} req/s` : '–',
      ratio: ratio(h16?.rps, e16?.rps),
      verdict: share === null ? 'skipped' : verdict(share >= HTTP_TARGETS.throughputShare),
    },
    {
      figure: 'Search p95, HTTP ÷ engine, 16 connections (cache misses)',
      target: `≤ ${HTTP_TARGETS.p95Ratio}×`,
      value: p95 === null ? 'skipped' : `${round(p95, 2)}×`,
      reference: e16 ? `engine p95 ${formatMs(e16.p95)}` : '–',
      ratio: ratio(h16?.p95, e16?.p95),
      verdict: p95 === null ? 'skipped' : verdict(p95 <= HTTP_TARGETS.p95Ratio),
    },
    {
      figure: "CPU the api adds to a search over HTTP (api CPU a request − the engine's Node CPU), 16 connections",
      target: `≤ ${HTTP_TARGETS.addedCpuMs} ms`,
      value: added === null ? 'skipped' : `${added} ms`,
      reference: eCpu !== undefined ? `engine's Node CPU ${eCpu} ms a search; api ${hCpu ?? '–'} ms` : '–',
      ratio: ratio(hCpu, eCpu),
      verdict: added === null ? 'skipped' : verdict(added <= HTTP_TARGETS.addedCpuMs),
    },
  ];
}
