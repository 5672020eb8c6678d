/** Latency summary of one measured run; every time in milliseconds. */
export interface LatencySummary {
  count: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
  /** Completed requests per second over the run's wall time (null for sequential one-shot passes). */
  rps: number | null;
  seconds: number;
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export function round(value: number, digits = 2): number {
  if (!Number.isFinite(value)) return value;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export function summarize(latencies: readonly number[], errors: number, seconds: number | null): LatencySummary {
  const sorted = [...latencies].sort((a, b) => a - b);
  const mean = sorted.reduce((s, v) => s + v, 0) / Math.max(1, sorted.length);
  return {
    count: sorted.length,
    errors,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted[sorted.length - 1] ?? Number.NaN),
    mean: round(mean),
    rps: seconds ? round(sorted.length / seconds, 1) : null,
    seconds: round(seconds ?? sorted.reduce((s, v) => s + v, 0) / 1000, 2),
  };
}

export function formatMs(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '–';
  if (ms >= 10_000) return `${round(ms / 1000, 1)} s`;
  if (ms >= 1000) return `${round(ms / 1000, 2)} s`;
  return ms >= 100 ? `${Math.round(ms)} ms` : `${round(ms, 1)} ms`;
}
