import { z } from 'zod';

/**
 * The one schema for every environment variable the api, the worker and the scripts read.
 * Defaults serve a local machine; a malformed value stops the process with a sentence naming it.
 */
const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATABASE_URL: z.url().default('postgres://postgres@127.0.0.1:5432/directory'),
  REDIS_URL: z.url().default('redis://127.0.0.1:6379'),
  /** Prefix of every Redis key (BullMQ queues, cache), so that runs never see each other's data. */
  REDIS_PREFIX: z.string().min(1).default('directory'),
  /**
   * Budget of the public read cache in Redis, in MB (entries, their index and bookkeeping). The api evicts its
   * own entries, those expiring first, to stay within it: Redis is shared with BullMQ's queues, so no Redis-wide
   * maxmemory-policy may evict keys on its behalf.
   */
  CACHE_MAX_MB: z.coerce.number().positive('CACHE_MAX_MB must be a positive number of megabytes').default(64),
  /**
   * Benchmarks only: a public read carrying `X-Bench-Cache-Miss: 1` is answered as a miss (looked up, computed
   * alone, stored), as a read nobody asked for yet would be. Never set it in production.
   */
  BENCH_CACHE_MISS: z
    .enum(['true', 'false'], 'BENCH_CACHE_MISS must be true or false')
    .default('false')
    .transform((value) => value === 'true'),
  MEILI_URL: z.url().optional(),
  MEILI_KEY: z.string().optional(),
  /** Where uploads, exports and sitemaps are written. */
  DATA_DIR: z.string().min(1).default('var'),
  ADMIN_USERNAME: z.string().min(1).default('admin'),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').default('admin-demo-password'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().default('false'),
  PUBLIC_URL: z.url().optional(),
  /**
   * Searches and suggestions the public cache cannot answer, per client address every 10 seconds in each api
   * process; more answer 429 with Retry-After. 0 turns the limit off. Loopback is never counted.
   */
  SEARCH_LIMIT: z.coerce.number().int().min(0, 'SEARCH_LIMIT must be a whole number, 0 for no limit').default(100),
  /** Hours an export file stays downloadable before the cleanup job removes it. */
  EXPORT_RETENTION_HOURS: z.coerce
    .number()
    .positive('EXPORT_RETENTION_HOURS must be a positive number of hours')
    .default(24),
  /**
   * BullMQ lock of a running long job (imports): renewed every half of it; a worker that died stops renewing
   * and the job is taken over after the lock expired and a stalled check ran (every JOB_STALLED_CHECK_MS).
   */
  JOB_LOCK_MS: z.coerce.number().int().min(1000, 'JOB_LOCK_MS must be at least 1000 (milliseconds)').default(30_000),
  JOB_STALLED_CHECK_MS: z.coerce
    .number()
    .int()
    .min(500, 'JOB_STALLED_CHECK_MS must be at least 500 (milliseconds)')
    .default(30_000),
  /**
   * Bearer token that lets a Prometheus server read GET /metrics without an admin session. Unset: only a
   * signed-in admin can read it.
   */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /**
   * Origins allowed to call the api from another site (comma-separated, e.g. https://partner.example). Empty:
   * CORS closed — the web app is served from the api's own origin and needs none.
   */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url('CORS_ORIGINS must be a comma-separated list of origins such as https://example.com'))),
  /**
   * On SIGTERM the api finishes its in-flight requests and the worker its running jobs for at most this
   * long before closing anyway (a job cut short is taken over by another worker, see JOB_LOCK_MS).
   */
  SHUTDOWN_GRACE_MS: z.coerce
    .number()
    .int()
    .min(0, 'SHUTDOWN_GRACE_MS must be a whole number of milliseconds')
    .default(25_000),
});

export type AppConfig = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  assertNodeVersion();
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration — fix these environment variables: ${problems.join('; ')}`);
  }
  return parsed.data;
}

/** The oldest Node.js the project runs on (package.json "engines"; scripts/node.sh puts the pinned one first). */
export const MINIMUM_NODE = '22.17';

/** Every process reads its configuration first: an older Node stops it here, with a sentence. */
export function assertNodeVersion(version = process.versions.node): void {
  const [major, minor] = version.split('.').map(Number);
  const [wantMajor, wantMinor] = MINIMUM_NODE.split('.').map(Number);
  if (major > wantMajor || (major === wantMajor && minor >= wantMinor)) return;
  throw new ConfigError(
    `This project needs Node.js ${MINIMUM_NODE} or newer and runs on ${version}: start it with npm start or ` +
      'npm test (they use the Node.js the project pins), or install Node.js 22 LTS.',
  );
}
