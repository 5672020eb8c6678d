import type { Browser, Page } from 'playwright-core';
import { eventually } from '../../testing/eventually.js';
import { adminSuite, useBackOffice } from './back-office.js';

/** The dashboard's real figures, the business list with its row actions (approval, edit, delete) and the bulk
 * actions (test data, slug fix). */
adminSuite('the admin back office in a browser: the dashboard and the business list', () => {
  const { office, toast, rows, row, confirmDialog, sql, signIn } = useBackOffice();
  let browser: Browser, page: Page, base: string;
  beforeAll(async () => {
    browser = office.browser;
    page = office.page;
    base = office.base;
    await signIn();
  });

  it('shows the dashboard with real figures', async () => {
    // A visitor of the public site, counted by the api.
    const visitor = await browser.newPage();
    await visitor.goto(`${base}/categories`);
    await visitor.getByRole('navigation', { name: 'Main' }).waitFor();
    await visitor.waitForLoadState('networkidle');
    await visitor.close();
    // Visits reach Redis within a second; the dashboard reads them once a minute, so it opens after that.
    await eventually(async () =>
      expect((await (await page.request.get(`${base}/api/admin/visitors`)).json()).today).toBeGreaterThanOrEqual(1),
    );

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
    await page.getByLabel('Kategori', { exact: true }).fill('plumber');
    await page.getByLabel('Kategori', { exact: true }).press('Enter');
    await eventually(async () => expect(await rows().count()).toBe(3));
    await page.getByLabel('Kategori', { exact: true }).fill('');

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
});
