import { readdir, readFile, readlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Queue, QueueEvents } from 'bullmq';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import pg from 'pg';
import {
  QUEUES,
  requestSitemapRegeneration,
  SITEMAP_JOBS,
  SITEMAP_NS,
  type SitemapManifest,
  sitemapFileCount,
  slugify,
} from '@directory/core';
import { createWorkerHarness, type WorkerHarness } from '../testing/worker-harness.js';

const BASE = 'https://directory.example';
const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;
const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'url' || name === 'sitemap' });

/**
 * Checks one file against the sitemap protocol's structure (sitemaps.org 0.9): well-formed XML in UTF-8, the
 * root element in the protocol's namespace, only loc/lastmod children, absolute http(s) locs of at most 2,048
 * characters on this site, W3C lastmods, at most 50,000 entries and 50 MB. Returns the locs.
 */
function validSitemap(xml: string, root: 'urlset' | 'sitemapindex'): string[] {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  expect(XMLValidator.validate(xml)).toBe(true);
  expect(Buffer.byteLength(xml)).toBeLessThanOrEqual(50 * 1024 * 1024);
  const doc = parser.parse(xml);
  expect(Object.keys(doc).filter((k) => k !== '?xml')).toEqual([root]);
  expect(doc[root]['@_xmlns']).toBe(SITEMAP_NS);
  const entries: Record<string, string>[] = doc[root][root === 'urlset' ? 'url' : 'sitemap'] ?? [];
  expect(entries.length).toBeLessThanOrEqual(50_000);
  return entries.map((entry) => {
    expect(Object.keys(entry).sort()).toEqual(['lastmod', 'loc']);
    const loc = new URL(entry.loc);
    expect(loc.origin).toBe(BASE);
    expect(entry.loc).toBe(loc.href);
    expect(entry.loc.length).toBeLessThanOrEqual(2048);
    expect(entry.lastmod).toMatch(W3C_DATETIME);
    return entry.loc;
  });
}

