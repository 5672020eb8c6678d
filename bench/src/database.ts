import { spawn } from 'node:child_process';
import pg from 'pg';

export interface BenchDatabase {
  name: string;
  url: string;
  reused: boolean;
  businesses: number;
  /** Seeding wall time (generator + refresh of aggregates + vacuum analyze), null when reused. */
  seedSeconds: number | null;
}

export function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A connection for one piece of work, closed afterwards. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Runs a node script of the repo with DATABASE_URL set, its output indented under ours. */
export function runNode(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { env: { ...process.env, ...env }, stdio: 'pipe' });
    const relay = (chunk: Buffer) =>
      process.stdout.write(
        chunk
          .toString()
          .split('\n')
          .filter(Boolean)
          .map((line) => `    ${line}\n`)
          .join(''),
      );
    child.stdout.on('data', relay);
    child.stderr.on('data', relay);
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`node ${script} ${args.join(' ')} exited with code ${code}`)),
    );
  });
}

/** Businesses in the database, not counting lag probes a crashed run may have left; null when not migrated. */
async function countBusinesses(url: string): Promise<number | null> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ t: string | null }>(`select to_regclass('businesses') as t`);
    if (!rows[0].t) return null;
    await client.query(`delete from businesses where slug like 'lagprobe%'`);
    const count = await client.query<{ n: string }>('select count(*) as n from businesses');
    return Number(count.rows[0].n);
  });
}

/**
 * directory_bench_<scale>: reused when it already holds exactly `businesses` rows (generating 1.2M takes
 * minutes), otherwise dropped and seeded again with the demo generator. Always migrated to the latest schema.
 */
export async function prepareDatabase(
  baseUrl: string,
  businesses: number,
  log: (line: string) => void,
): Promise<BenchDatabase> {
  const name = `directory_bench_${businesses}`;
  const url = databaseUrl(baseUrl, name);
  const maintenance = databaseUrl(baseUrl, 'postgres');
  const exists = await withClient(maintenance, async (client) => {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    return Boolean(rowCount);
  });
  if (exists) {
    log(`database ${name} exists; migrating it`);
    await runNode('core/dist/database/migrate-cli.js', [], { DATABASE_URL: url });
    const count = await countBusinesses(url);
    if (count === businesses) {
      log(`REUSING ${name}: it already holds ${count} businesses (not seeded again)`);
      return { name, url, reused: true, businesses: count, seedSeconds: null };
    }
    log(`database ${name} holds ${count ?? 'no'} businesses instead of ${businesses}: dropping it and seeding again`);
    await withClient(maintenance, (client) => client.query(`drop database ${pg.escapeIdentifier(name)} with (force)`));
  }
  log(`seeding ${name} with ${businesses} generated businesses (node core/dist/demo/seed-cli.js)`);
  const started = performance.now();
  await runNode('core/dist/demo/seed-cli.js', ['--businesses', String(businesses)], { DATABASE_URL: url });
  await withClient(url, (client) => client.query('vacuum analyze businesses'));
  const seedSeconds = (performance.now() - started) / 1000;
  const count = await countBusinesses(url);
  if (count !== businesses) throw new Error(`Seeding ${name} left ${count} businesses instead of ${businesses}.`);
  log(`seeded ${count} businesses in ${seedSeconds.toFixed(1)} s`);
  return { name, url, reused: false, businesses: count, seedSeconds };
}
