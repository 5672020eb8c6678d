import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import { importFile } from '@directory/core';

/** The real exports the relevance suite reads (as CI and a fresh clone beside ../shared have them). */
export const REAL_EXPORTS = join(process.cwd(), '..', 'shared', 'data', 'real');

/** A business as the suite judges hits by: what the index holds of it. */
export interface CorpusBusiness {
  id: number;
  name: string;
  category: string | null;
  type: string | null;
  city: string | null;
  country_code: string | null;
  full_address: string | null;
}

/** Imports every .csv and .xlsx export of `folder` (core's importFile, as an admin upload would). */
export async function importRealExports(pool: pg.Pool, folder = REAL_EXPORTS): Promise<void> {
  if (!existsSync(folder)) {
    throw new Error(
      `The relevance suite needs the real exports in ${folder} (../shared/data/real beside the checkout), and that folder is missing.`,
    );
  }
  const files = readdirSync(folder)
    .filter((f) => /\.(csv|xlsx)$/i.test(f))
    .sort();
  for (const file of files) {
    const client = await pool.connect();
    try {
      await importFile(join(folder, file), client);
    } finally {
      client.release();
    }
  }
}

/** Every approved business, as the queries are made from and hits judged against. */
export async function corpusBusinesses(pool: pg.Pool): Promise<CorpusBusiness[]> {
  const { rows } = await pool.query<CorpusBusiness & { id: string }>(
    `select id, name, nullif(btrim(category), '') as category, nullif(btrim(type), '') as type,
            nullif(btrim(city), '') as city, upper(nullif(btrim(country_code), '')) as country_code, full_address
     from businesses where is_approved order by id`,
  );
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}
