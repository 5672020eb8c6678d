import type { Page } from 'playwright-core';
import { eventually } from '../../testing/eventually.js';
import { startWorker } from '../../api/src/testing/worker.js';
import pg from 'pg';
import { csvOf, holdPlaceId, importIsWaitingForLock } from '../../worker/src/imports/import-testing.js';
import { requestSitemapRegeneration } from '@directory/core';
import { JobQueues } from '../../api/src/jobs/job-queues.js';
import { adminSuite, useBackOffice } from './back-office.js';

/**
 * The jobs centre (issue 34) in Chromium against the real api, worker, PostgreSQL and Redis: a running import's
 * determinate percentage, after a reload too, on the upload page after leaving it, the header's count, the
 * toast at its end, and the worker light when no worker is alive.
 */
adminSuite('the admin back office in a browser: the jobs centre', () => {
  const { office, toast, sql, signIn } = useBackOffice();
  let page: Page, base: string;
  beforeAll(async () => {
    page = office.page;
    base = office.base;
    await signIn();
  });

  const job = () => page.getByRole('list', { name: 'İş Merkezi' }).getByRole('listitem', { name: /jobs-centre\.csv/ });
  const percentOf = async (item: ReturnType<typeof job>) =>
    Number(await item.locator('progress').evaluate((el) => (el as unknown as { value: number }).value));

  it('shows a running import’s percentage live, after leaving the page and after a reload, then its end', async () => {
    // 20,000 rows (about 1.3 MB, several reads of the file); row 10,000 is held by another transaction, so the
    // import stops half-way until it is released.
    const held = await holdPlaceId(process.env.DATABASE_URL!, 'e2ejc-10000');
    let released = false;
    try {
      await page.goto(`${base}/admin/upload`);
      await page
        .getByLabel(/Dosya seçin/)
        .setInputFiles([
          { name: 'jobs-centre.csv', mimeType: 'text/csv', buffer: Buffer.from(csvOf(20_000, 'e2ejc')) },
        ]);
      await page.getByLabel('Toplu işlem boyutu').selectOption('100');
      await page.getByRole('button', { name: /Yüklemeyi Başlat/ }).click();

      // The header, on any admin page, counts it; the jobs centre shows how far it is.
      await page.getByRole('link', { name: /^\d+ iş çalışıyor$/ }).waitFor({ timeout: 30_000 });
      await page
        .getByRole('navigation', { name: 'Yönetim menüsü' })
        .getByRole('link', { name: /İş Merkezi/ })
        .click();
      await page.waitForURL(`${base}/admin/jobs`);
      await job().getByText('Çalışıyor', { exact: true }).waitFor();
      // Until the import waits for the held row and its reading ahead has filled: then its percentage stays.
      await eventually(async () => {
        const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await db.connect();
        try {
          expect(await importIsWaitingForLock(db)).toBe(true);
        } finally {
          await db.end();
        }
      }, 30_000);
      let percent = 0;
      await eventually(async () => {
        const before = await percentOf(job());
        await new Promise((resolve) => setTimeout(resolve, 3000));
        percent = await percentOf(job());
        expect(percent).toBeGreaterThan(10);
        expect(percent).toBe(before);
      }, 30_000);
      expect(percent).toBeLessThan(100);
      const text = await job().locator('.job-progress-text').innerText();
      expect(text).toMatch(/^Kaydediliyor · %\d+ · [\d.]+ satır · [\d,]+ (KB|MB) \/ 1,\d MB/);
      expect(await job().getByText('Başlatan: admin').count()).toBe(1);
      expect(await job().getByRole('button', { name: 'İptal et' }).count()).toBe(1);

      // A reload reads the list again: the same import, as far as it was.
      await page.reload();
      await job().getByText('Çalışıyor', { exact: true }).waitFor();
      expect(await percentOf(job())).toBe(percent);
      await page.getByRole('link', { name: /^\d+ iş çalışıyor$/ }).waitFor();

      // Coming back to the upload page shows the import that runs, rather than "nothing selected".
      await page.goto(`${base}/admin/upload`);
      const running = page.getByRole('list', { name: 'Süren içe aktarmalar' }).getByRole('listitem');
      await running.filter({ hasText: 'jobs-centre.csv' }).waitFor();
      expect(await percentOf(running.first())).toBe(percent);

      await held.release();
      released = true;
      await toast('İçe aktarma tamamlandı')
        .filter({ hasText: '20000 satır: 20000 yeni, 0 güncellendi, 0 atlandı, 0 reddedildi.' })
        .waitFor({ timeout: 60_000 });
      await running.first().getByText('Tamamlandı', { exact: true }).waitFor();
      expect(await sql(`select count(*)::int as n from businesses where place_id like 'e2ejc-%'`)).toEqual([
        { n: 20_000 },
      ]);
      await page.getByRole('link', { name: 'Çalışan iş yok' }).waitFor();
    } finally {
      if (!released) await held.release();
    }
  });

  it('turns the worker light red with a sentence when no worker is alive, green again when one is', async () => {
    await page.goto(`${base}/admin/jobs`);
    await page.locator('.admin-topbar .worker-health[data-state="up"]').waitFor();
    // A worker stops once its running job ends: the search sync of the import above (20,000 businesses, 40,000 ids
    // in the outbox) takes over a minute on a slow host, so it is waited for first.
    await eventually(
      async () => expect(Number((await sql('select count(*) as n from search_outbox'))[0].n)).toBe(0),
      180_000,
    );
    await office.worker.close();
    try {
      // The stopped worker removed its heartbeat; the next read of the list (a reload here) says so.
      await page.reload();
      const alert = page.locator('.admin-topbar .worker-health[data-state="down"]');
      await alert.waitFor();
      expect(await alert.innerText()).toBe(
        'Çalışan worker yok: işler sırada bekliyor ve başlamayacak. Sunucuda worker sürecini başlatın.',
      );
    } finally {
      office.worker = await startWorker();
    }
    await page.reload();
    await page.locator('.admin-topbar .worker-health[data-state="up"]').waitFor();
  }, 240_000);

  it('shows "Error loading application" with a reload when a screen’s code fails to load, and 404 elsewhere', async () => {
    await page.goto(`${base}/admin`);
    // A tab left open across a deploy: the screen's chunk is gone.
    const gone = /\/assets\/Settings-[\w-]+\.js$/;
    await page.route(gone, (route) => route.abort());
    await page.getByRole('navigation', { name: 'Yönetim menüsü' }).getByRole('link', { name: 'Site Ayarları' }).click();
    const screen = page.getByRole('alert').filter({ hasText: 'Error loading application' });
    await screen.waitFor();
    expect(await screen.innerText()).toContain('Yönetim paneli yüklenemedi.');
    // The layout stays: the menu still leads elsewhere; the reload loads the screen once its file is there.
    expect(await page.getByRole('navigation', { name: 'Yönetim menüsü' }).isVisible()).toBe(true);
    await page.unroute(gone);
    await screen.getByRole('button', { name: 'Sayfayı yenile' }).click();
    await page.getByRole('heading', { name: 'Site Ayarları', level: 1 }).waitFor();

    // Every screen's chunk loads (the synonyms screen too, which came with the merge of main).
    const synonyms = await page.goto(`${base}/admin/search`);
    expect(synonyms?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Arama Eş Anlamları', level: 1 }).waitFor();
    // The category merges screen: a translation merged into its category, listed, and its job queued.
    expect((await page.goto(`${base}/admin/categories`))?.status()).toBe(200);
    const form = page.getByRole('form', { name: 'Kategori birleştir' });
    await form.getByLabel('Kategori yazımı').fill('Bäckerei');
    await form.getByLabel('Hedef kategori').fill('Bakery');
    await form.getByRole('button', { name: 'Birleştir' }).click();
    const merges = page.getByRole('table', { name: 'Kategori birleştirmeleri' });
    await merges.getByRole('cell', { name: 'Bäckerei', exact: true }).waitFor();
    expect(await merges.getByRole('row').nth(1).innerText()).toContain('Bakery');

    const unknown = await page.goto(`${base}/admin/no-such-screen`);
    expect(unknown?.status()).toBe(404);
    await page.getByText('The page you are looking for does not exist.').waitFor();
  });

  it('lists past exports with their selection and a download, and regenerates sitemaps now', async () => {
    const started = await page.request.post(`${base}/api/admin/exports`, {
      data: { fields: ['name', 'phone'], countryCode: 'CH', categories: ['Bakery'] },
    });
    expect(started.status()).toBe(202);
    const { fileName } = (await started.json()) as { fileName: string };
    await page.goto(`${base}/admin/jobs`);
    const history = page.getByRole('list', { name: 'Dışa Aktarma Geçmişi' }).getByRole('listitem', { name: fileName });
    await history.getByRole('link', { name: 'İndir' }).waitFor({ timeout: 30_000 });
    expect(await history.innerText()).toMatch(/CH · 1 kategori \(Bakery\) · Tüm zamanlar · 2 alan/);
    expect(await history.innerText()).toMatch(/22 satır · [\d,]+ (B|KB) · .* tarihine kadar indirilebilir/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      history.getByRole('link', { name: 'İndir' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(fileName);

    // A regeneration an import asked for waits a minute; "Yeniden Oluştur" runs one now and says when it is done.
    await requestSitemapRegeneration(office.t.app.get(JobQueues).queue('sitemaps'));
    await page.goto(`${base}/admin/settings`);
    await page.getByRole('button', { name: 'Yeniden Oluştur', exact: true }).click();
    await toast('Site haritası hazır').waitFor({ timeout: 15_000 });
  });
});
