import type { AddressInfo } from 'node:net';
import type { INestApplicationContext } from '@nestjs/common';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { browserSuite, launchChromium } from '../../testing/browser.js';
import { JobQueues } from '../../api/src/jobs/job-queues.js';
import type { FixtureBusiness } from '../../api/src/testing/test-app.js';
import { insertBusinesses, startTestApp, type TestApp } from '../../api/src/testing/test-app.js';
import { startWorker } from '../../api/src/testing/worker.js';
import { WEB_DIST } from '../../api/src/web-app/web-app.module.js';

/**
 * The admin back office's browser suites share this setup: the real api, worker, PostgreSQL and Redis with the
 * businesses below, and one Chromium context that blocks other hosts and accepts downloads.
 */
export const adminSuite = browserSuite('Browser tests', [`${WEB_DIST}/index.html`]);

export const PASSWORD = 'admin-demo-password';

export const BUSINESSES: FixtureBusiness[] = [
  ...Array.from({ length: 22 }, (_, i) => ({
    name: `Alpine Bakery ${String(i + 1).padStart(2, '0')}`,
    slug: `alpine-bakery-${i + 1}`,
    category: 'Bakery',
    city: 'Zürich',
    country: 'Switzerland',
    countryCode: 'CH',
    rating: 3 + (i % 20) / 10,
    reviews: 10 + i,
    placeId: `ChIJ-alpine-${i + 1}`,
  })),
  {
    name: 'Zeta Plumbing',
    slug: 'zeta-plumbing',
    category: 'Plumber',
    city: 'Austin',
    country: 'United States',
    countryCode: 'US',
    rating: 4.9,
    reviews: 300,
  },
  { name: 'Test Business', slug: 'test-business-aaaaaa', category: 'Plumber', countryCode: 'US' },
  { name: 'Test Business', slug: 'test-business-bbbbbb', category: 'Plumber', countryCode: 'US' },
];

/** What a spec of the back office reads once `beforeAll` has run. */
export interface BackOffice {
  t: TestApp;
  worker: INestApplicationContext;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  base: string;
}

/** Registers the suite's hooks and returns the back office with its helpers. */
export function useBackOffice() {
  const office = {} as BackOffice;

  beforeAll(async () => {
    const t = (office.t = await startTestApp());
    await insertBusinesses(t, BUSINESSES);
    office.worker = await startWorker();
    await t.app.listen(0, '127.0.0.1');
    await t.app.get(JobQueues).ready();
    office.base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    office.browser = await launchChromium();
    office.context = await office.browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    await office.context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
    office.page = await office.context.newPage();
  }, 120_000);
  afterAll(async () => {
    await office.browser?.close();
    await office.worker?.close();
    await office.t?.close();
  });

  const toast = (text: string | RegExp) => office.page.locator('.toast').filter({ hasText: text });
  const rows = () => office.page.getByRole('list', { name: 'İşletmeler' }).getByRole('listitem');
  const row = (name: string) => rows().filter({ hasText: name });
  const confirmDialog = () => office.page.getByRole('alertdialog');
  const sql = async (query: string, params: unknown[] = []) => office.t.orm.em.fork().execute(query, params);
  /** Signs the page in through the form (the sign-in itself is tested in session.spec.ts). */
  const signIn = async () => {
    const { page, base } = office;
    await page.goto(`${base}/admin/login`);
    await page.getByLabel('Kullanıcı Adı').fill('admin');
    await page.getByLabel('Şifre', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Giriş Yap' }).click();
    await page.waitForURL(`${base}/admin`);
  };

  return { office, toast, rows, row, confirmDialog, sql, signIn };
}
