import type { Browser, Page } from 'playwright-core';
import { eventually } from '../../testing/eventually.js';
import { adminSuite, useBackOffice } from './back-office.js';

/** Site settings and an ad saved in the back office and seen on public pages. */
adminSuite('the admin back office in a browser: site settings and ads', () => {
  const { office, toast, signIn } = useBackOffice();
  let browser: Browser, page: Page, base: string;
  beforeAll(async () => {
    browser = office.browser;
    page = office.page;
    base = office.base;
    await signIn();
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
});
