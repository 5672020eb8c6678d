import pg from 'pg';
import { loadConfig } from '../config/config.js';
import { refreshAggregates } from '../database/aggregates.js';
import { migrateDatabase } from '../database/database-admin.js';
import { canonicalizeDirectory } from '../canonical/canonicalize.js';
import { backfillOpenMinutes, backfillPlaces } from './backfill.js';

// `npm run places:backfill`: completes the city, country and time zone of businesses stored before imports
// read them and the open minutes of their hours (see backfill.ts), stores every city and category under its
// canonical name (canonical/), then refreshes the directory's counts. Safe to run again; stops on Ctrl-C.
const config = loadConfig();
await migrateDatabase(config.DATABASE_URL);
const client = new pg.Client({ connectionString: config.DATABASE_URL, application_name: 'directory-places-backfill' });
await client.connect();
const stop = new AbortController();
process.once('SIGINT', () => stop.abort(new Error('Stopped; the batches done so far are kept.')));
try {
  const result = await backfillPlaces(client, { signal: stop.signal });
  const withOpenMinutes = await backfillOpenMinutes(client, { signal: stop.signal });
  const canonical = await canonicalizeDirectory(client);
  await refreshAggregates(client);
  console.log(
    `Places: ${result.examined} businesses without a city, country or time zone examined, ${result.updated} completed.`,
  );
  console.log(`Opening hours: ${withOpenMinutes} businesses got their open minutes of the week.`);
  console.log(
    `Canonical names: ${canonical.citySpellingsMerged} city and ${canonical.categorySpellingsMerged} category spellings merged, ${canonical.businessesUpdated} businesses rewritten.`,
  );
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await client.end();
}
