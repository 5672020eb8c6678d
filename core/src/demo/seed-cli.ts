import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../config/config.js';
import { migrateDatabase } from '../database/database-admin.js';
import { seedDemo } from './seed.js';

const usage = 'Usage: node core/dist/demo/seed-cli.js [--businesses N] [--real [dir]] [--if-empty]';
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const args = process.argv.slice(2);
// `--real` may stand alone (default folder) or take a folder.
const realIndex = args.indexOf('--real');
let realDir: string | undefined;
if (realIndex !== -1) {
  const next = args[realIndex + 1];
  realDir = next && !next.startsWith('--') ? resolve(next) : resolve(repoRoot, '../shared/data/real');
  args.splice(realIndex, next && !next.startsWith('--') ? 2 : 1);
}
const { values } = parseArgs({
  args,
  options: { businesses: { type: 'string', default: '5000' }, 'if-empty': { type: 'boolean', default: false } },
});
const businesses = Number(values.businesses);
if (!Number.isInteger(businesses) || businesses < 0) {
  console.error(`--businesses must be a whole number (0 or more). ${usage}`);
  process.exit(2);
}

const config = loadConfig();
await migrateDatabase(config.DATABASE_URL);
if (values['if-empty']) {
  const client = new pg.Client({ connectionString: config.DATABASE_URL });
  await client.connect();
  const { rows } = await client.query('select exists (select 1 from businesses) as any');
  await client.end();
  if (rows[0].any) {
    console.log('Demo data: the directory already has businesses; nothing to seed.');
    process.exit(0);
  }
}
console.log(`Demo data: generating ${businesses} businesses${realDir ? ` and loading ${realDir}` : ''}…`);
const result = await seedDemo({ databaseUrl: config.DATABASE_URL, businesses, realDir, log: console.log });
console.log(
  `Demo data: ${result.generated} generated + ${result.realRows} real rows in ${result.seconds.toFixed(1)} s ` +
    `(${result.rowsPerSecond} rows/s).`,
);
