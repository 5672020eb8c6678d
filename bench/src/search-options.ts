/**
 * The search bench's command-line options (bench/src/main.ts), apart so that bench/src/cli.ts can tell which
 * arguments of `npm run bench` belong to which part without loading (and so running) the part.
 */
export const SEARCH_OPTIONS = {
  businesses: { type: 'string' },
  scales: { type: 'string' },
  duration: { type: 'string', default: '10' },
  concurrency: { type: 'string', default: '1,16,64' },
  'lag-samples': { type: 'string', default: '50' },
  'worker-lag-samples': { type: 'string', default: '30' },
  'bulk-rows': { type: 'string', default: '10000' },
  'mix-size': { type: 'string', default: '500' },
  seed: { type: 'string', default: '20261122' },
  pool: { type: 'string', default: '10' },
  port: { type: 'string', default: '3211' },
  'redis-prefix': { type: 'string', default: 'bench_search' },
  'no-http': { type: 'boolean', default: false },
  'no-worker': { type: 'boolean', default: false },
  'no-explain': { type: 'boolean', default: false },
  'report-only': { type: 'boolean', default: false },
  help: { type: 'boolean', default: false },
} as const;
