import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { INestApplicationContext } from '@nestjs/common';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { browserSuite, launchChromium } from '../testing/browser.js';
import { eventually } from '../testing/eventually.js';
import { JobQueues } from '../api/src/jobs/job-queues.js';
import type { FixtureBusiness } from '../api/src/testing/test-app.js';
import { insertBusinesses, startTestApp, type TestApp } from '../api/src/testing/test-app.js';
import { startWorker } from '../api/src/testing/worker.js';
import { WEB_DIST } from '../api/src/web-app/web-app.module.js';

/**
 * The admin back office in a real browser against the real api, worker, PostgreSQL and Redis: sign-in
 * decided by the server, the dashboard's figures, the business list and its row and bulk actions, an
 * upload with its live report, an export downloaded as CSV, settings and ads saved and seen on public pages,
 * sign-out, the 360 px layout, and the admin bundle kept away from public pages.
 */
const suite = browserSuite('Browser tests', [`${WEB_DIST}/index.html`]);

const PASSWORD = 'admin-demo-password';

const BUSINESSES: FixtureBusiness[] = [
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

suite('the admin back office in a browser', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let base: string;

  beforeAll(async () => {
    t = await startTestApp();
    await insertBusinesses(t, BUSINESSES);
    worker = await startWorker();
    await t.app.listen(0, '127.0.0.1');
    await t.app.get(JobQueues).ready();
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
    page = await context.newPage();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await worker?.close();
    await t?.close();
  });

  const toast = (text: string | RegExp) => page.locator('.toast').filter({ hasText: text });
  const rows = () => page.getByRole('list', { name: 'İşletmeler' }).getByRole('listitem');
  const row = (name: string) => rows().filter({ hasText: name });
  const confirmDialog = () => page.getByRole('alertdialog');
  const sql = async (query: string, params: unknown[] = []) => t.orm.em.fork().execute(query, params);

  it('sends a visitor without the flag to the sign-in page and keeps the admin bundle off public pages', async () => {
    const scripts: string[] = [];
    const visitor = await context.newPage();
    visitor.on('request', (request) => scripts.push(request.url()));
    await visitor.goto(`${base}/`);
    await visitor.getByRole('navigation', { name: 'Main' }).waitFor();
    await visitor.waitForLoadState('networkidle');
    expect(scripts.some((url) => /\/assets\/index-.*\.js$/.test(url))).toBe(true);
    expect(scripts.filter((url) => /\/assets\/admin-.*\.js$/.test(url))).toEqual([]);

    await visitor.goto(`${base}/admin/dashboard`);
    await visitor.waitForURL(`${base}/admin/login`);
    expect(scripts.some((url) => /\/assets\/admin-.*\.js$/.test(url))).toBe(true);
    // The public navigation is hidden on admin paths; unknown admin paths show the public not-found page.
    expect(await visitor.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await visitor.goto(`${base}/admin/no-such-screen`);
    await visitor.getByRole('heading', { name: '404 — Page not found' }).waitFor();
    await visitor.close();
  });

  it('signs in: a wrong password is refused with the spec text, the right one opens the admin home', async () => {
    await page.goto(`${base}/admin/login`);
    const submit = page.getByRole('button', { name: 'Giriş Yap' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Kullanıcı Adı').fill('admin');
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Şifre', { exact: true }).fill('not-the-password');
    await submit.click();
    await toast('Invalid Login').filter({ hasText: 'Username or password is incorrect' }).waitFor();
    expect(page.url()).toBe(`${base}/admin/login`);
    expect(await page.evaluate<string | null>("localStorage.getItem('adminAuth')")).toBeNull();

    await page.getByLabel('Şifre', { exact: true }).fill(PASSWORD);
    await submit.click();
    await page.waitForURL(`${base}/admin`);
    await toast('Welcome').waitFor();
    await page.getByRole('heading', { name: 'Hoş geldiniz, admin' }).waitFor();
    expect(await page.evaluate<string | null>("localStorage.getItem('adminAuth')")).toBe('true');
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'admin_session')).toMatchObject({ httpOnly: true, sameSite: 'Strict' });

    await page.goto(`${base}/admin-legacy`);
    await page.waitForURL(`${base}/admin`);
  });

  it('lets the server decide: the stored flag without a session ends at the sign-in page, flag cleared', async () => {
    const stranger = await browser.newContext();
    const other = await stranger.newPage();
    await other.goto(`${base}/admin/login`);
    await other.evaluate("localStorage.setItem('adminAuth', 'true')");
    await other.goto(`${base}/admin/dashboard`);
    await other.waitForURL(`${base}/admin/login`);
    await eventually(async () =>
      expect(await other.evaluate<string | null>("localStorage.getItem('adminAuth')")).toBeNull(),
    );
    await stranger.close();
  });

  it('shows the dashboard with real figures', async () => {
    // A visitor of the public site, counted by the api.
    const visitor = await browser.newPage();
    await visitor.goto(`${base}/categories`);
    await visitor.getByRole('navigation', { name: 'Main' }).waitFor();
    await visitor.waitForLoadState('networkidle');
    await visitor.close();

    await page.getByRole('navigation', { name: 'Yönetim menüsü' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL(`${base}/admin/dashboard`);
    const card = (label: string) => page.locator('.stat-card').filter({ hasText: label });
    await eventually(async () => expect(await card('Toplam İşletme').locator('.stat-value').innerText()).toBe('25'));
    expect(await card('Aktif Kategori').locator('.stat-value').innerText()).toBe('2');
    await eventually(async () =>
      expect(Number(await card('Günlük Ziyaretçi').locator('.stat-value').innerText())).toBeGreaterThanOrEqual(1),
    );
    await eventually(async () => expect(await card('Sistem Performansı').innerText()).toMatch(/CPU %[\d,]+/));
    for (const meter of ['CPU', 'Bellek', 'Disk']) {
      const value = Number(await page.getByRole('meter', { name: meter }).getAttribute('aria-valuenow'));
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(100);
    }
    expect(await page.getByTestId('uptime').innerText()).toMatch(/\d+ (sn|dk)/);
    const top = page.locator('.share-list li');
    expect(await top.count()).toBe(2);
    expect(await top.first().innerText()).toMatch(/Bakery/);
    expect(await top.first().getByRole('meter').getAttribute('aria-valuenow')).toBe('88');
  });

  it('searches, sorts and pages the business list, toggles approval, edits and deletes a business', async () => {
    await page
      .getByRole('navigation', { name: 'Yönetim menüsü' })
      .getByRole('link', { name: /İşletmeler/ })
      .click();
    await page.waitForURL(`${base}/admin/businesses`);
    await eventually(async () => expect(await rows().count()).toBe(20));
    expect(await page.locator('.result-line').innerText()).toMatch(/^25 işletme · sayfa 1 \/ 2/);
    const first = await rows().first().innerText();
    expect(first).toMatch(/ID: \d+/);
    expect(first).toMatch(/Slug: /);
    expect(first).toMatch(/Telefon bilgisi yok/);
    expect(first).toMatch(/Adres bilgisi yok/);

    // Sort by name ascending, then flip to descending.
    const byName = page.getByRole('group', { name: 'Sırala' }).getByRole('button', { name: /^Ad/ });
    expect(await byName.getAttribute('aria-pressed')).toBe('false');
    await byName.click();
    await eventually(async () => expect(await rows().first().innerText()).toMatch(/^Alpine Bakery 01/));
    expect(await byName.getAttribute('aria-pressed')).toBe('true');
    expect(await byName.textContent()).toBe('Ad ↑ (artan)');
    await byName.click();
    await eventually(async () => expect(await rows().first().innerText()).toMatch(/^Zeta Plumbing/));
    expect(await byName.textContent()).toBe('Ad ↓ (azalan)');

    // Pager: page 2 holds the rest.
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: '2' }).click();
    await eventually(async () => expect(await rows().count()).toBe(5));

    // Search (debounced) and category both start again at page 1.
    await page.getByLabel('İşletme ara').fill('zeta');
    await eventually(async () => expect(await rows().count()).toBe(1));
    expect(await page.locator('.result-line').innerText()).toMatch(/^1 işletme · sayfa 1 \/ 1/);
    await page.getByLabel('İşletme ara').fill('no such business');
    await page.getByText('İşletme bulunamadı').waitFor();
    await page.getByLabel('İşletme ara').fill('');
    await page.getByLabel('Kategori', { exact: true }).selectOption('Plumber');
    await eventually(async () => expect(await rows().count()).toBe(3));
    await page.getByLabel('Kategori', { exact: true }).selectOption('all');

    // Approval toggle: the business leaves the public site.
    await page.getByLabel('İşletme ara').fill('zeta');
    await eventually(async () => expect(await rows().count()).toBe(1));
    await page.getByRole('button', { name: 'Onayı kaldır: Zeta Plumbing' }).click();
    await toast('İşletmenin onayı kaldırıldı').waitFor();
    await row('Zeta Plumbing').getByText('Onay bekliyor').waitFor();
    const hidden = await page.request.get(`${base}/api/businesses/zeta-plumbing`);
    expect(hidden.status()).toBe(404);
    await page.getByRole('button', { name: 'Onayla: Zeta Plumbing' }).click();
    await row('Zeta Plumbing').getByText('Onaylı').waitFor();

    // Edit, validated in the form, saved, and seen on the public page.
    await page.getByRole('button', { name: 'Düzenle: Zeta Plumbing' }).click();
    const dialog = page.getByRole('dialog', { name: 'İşletmeyi Düzenle' });
    const name = dialog.getByLabel('İşletme adı');
    await name.waitFor();
    expect(await name.inputValue()).toBe('Zeta Plumbing');
    expect(await page.evaluate<string | null>("document.activeElement?.getAttribute('name')")).toBe('name');
    await dialog.getByLabel('Puan (0–5)').fill('7');
    await dialog.getByLabel('Ülke kodu').fill('USA');
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await dialog.getByText('Puan 0 ile 5 arasında bir sayı olmalıdır.').waitFor();
    await dialog.getByText('Ülke kodu iki harf olmalıdır (ör. TR).').waitFor();
    await dialog.getByLabel('Puan (0–5)').fill('4.7');
    await dialog.getByLabel('Ülke kodu').fill('us');
    await name.fill('Zeta Plumbing & Heating');
    await dialog.getByLabel('Şehir').fill('Dallas');
    await dialog.getByLabel('Telefon').fill('+1 512 555 0100');
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await toast('İşletme güncellendi').waitFor();
    await eventually(async () => expect(await rows().first().innerText()).toMatch(/^Zeta Plumbing & Heating/));
    expect(await rows().first().innerText()).toMatch(/\+1 512 555 0100/);
    const edited = await (await page.request.get(`${base}/api/businesses/zeta-plumbing`)).json();
    expect(edited).toMatchObject({ name: 'Zeta Plumbing & Heating', city: 'Dallas', rating: 4.7, countryCode: 'US' });

    // Delete one, after the spec's confirmation (cancel first, then confirm).
    await page.getByRole('button', { name: 'Sil: Zeta Plumbing & Heating' }).click();
    await confirmDialog().getByText('Are you sure you want to delete "Zeta Plumbing & Heating"?').waitFor();
    await confirmDialog().getByRole('button', { name: 'Vazgeç' }).click();
    expect(await rows().count()).toBe(1);
    await page.getByRole('button', { name: 'Sil: Zeta Plumbing & Heating' }).click();
    await confirmDialog().getByRole('button', { name: 'Sil', exact: true }).click();
    await toast('Business Deleted').waitFor();
    await page.getByText('İşletme bulunamadı').waitFor();
    expect(await sql(`select 1 from businesses where slug = 'zeta-plumbing'`)).toEqual([]);
    await page.getByLabel('İşletme ara').fill('');
  });

  it('deletes the test data after a Turkish confirmation and runs the slug fix', async () => {
    await page.getByRole('button', { name: 'Test Verilerini Sil' }).click();
    await confirmDialog()
      .getByText(/"Test Business" adlı tüm test işletmeleri silinecek/)
      .waitFor();
    await confirmDialog().getByRole('button', { name: 'Test verilerini sil' }).click();
    await toast('Test verileri silindi').filter({ hasText: '2 test işletmesi silindi.' }).waitFor();
    expect(await sql(`select 1 from businesses where name = 'Test Business'`)).toEqual([]);

    await sql(`update businesses set slug = 'alpine-bakery-zurich-1699999999999' where slug = 'alpine-bakery-1'`);
    await page.getByRole('button', { name: "URL'leri Düzelt" }).click();
    await confirmDialog()
      .getByText(/Zaman damgalı uzun URL'ler/)
      .waitFor();
    await confirmDialog().getByRole('button', { name: "URL'leri düzelt" }).click();
    await page.getByRole('button', { name: 'Düzeltiliyor...' }).waitFor();
    await toast("URL'ler düzeltildi").filter({ hasText: '1 URL düzeltildi' }).waitFor({ timeout: 30_000 });
    const [{ slug }] = await sql(`select slug from businesses where place_id = 'ChIJ-alpine-1'`);
    expect(slug).not.toMatch(/1699999999999/);
  });

  it('uploads a CSV built here: live progress, the per-file report, and the refreshed list and dashboard', async () => {
    await page.getByRole('navigation', { name: 'Yönetim menüsü' }).getByRole('link', { name: 'Excel Yükleme' }).click();
    await page.waitForURL(`${base}/admin/upload`);

    // The sample template is made in the browser with the spec's ten columns.
    const [template] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Örnek Şablon İndir' }).click(),
    ]);
    const templateText = await readFile((await template.path())!, 'utf8');
    expect(templateText.split('\r\n')[0]).toBe(
      '\ufeffname,address,phone,category,latitude,longitude,rating,reviewCount,place_id,country_code',
    );

    const frames: string[] = [];
    page.on('websocket', (socket) => {
      if (socket.url().includes('/socket.io/'))
        socket.on('framereceived', (frame) => frames.push(String(frame.payload)));
    });
    const csv = [
      'name,address,phone,category,latitude,longitude,rating,reviewCount,place_id,country_code',
      'Harbour Books,"1 Quay St, Auckland",+64 9 000 0001,Book store,-36.84,174.76,4.6,80,e2e-upload-1,NZ',
      'Kiwi Coffee,"2 Queen St, Auckland",,Coffee shop,-36.85,174.76,4.2,12,e2e-upload-2,NZ',
      'Kiwi Coffee,"2 Queen St, Auckland",,Coffee shop,-36.85,174.76,4.2,12,e2e-upload-2,NZ',
    ].join('\n');
    await page.getByLabel(/Dosya seçin/).setInputFiles([
      { name: 'e2e-upload.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a spreadsheet') },
    ]);
    await toast('Invalid File Type').waitFor();
    const files = page.getByRole('list', { name: 'Seçilen dosyalar' }).getByRole('listitem');
    expect(await files.count()).toBe(1);
    await page.getByLabel('Toplu işlem boyutu').selectOption('100');
    await page.getByRole('button', { name: /Yüklemeyi Başlat/ }).click();
    await toast('Yükleme tamamlandı').filter({ hasText: 'Tüm dosyalar başarıyla yüklendi (1/1).' }).waitFor({
      timeout: 30_000,
    });
    const report = page.getByRole('group', { name: 'e2e-upload.csv raporu' });
    await report.getByText('Başarılı', { exact: true }).waitFor();
    const facts = await report.locator('dl.counts').innerText();
    expect(facts).toMatch(/Toplam satır\s+3/);
    expect(facts).toMatch(/Eklenen \+ güncellenen\s+2/);
    expect(facts).toMatch(/Atlanan\s+1/);
    expect(await report.getByText(/Sütun eşleştirme: \d+ \/ 23 sütun/).count()).toBe(1);
    expect(await report.getByText(/Tekrar analizi: 2 yeni place_id/).count()).toBe(1);
    await report.getByText(/Satır \d+:.*Kiwi Coffee \(e2e-upload-2\)/).waitFor();
    expect(await sql(`select name from businesses where place_id like 'e2e-upload-%' order by place_id`)).toEqual([
      { name: 'Harbour Books' },
      { name: 'Kiwi Coffee' },
    ]);
    // The job was followed over the socket.io admin namespace.
    expect(frames.some((frame) => frame.includes('"id":"import-') || frame.includes('"jobId":"import-'))).toBe(true);

    // A queued import is cancelled from its row: nothing of it is written and the toast says so.
    const queue = t.app.get(JobQueues).queue('import');
    await queue.pause();
    try {
      await page.getByRole('button', { name: 'Tümünü Temizle' }).click();
      await page
        .getByLabel(/Dosya seçin/)
        .setInputFiles([
          { name: 'later.csv', mimeType: 'text/csv', buffer: Buffer.from('name,place_id\nLater One,e2e-later-1\n') },
        ]);
      await page.getByRole('button', { name: /Yüklemeyi Başlat/ }).click();
      await page.getByRole('list', { name: 'Seçilen dosyalar' }).getByText('Sırada').waitFor();
      await page.getByRole('button', { name: 'İptal et: later.csv' }).click();
      await toast('Kısmi başarı').filter({ hasText: 'Kısmi başarı: 0/1 dosya yüklendi.' }).waitFor();
      const cancelled = page.getByRole('group', { name: 'later.csv raporu' });
      await cancelled.getByText('Hata', { exact: true }).waitFor();
      await cancelled.getByText(/Hata: Upload failed for later\.csv: İçe aktarma iptal edildi/).waitFor();
    } finally {
      await queue.resume();
    }
    expect(await sql(`select 1 from businesses where place_id = 'e2e-later-1'`)).toEqual([]);

    // The dashboard lists the report (polled every 5 s).
    await page.getByRole('navigation', { name: 'Yönetim menüsü' }).getByRole('link', { name: 'Dashboard' }).click();
    const latest = page.getByRole('region', { name: 'Son Yükleme Raporları' });
    await latest.getByText('e2e-upload.csv').waitFor({ timeout: 15_000 });
    await page.getByRole('list', { name: 'Son işlemler' }).getByText('Dosya yüklendi: e2e-upload.csv').waitFor();
  });

  it('exports the chosen businesses as a CSV with live progress', async () => {
    // The worker refreshes the category counts shortly after an import; then a fresh page lists them.
    await eventually(async () =>
      expect(await (await page.request.get(`${base}/api/admin/categories`)).json()).toContain('Book store'),
    );
    await page.goto(`${base}/admin/businesses`);
    await page.getByRole('button', { name: 'CSV Dışa Aktar' }).click();
    const dialog = page.getByRole('dialog', { name: 'CSV Dışa Aktar' });
    await dialog.getByLabel('Ülke', { exact: true }).selectOption('NZ');
    await dialog.getByLabel('Yüklenme tarihi').selectOption('today');
    await dialog.getByLabel('Kategori ara').fill('COFFEE');
    const categoryOptions = dialog.getByRole('list', { name: 'Kategoriler' }).getByRole('checkbox');
    await eventually(async () => expect(await categoryOptions.count()).toBe(1));
    await dialog.getByLabel('Kategori ara').fill('no such category');
    await dialog.getByText('"no such category" için sonuç yok.').waitFor();
    await dialog.getByLabel('Kategori ara').fill('');
    await dialog.getByRole('checkbox', { name: 'Book store' }).check();
    await dialog.getByRole('checkbox', { name: 'Coffee shop' }).check();
    await dialog.getByRole('checkbox', { name: /^Şehir/ }).check();
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'CSV İndir' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^businesses_NZ_2kategoriler_today_\d{8}-\d{6}\.csv$/);
    const text = await readFile((await file.path())!, 'utf8');
    expect(text.startsWith('\ufeffname,full_address,phone,type,city\r\n')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines.slice(1).sort()).toEqual([
      // A cell starting with + is neutralised against spreadsheet formulas.
      `Harbour Books,"1 Quay St, Auckland",'+64 9 000 0001,,`,
      'Kiwi Coffee,"2 Queen St, Auckland",,,',
    ]);
    await toast('CSV file downloaded successfully').waitFor();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('saves the site settings and an ad, seen on public pages', async () => {
    await page.getByRole('navigation', { name: 'Yönetim menüsü' }).getByRole('link', { name: 'Site Ayarları' }).click();
    const head = page.getByLabel('Head Tag Kodları');
    await head.waitFor();
    await head.fill('<meta name="e2e-check" content="admin-saved">');
    const footer = page.getByLabel('Footer Tag Kodları');
    await footer.fill('<script>window.e2eFooter = 1</script>');
    await page.getByText(/Dikkat: bu alan <script> etiketi içeriyor/).waitFor();
    expect(
      await page
        .getByText(/\d+ karakter/)
        .first()
        .innerText(),
    ).toMatch(/^45 karakter/);
    await page.getByRole('button', { name: 'Kaydet', exact: true }).click();
    await toast('Kaydedildi').waitFor();
    expect(await page.getByText('Kaydedilmemiş değişiklikler var.').count()).toBe(0);
    await page.getByRole('region', { name: 'Site Haritası (Sitemap)' }).getByText('/sitemap.xml').first().waitFor();
    await page.getByRole('region', { name: 'Operasyon' }).getByText('PostgreSQL (gömülü)').waitFor();
    expect(await page.getByRole('link', { name: 'Kuyruk Paneli ↗' }).first().getAttribute('href')).toBe(
      '/api/admin/queues',
    );

    const visitor = await browser.newPage();
    await visitor.goto(`${base}/`);
    await eventually(async () =>
      expect(await visitor.locator('meta[name="e2e-check"]').getAttribute('content', { timeout: 1000 })).toBe(
        'admin-saved',
      ),
    );
    await eventually(async () => expect(await visitor.evaluate('window.e2eFooter')).toBe(1));

    // Clearing the cache refreshes everything and reloads the page after 2 s.
    await page.evaluate("window.beforeReload = 'still here'");
    await page.getByRole('button', { name: 'Cache Temizle' }).click();
    await toast('Cache temizlendi').waitFor();
    await eventually(async () => expect(await page.evaluate('window.beforeReload')).toBeUndefined(), 6000);
    await page.getByLabel('Head Tag Kodları').waitFor();

    await page
      .getByRole('navigation', { name: 'Yönetim menüsü' })
      .getByRole('link', { name: /Reklam Yönetimi/ })
      .click();
    const ad1 = page.getByLabel('Reklam Alanı 1');
    await ad1.fill('x'.repeat(50 * 1024 + 1));
    await page.getByText(/sınırı aşıyor, kaydedilemez/).waitFor();
    await page.getByRole('button', { name: 'Tümünü Kaydet' }).click();
    await toast('Kayıt hatası').filter({ hasText: '50 KB' }).waitFor();
    await ad1.fill('<div class="e2e-ad">Reklam bir</div>');
    await page.getByRole('button', { name: 'Tümünü Kaydet' }).click();
    await toast('Kaydedildi').waitFor();
    await visitor.goto(`${base}/business/alpine-bakery-2`);
    await visitor.locator('.e2e-ad').waitFor();
    await visitor.close();
  });

  it('fits a 360 px screen with the menu behind a button', async () => {
    const small = await context.newPage();
    await small.setViewportSize({ width: 360, height: 780 });
    await small.goto(`${base}/admin/businesses`);
    await small.getByRole('list', { name: 'İşletmeler' }).getByRole('listitem').first().waitFor();
    expect(await small.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
    const menu = small.getByRole('button', { name: 'Menü' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await menu.click();
    await small.getByRole('navigation', { name: 'Yönetim menüsü' }).getByRole('link', { name: 'Dashboard' }).click();
    await small.waitForURL(`${base}/admin/dashboard`);
    await small.locator('.stat-card').first().waitFor();
    expect(await small.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
    await small.close();
  });

  it('signs out on the server', async () => {
    await page.getByRole('button', { name: 'Çıkış Yap' }).click();
    await page.waitForURL(`${base}/admin/login`);
    expect(await page.evaluate<string | null>("localStorage.getItem('adminAuth')")).toBeNull();
    expect((await page.request.get(`${base}/api/admin/session`)).status()).toBe(401);
    await page.goto(`${base}/admin/dashboard`);
    await page.waitForURL(`${base}/admin/login`);
  });
});