describe('sitemap jobs (real PostgreSQL, Redis and worker module)', () => {
  let harness: WorkerHarness;
  let database: WorkerHarness['database'];
  let dataDir: string;
  let queue: Queue;
  let events: QueueEvents;
  let db: pg.Client;
  const current = () => join(dataDir, 'sitemaps', 'current');
  const read = (path: string) => readFile(join(current(), path), 'utf8');
  const generate = async (pageSize?: number): Promise<SitemapManifest> => {
    const job = await queue.add(SITEMAP_JOBS.generate, pageSize ? { pageSize } : {});
    return job.waitUntilFinished(events, 60_000);
  };

  beforeAll(async () => {
    harness = await createWorkerHarness({ dataDirPrefix: 'directory-sitemaps-' });
    ({ database } = harness);
    dataDir = harness.dataDir!;
    process.env.PUBLIC_URL = `${BASE}/`;
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const insert = (name: string, slug: string, category: string, city: string, code: string, country: string) =>
      db.query(
        `insert into businesses (name, slug, category, category_slug, city, city_slug, country_code, country)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [name, slug, category, slugify(category), city, slugify(city), code, country],
      );
    for (let n = 1; n <= 23; n++) {
      await insert(`Shop ${n}`, `shop-${n}-zurich-aaa${String(n).padStart(3, '0')}`, 'Café & Bar', 'Zürich', 'CH', '');
    }
    await insert('Ветеринар', 'ветеринар-београд-abc123', 'Ветеринар', 'Београд', 'RS', 'Serbia');
    await insert('Joe', 'joe-new-york-def456', 'Plumber', 'New York', 'US', 'United States of America');
    await db.query(
      `insert into businesses (name, slug, is_approved) values ('Hidden 1', 'hidden-1', false), ('Hidden 2', 'hidden-2', false)`,
    );
    await harness.start();
    queue = harness.queue(QUEUES.sitemaps);
    events = await harness.events(QUEUES.sitemaps);
  });

  afterAll(async () => {
    delete process.env.PUBLIC_URL;
    await queue?.obliterate({ force: true }).catch(() => undefined);
    await db?.end();
    await harness?.close();
  });

  it('writes the index, the four lists and the business pages, approved businesses only', async () => {
    const manifest = await generate(10);
    expect(manifest).toMatchObject({ businessCount: 25, pageSize: 10, baseUrl: BASE });
    expect(manifest.files).toEqual([
      { path: '/sitemaps/main.xml', urlCount: 10 },
      { path: '/sitemaps/categories.xml', urlCount: 3 },
      { path: '/sitemaps/countries.xml', urlCount: 3 },
      { path: '/sitemaps/cities.xml', urlCount: 3 },
      { path: '/sitemaps/businesses/page-1.xml', urlCount: 10 },
      { path: '/sitemaps/businesses/page-2.xml', urlCount: 10 },
      { path: '/sitemaps/businesses/page-3.xml', urlCount: 5 },
    ]);
    expect(manifest.files).toHaveLength(sitemapFileCount(25, 10));

    const index = validSitemap(await read('sitemap.xml'), 'sitemapindex');
    expect(index).toEqual(manifest.files.map((f) => BASE + f.path));
    const businesses: string[] = [];
    for (const file of manifest.files) {
      const locs = validSitemap(await read(file.path.slice(1)), 'urlset');
      expect(locs).toHaveLength(file.urlCount);
      if (file.path.startsWith('/sitemaps/businesses/')) businesses.push(...locs);
    }
    expect(businesses).toHaveLength(25);
    expect(new Set(businesses).size).toBe(25);
    expect(businesses).toContain(`${BASE}/business/${encodeURIComponent('ветеринар-београд-abc123')}`);
    expect(businesses.some((loc) => loc.includes('hidden'))).toBe(false);
  });

  it('addresses categories, countries and cities as the web app does, escaped', async () => {
    const categories = validSitemap(await read('sitemaps/categories.xml'), 'urlset');
    expect(categories[0]).toBe(`${BASE}/categories/caf%C3%A9-%26-bar`);
    expect(categories).toContain(`${BASE}/categories/${encodeURIComponent('ветеринар')}`);
    expect(validSitemap(await read('sitemaps/countries.xml'), 'urlset')).toEqual([
      `${BASE}/countries/switzerland`,
      `${BASE}/countries/serbia`,
      `${BASE}/countries/united-states-of-america`,
    ]);
    expect(validSitemap(await read('sitemaps/cities.xml'), 'urlset')).toEqual([
      `${BASE}/cities/ch/z%C3%BCrich`,
      `${BASE}/cities/rs/${encodeURIComponent('београд')}`,
      `${BASE}/cities/us/new-york`,
    ]);
    expect(validSitemap(await read('sitemaps/main.xml'), 'urlset')).toContain(`${BASE}/privacy-policy`);
  });

  it('puts 9,000 businesses in a file by default', async () => {
    const manifest = await generate();
    expect(manifest.pageSize).toBe(9000);
    expect(manifest.files.map((f) => f.path)).toEqual([
      '/sitemaps/main.xml',
      '/sitemaps/categories.xml',
      '/sitemaps/countries.xml',
      '/sitemaps/cities.xml',
      '/sitemaps/businesses/page-1.xml',
    ]);
  });

  it('swaps a new generation in atomically and keeps only the previous one besides', async () => {
    const first = await readlink(current());
    await generate(10);
    const second = await readlink(current());
    expect(second).not.toBe(first);
    await generate(10);
    const third = await readlink(current());
    const kept = await readdir(join(dataDir, 'sitemaps', 'generations'));
    expect(kept.sort()).toEqual([second, third].map((p) => p.split('/').pop()).sort());
    expect(JSON.parse(await read('manifest.json')).businessCount).toBe(25);
  });

  it('debounces regeneration requests into one pending job', async () => {
    const a = await requestSitemapRegeneration(queue, { delayMs: 60_000 });
    const b = await requestSitemapRegeneration(queue, { delayMs: 60_000 });
    expect(b.id).toBe(a.id);
    // Besides the daily schedule's next run, one pending regeneration.
    const pending = (await queue.getDelayed()).filter((job) => !job.repeatJobKey);
    expect(pending.map((job) => job.id)).toEqual([a.id]);
    // "Regenerate now" brings the pending one forward instead of adding another.
    const now = await requestSitemapRegeneration(queue, { delayMs: 0 });
    expect(now.id).toBe(a.id);
    const manifest = await now.waitUntilFinished(events, 60_000);
    expect(manifest.businessCount).toBe(25);
  });

  it('stops a generation that runs past its time limit and keeps the previous sitemaps online', async () => {
    const before = await readlink(current());
    // An open transaction holding businesses exclusively makes the generation wait in its first statement.
    const blocker = new pg.Client({ connectionString: database.url });
    await blocker.connect();
    await blocker.query('begin');
    await blocker.query('lock table businesses in access exclusive mode');
    try {
      const job = await queue.add(SITEMAP_JOBS.generate, { timeoutMs: 500 }, { attempts: 3 });
      await expect(job.waitUntilFinished(events, 30_000)).rejects.toThrow(
        'The sitemap generation took longer than 0.5 seconds and was stopped; the previous sitemaps stay online.',
      );
      expect((await queue.getJob(job.id!))!.attemptsMade).toBe(1);
    } finally {
      await blocker.query('rollback');
      await blocker.end();
    }
    expect(await readlink(current())).toBe(before);
    expect(await readdir(join(dataDir, 'sitemaps', 'building')).catch(() => [])).toEqual([]);
  });

  it('fails an unknown job with a sentence', async () => {
    const job = await queue.add('no-such-job', {}, { attempts: 1 });
    await expect(job.waitUntilFinished(events, 30_000)).rejects.toThrow('Unknown sitemap job "no-such-job".');
  });
});
