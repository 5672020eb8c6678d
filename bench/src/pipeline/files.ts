import { createWriteStream, existsSync, renameSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { type BusinessRow, demoBusiness } from '@directory/core';

/**
 * The import files of the pipeline bench: businesses of the demo generator (deterministic: the same
 * numbers give the same rows on every machine), written as a Google-Maps (Outscraper) export would be,
 * under its column names. Every 50th row has no place id (so the name+address rule runs too) and every
 * 100th repeats the place id of the row before (a duplicate inside the file, as real exports have).
 */

/** The columns of the generated files: Outscraper names, each mapped by core's column mapping. */
const COLUMNS: [header: string, field: keyof BusinessRow][] = [
  ['name', 'name'],
  ['place_id', 'place_id'],
  ['category', 'category'],
  ['subtypes', 'type'],
  ['full_address', 'full_address'],
  ['street', 'street'],
  ['city', 'city'],
  ['postal_code', 'postal_code'],
  ['country', 'country'],
  ['country_code', 'country_code'],
  ['phone', 'phone'],
  ['latitude', 'latitude'],
  ['longitude', 'longitude'],
  ['rating', 'rating'],
  ['reviews', 'reviews'],
  ['reviews_link', 'reviews_link'],
  ['photo', 'photo'],
  ['logo', 'logo'],
  ['located_in', 'located_in'],
  ['working_hours', 'working_hours'],
  ['verified', 'verified'],
  ['about', 'about'],
  ['site', 'url'],
];

/** Demo business numbers start here, away from those `npm start` seeds. */
const FIRST = 5_000_000;

/** Row `i` of a generated file (0-based). */
export function generatedRow(i: number): BusinessRow {
  const row = demoBusiness(FIRST + i);
  if (i % 50 === 7) row.place_id = null;
  else if (i % 100 === 99) row.place_id = `demo-${FIRST + i - 1}`;
  return row;
}

const csvCell = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

async function writeAtomically(path: string, write: (partial: string) => Promise<void>): Promise<void> {
  const partial = `${path}.partial`;
  await write(partial);
  renameSync(partial, path);
}

/** A CSV of `rows` generated businesses (kept and reused: generating a million takes a while). */
export async function generatedCsv(dir: string, rows: number, log: (line: string) => void): Promise<string> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, `businesses-${rows}.csv`);
  if (existsSync(path)) {
    log(`  reusing ${path} (${mb(statSync(path).size)})`);
    return path;
  }
  const started = performance.now();
  await writeAtomically(path, async (partial) => {
    const out = createWriteStream(partial);
    let chunk = `${COLUMNS.map(([header]) => header).join(',')}\n`;
    for (let i = 0; i < rows; i++) {
      const row = generatedRow(i);
      chunk += `${COLUMNS.map(([, field]) => csvCell(row[field])).join(',')}\n`;
      if (chunk.length > 1 << 20) {
        if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
        chunk = '';
      }
    }
    out.end(chunk);
    await new Promise<void>((resolve, reject) => out.on('finish', () => resolve()).on('error', reject));
  });
  log(`  wrote ${path} (${mb(statSync(path).size)}) in ${seconds(started)}`);
  return path;
}

/**
 * An .xlsx of `rows` generated businesses, written as Excel writes one: strings in the shared-strings
 * table, numbers and booleans typed (exceljs' streaming writer, so the bench's own memory stays flat).
 */
export async function generatedXlsx(dir: string, rows: number, log: (line: string) => void): Promise<string> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, `businesses-${rows}.xlsx`);
  if (existsSync(path)) {
    log(`  reusing ${path} (${mb(statSync(path).size)})`);
    return path;
  }
  const started = performance.now();
  await writeAtomically(path, async (partial) => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: partial, useSharedStrings: true });
    const sheet = workbook.addWorksheet('Businesses');
    sheet.addRow(COLUMNS.map(([header]) => header)).commit();
    for (let i = 0; i < rows; i++) {
      const row = generatedRow(i);
      sheet.addRow(COLUMNS.map(([, field]) => row[field] ?? null)).commit();
    }
    sheet.commit();
    await workbook.commit();
  });
  log(`  wrote ${path} (${mb(statSync(path).size)}) in ${seconds(started)}`);
  return path;
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
