/** The public-reads bench's command-line options (bench/src/public/main.ts); see bench/README.md. */
export const PUBLIC_OPTIONS = {
  businesses: { type: 'string' },
  scales: { type: 'string' },
  duration: { type: 'string', default: '5' },
  'call-duration': { type: 'string', default: '2' },
  concurrency: { type: 'string', default: '1,16,64' },
  /** Default: 60 s (the figure) at 1,000,000 businesses and more, 20 s below (quick runs). */
  soak: { type: 'string' },
  'import-rows': { type: 'string', default: '50000' },
  'public-mix': { type: 'string', default: '5000' },
  'web-loads': { type: 'string', default: '5' },
  seed: { type: 'string', default: '20261122' },
  port: { type: 'string', default: '3213' },
  'redis-prefix': { type: 'string', default: 'bench_public' },
  'no-calls': { type: 'boolean', default: false },
  'no-import': { type: 'boolean', default: false },
  'no-sitemaps': { type: 'boolean', default: false },
  'no-web': { type: 'boolean', default: false },
  /** Skips the cached mix through nginx's proxy_cache (needs /usr/sbin/nginx and wrk). */
  'no-nginx': { type: 'boolean', default: false },
  'report-only': { type: 'boolean', default: false },
  help: { type: 'boolean', default: false },
} as const;

export const PUBLIC_USAGE = `Usage: npm run bench:public -- [--businesses N | --scales N1,N2,…] [--duration S] [--call-duration S]
  [--concurrency 1,16,64] [--soak S] [--import-rows N] [--public-mix N] [--web-loads N] [--seed N] [--port P]
  [--redis-prefix P] [--no-calls] [--no-import] [--no-sitemaps] [--no-web] [--no-nginx]
       npm run bench:public -- --report-only   (rewrites the public tables of bench/README.md and bench/results.md)`;
