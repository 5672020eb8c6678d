import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, readlink, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type pg from 'pg';
import type { AppConfig } from '../config/config.js';
import type { SitemapProgress } from '../jobs/sitemaps.js';
import { countryName } from '../rules/countries.js';
import { slugify } from '../rules/slug.js';
import { cancelOnAbort, withTransaction } from '../database/pool.js';

/** Admin spec §9: businesses per sitemap file. */
export const BUSINESSES_PER_SITEMAP = 9000;
/** The sitemap protocol's limit of URLs in one file (categories and cities beyond it are the least popular). */
export const SITEMAP_MAX_URLS = 50_000;
export const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** Admin spec §9: file count = ceiling of businesses / 9000, plus main, categories, countries and cities. */
export function sitemapFileCount(businessCount: number, pageSize = BUSINESSES_PER_SITEMAP): number {
  return Math.ceil(businessCount / pageSize) + 4;
}

/** The public pages that are not a business, category, country or city (public spec §2). */
export const MAIN_PAGES = [
  '/',
  '/businesses',
  '/categories',
  '/countries',
  '/cities',
  '/contact',
  '/privacy-policy',
  '/legal-notice',
  '/terms-of-service',
  '/cookie-policy',
] as const;

export interface SitemapFile {
  /** The public path, e.g. /sitemaps/businesses/page-1.xml. */
  path: string;
  urlCount: number;
}

/** What one generation holds; stored beside its files as manifest.json. */
export interface SitemapManifest {
  generatedAt: string;
  durationMs: number;
  baseUrl: string;
  businessCount: number;
  pageSize: number;
  /** The sitemaps the index (/sitemap.xml) lists, in its order. */
  files: SitemapFile[];
}

/** Absolute base of every <loc>: PUBLIC_URL, else this machine's api (http://localhost:PORT). */
export function sitemapBaseUrl(config: Pick<AppConfig, 'PUBLIC_URL' | 'PORT'>): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&apos;',
  );
}

