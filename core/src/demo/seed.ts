import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { canonicalizeDirectory } from '../canonical/canonicalize.js';
import { refreshAggregates } from '../database/aggregates.js';
import { writeBusinesses } from '../import/business-writer.js';
import { importFile } from '../import/import-file.js';
import { demoBusiness } from './generator.js';

export interface SeedOptions {
  databaseUrl: string;
  businesses: number;
  /** Folder of real Google-Maps exports to load too (skipped when missing). */
  realDir?: string;
  batchSize?: number;
  log?: (line: string) => void;
}

export interface SeedResult {
  generated: number;
  realRows: number;
  seconds: number;
  rowsPerSecond: number;
}

/** Writes the demo directory (upserts by place id, so running it twice does not duplicate anything). */
export async function seedDemo(options: SeedOptions): Promise<SeedResult> {
  const log = options.log ?? (() => undefined);
  const batchSize = options.batchSize ?? 5000;
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  const started = Date.now();
  let realRows = 0;
  try {
    for (let from = 0; from < options.businesses; from += batchSize) {
      const to = Math.min(options.businesses, from + batchSize);
      const rows = [];
      for (let n = from; n < to; n++) rows.push(demoBusiness(n));
      await writeBusinesses(client, rows);
      if ((to / batchSize) % 20 === 0 || to === options.businesses) log(`  ${to} / ${options.businesses} generated`);
    }
    if (options.realDir && existsSync(options.realDir)) {
      const files = readdirSync(options.realDir)
        .filter((f) => /\.(csv|xlsx)$/i.test(f))
        .sort();
      for (const file of files) {
        const report = await importFile(join(options.realDir, file), client, { batchSize: 1000 });
        realRows += report.totalRows;
        log(`  ${file}: ${report.inserted} new, ${report.updated} updated, ${report.errorCount} rejected`);
      }
    }
    // Imports canonicalise their rows; generated ones too when no real file was imported.
    await canonicalizeDirectory(client);
    await refreshAggregates(client);
  } finally {
    await client.end();
  }
  const seconds = (Date.now() - started) / 1000;
  const total = options.businesses + realRows;
  return {
    generated: options.businesses,
    realRows,
    seconds,
    rowsPerSecond: Math.round(total / Math.max(seconds, 0.001)),
  };
}