/** A path of escaped segments: non-ASCII letters of slugs become UTF-8 percent escapes (RFC 3986). */
function pathOf(...segments: string[]): string {
  return '/' + segments.map((s) => encodeURIComponent(s)).join('/');
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

function urlEntry(baseUrl: string, path: string, lastmod: string): string {
  return `<url><loc>${escapeXml(baseUrl + path)}</loc><lastmod>${lastmod}</lastmod></url>\n`;
}

function urlset(entries: string): string {
  return `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}">\n${entries}</urlset>\n`;
}

/** W3C Datetime (the sitemap protocol's lastmod), to the second, in UTC. */
export function w3cDatetime(date: Date): string {
  return date.toISOString().slice(0, 19) + 'Z';
}

const LASTMOD_SQL = `to_char(max(updated_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** Where the files a URL path names live under a generation's folder; null for any other path. */
export function sitemapRelativePath(urlPath: string): string | null {
  if (urlPath === '/sitemap.xml') return 'sitemap.xml';
  const match = /^\/sitemaps\/((?:main|categories|countries|cities)\.xml|businesses\/page-[1-9]\d{0,6}\.xml)$/.exec(
    urlPath,
  );
  return match ? `sitemaps/${match[1]}` : null;
}

/** The folder readers use: a symlink to the newest complete generation, swapped atomically. */
export function currentSitemapsDir(root: string): string {
  return join(root, 'current');
}

export async function readSitemapManifest(root: string): Promise<SitemapManifest | null> {
  try {
    return JSON.parse(await readFile(join(currentSitemapsDir(root), 'manifest.json'), 'utf8')) as SitemapManifest;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export interface GenerateSitemapsOptions {
  /** DATA_DIR/sitemaps: sets are built in building/, kept in generations/, `current` points to the live one. */
  root: string;
  baseUrl: string;
  pageSize?: number;
  now?: Date;
  onProgress?: (progress: SitemapProgress) => unknown;
  /** Stops the generation (a timeout): the statement in flight is interrupted and the partial set removed. */
  signal?: AbortSignal;
}

/**
 * Writes the whole sitemap set from one snapshot of PostgreSQL into a fresh folder, then points `current`
 * at it with a rename (atomic: readers see the old set or the new one, never a mix). Business pages are
 * read 9,000 rows at a time by id (keyset on the approved-id index), so memory stays flat for any size.
 * Older generations beyond the previous one are removed.
 */
export async function generateSitemaps(pool: pg.Pool, options: GenerateSitemapsOptions): Promise<SitemapManifest> {
  const started = Date.now();
  const pageSize = options.pageSize ?? BUSINESSES_PER_SITEMAP;
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > SITEMAP_MAX_URLS) {
    throw new Error(`The sitemap page size ${pageSize} must be a whole number from 1 to ${SITEMAP_MAX_URLS}.`);
  }
  const now = options.now ?? new Date();
  const nowW3c = w3cDatetime(now);
  const base = options.baseUrl.replace(/\/+$/, '');
  // Progress is best effort: a lost update must not fail the generation.
  const report = (progress: SitemapProgress) =>
    Promise.resolve()
      .then(() => options.onProgress?.(progress))
      .catch(() => undefined);
  // Built under building/ and moved into generations/ only when complete, so that the clean-up of old
  // generations never touches a set that another process is still writing.
  const id = `${now.toISOString().replace(/[-:.]/g, '')}-${randomBytes(3).toString('hex')}`;
  const dir = join(options.root, 'building', id);
  await mkdir(join(dir, 'sitemaps', 'businesses'), { recursive: true });

  const files: SitemapFile[] = [];
  const lastmods: string[] = [];
  const write = async (path: string, entries: string, count: number, lastmod: string) => {
    await writeFile(join(dir, sitemapRelativePath(path)!), urlset(entries));
    files.push({ path, urlCount: count });
    lastmods.push(lastmod);
  };
  const newest = (values: string[]) => values.reduce((a, b) => (b > a ? b : a), '') || nowW3c;

  const client = await pool.connect();
  const stopCancelling = cancelOnAbort(pool, client, options.signal);
  let businessCount = 0;
  try {
    options.signal?.throwIfAborted();
    await withTransaction(client, 'begin isolation level repeatable read read only', async () => {
      await report({ phase: 'main', rowsDone: 0 });
      const latest = await client.query<{ lastmod: string | null }>(
        `select ${LASTMOD_SQL} as lastmod from businesses where is_approved`,
      );
      const siteLastmod = latest.rows[0].lastmod ?? nowW3c;
      await write(
        '/sitemaps/main.xml',
        MAIN_PAGES.map((page) => urlEntry(base, page === '/' ? '/' : page, siteLastmod)).join(''),
        MAIN_PAGES.length,
        siteLastmod,
      );

      await report({ phase: 'categories', rowsDone: 0 });
      const categories = await client.query<{ slug: string; lastmod: string }>(
        `select category_slug as slug, ${LASTMOD_SQL} as lastmod from businesses
         where is_approved and category_slug is not null and category_slug <> ''
         group by category_slug order by count(*) desc, category_slug limit ${SITEMAP_MAX_URLS}`,
      );
      await write(
        '/sitemaps/categories.xml',
        categories.rows.map((r) => urlEntry(base, pathOf('categories', r.slug), r.lastmod)).join(''),
        categories.rowCount ?? 0,
        newest(categories.rows.map((r) => r.lastmod)),
      );

      await report({ phase: 'countries', rowsDone: 0 });
      // Named as the country pages name them (api countryLabel): the data's name, else the ISO name, else the code.
      const countries = await client.query<{ code: string; country: string | null; lastmod: string }>(
        `select country_code as code, mode() within group (order by country) as country, ${LASTMOD_SQL} as lastmod
         from businesses where is_approved and country_code is not null and country_code <> ''
         group by country_code order by country_code limit ${SITEMAP_MAX_URLS}`,
      );
      await write(
        '/sitemaps/countries.xml',
        countries.rows
          .map((r) =>
            urlEntry(base, pathOf('countries', slugify(r.country?.trim() || countryName(r.code) || r.code)), r.lastmod),
          )
          .join(''),
        countries.rowCount ?? 0,
        newest(countries.rows.map((r) => r.lastmod)),
      );

      await report({ phase: 'cities', rowsDone: 0 });
      const cities = await client.query<{ code: string; slug: string; lastmod: string }>(
        `select country_code as code, city_slug as slug, ${LASTMOD_SQL} as lastmod from businesses
         where is_approved and country_code is not null and country_code <> '' and city_slug is not null and city_slug <> ''
         group by country_code, city_slug order by count(*) desc, country_code, city_slug limit ${SITEMAP_MAX_URLS}`,
      );
      await write(
        '/sitemaps/cities.xml',
        cities.rows.map((r) => urlEntry(base, pathOf('cities', r.code.toLowerCase(), r.slug), r.lastmod)).join(''),
        cities.rowCount ?? 0,
        newest(cities.rows.map((r) => r.lastmod)),
      );

      const total = await client.query<{ n: string }>('select count(*) as n from businesses where is_approved');
      const rowsTotal = Number(total.rows[0].n);
      await report({ phase: 'businesses', rowsDone: 0, rowsTotal });
      let afterId = 0;
      for (let page = 1; ; page++) {
        const { rows } = await client.query<{ id: string; slug: string; lastmod: string }>(
          `select id, slug, to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as lastmod
           from businesses where is_approved and id > $1 order by id limit $2`,
          [afterId, pageSize],
        );
        if (rows.length === 0) break;
        let entries = '';
        let lastmod = '';
        for (const row of rows) {
          entries += urlEntry(base, pathOf('business', row.slug), row.lastmod);
          if (row.lastmod > lastmod) lastmod = row.lastmod;
        }
        await write(`/sitemaps/businesses/page-${page}.xml`, entries, rows.length, lastmod);
        businessCount += rows.length;
        afterId = Number(rows[rows.length - 1].id);
        await report({ phase: 'businesses', rowsDone: businessCount, rowsTotal });
        options.signal?.throwIfAborted();
        if (rows.length < pageSize) break;
      }
      options.signal?.throwIfAborted();
    });
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    if (options.signal?.aborted) throw options.signal.reason;
    throw error;
  } finally {
    stopCancelling();
    client.release();
  }

  const index = files
    .map((f, i) => `<sitemap><loc>${escapeXml(base + f.path)}</loc><lastmod>${lastmods[i]}</lastmod></sitemap>\n`)
    .join('');
  await writeFile(
    join(dir, 'sitemap.xml'),
    `${XML_HEAD}<sitemapindex xmlns="${SITEMAP_NS}">\n${index}</sitemapindex>\n`,
  );
  const manifest: SitemapManifest = {
    generatedAt: now.toISOString(),
    durationMs: Date.now() - started,
    baseUrl: base,
    businessCount,
    pageSize,
    files,
  };
  await writeFile(join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  await mkdir(join(options.root, 'generations'), { recursive: true });
  await rename(dir, join(options.root, 'generations', id));

  await report({ phase: 'swapping', rowsDone: businessCount, rowsTotal: businessCount });
  await swapCurrent(options.root, id);
  await removeOldGenerations(options.root, id);
  await report({ phase: 'done', rowsDone: businessCount, rowsTotal: businessCount });
  return manifest;
}

/** Points root/current at generations/{id}: a new symlink renamed over the old one (rename is atomic). */
async function swapCurrent(root: string, id: string): Promise<void> {
  const current = currentSitemapsDir(root);
  const next = `${current}.${randomBytes(4).toString('hex')}.tmp`;
  await mkdir(dirname(current), { recursive: true });
  await symlink(join('generations', id), next);
  await rename(next, current);
}

/**
 * Keeps the live generation and the one before it (a reader may still be streaming from it), and removes
 * what a crashed build left in building/ more than a day ago.
 */
async function removeOldGenerations(root: string, liveId: string): Promise<void> {
  const building = join(root, 'building');
  for (const name of await readdir(building).catch(() => [] as string[])) {
    const info = await stat(join(building, name)).catch(() => null);
    if (info && Date.now() - info.mtimeMs > 86_400_000)
      await rm(join(building, name), { recursive: true, force: true });
  }
  const generations = join(root, 'generations');
  const live = (await readlink(currentSitemapsDir(root))).split('/').pop();
  const ids = (await readdir(generations)).filter((name) => name !== live && name !== liveId).sort();
  for (const old of ids.slice(0, -1)) await rm(join(generations, old), { recursive: true, force: true });
}
