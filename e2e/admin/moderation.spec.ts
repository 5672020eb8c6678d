import type { Page } from 'playwright-core';
import { eventually } from '../../testing/eventually.js';
import { adminSuite, useBackOffice } from './back-office.js';

const status = (page: Page, url: string) => page.request.get(url).then((r) => r.status());

/**
 * Issue 34 moderation in Chromium against the real api, worker, PostgreSQL and Redis: "imports need approval"
 * switched on in the settings, an import waits in the review queue (its count on the dashboard), bulk approve
 * publishes, bulk reject deletes; delete-all's confirmation names the count read as it opens.
 */
adminSuite('the admin back office in a browser: imports that wait for approval', () => {
  const { office, toast, rows, row, confirmDialog, sql, signIn } = useBackOffice();
  let page: Page, base: string;
  beforeAll(async () => {
    page = office.page;
    base = office.base;
    await signIn();
  });

  it('setting on → import → the queue with its count → bulk approve is public, bulk reject deletes', async () => {
    await page.goto(`${base}/admin/settings`);
    const setting = page.getByLabel('İçe aktarılan yeni işletmeler onaydan sonra yayınlansın');
    await eventually(async () => expect(await setting.isEnabled()).toBe(true));
    expect(await setting.isChecked()).toBe(false);
    await setting.check();
    await toast('İçe aktarılan yeni işletmeler artık onay bekleyecek.').waitFor();
    expect(await sql(`select value from site_settings where key = 'imports_need_approval'`)).toEqual([
      { value: 'true' },
    ]);

    await page.goto(`${base}/admin/upload`);
    const csv = [
      'name,address,phone,category,latitude,longitude,rating,reviewCount,place_id,country_code',
      'Fjord Kayaks,"1 Harbour Rd, Bergen",+47 5500 0001,Kayak rental,60.39,5.32,4.8,40,e2e-mod-1,NO',
      'Fjord Bakery,"2 Harbour Rd, Bergen",+47 5500 0002,Bakery,60.39,5.33,4.5,22,e2e-mod-2,NO',
      'Fjord Plumbing,"3 Harbour Rd, Bergen",+47 5500 0003,Plumber,60.39,5.34,3.9,5,e2e-mod-3,NO',
    ].join('\n');
    await page
      .getByLabel(/Dosya seçin/)
      .setInputFiles([{ name: 'fjord.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) }]);
    await page.getByRole('button', { name: /Yüklemeyi Başlat/ }).click();
    await toast('Yükleme tamamlandı').waitFor({ timeout: 30_000 });
    const slugs = (await sql(`select slug from businesses where place_id like 'e2e-mod-%' order by place_id`)).map(
      (r) => (r as { slug: string }).slug,
    );
    expect(slugs).toHaveLength(3);
    for (const slug of slugs) expect(await status(page, `${base}/api/businesses/${slug}`)).toBe(404);

    // The dashboard names the queue and leads to it.
    await page.goto(`${base}/admin/dashboard`);
    await page.getByText('3 işletme onay bekliyor; sitede görünmezler.').waitFor();
    await page.getByRole('link', { name: 'Onay bekleyenler (3)' }).click();
    await page.waitForURL(`${base}/admin/businesses?approval=waiting`);
    expect(await page.getByLabel('Onay durumu').inputValue()).toBe('waiting');
    await eventually(async () => expect(await rows().count()).toBe(3));

    await page.getByLabel('Seç: Fjord Kayaks').check();
    await page.getByLabel('Seç: Fjord Bakery').check();
    await page.getByRole('button', { name: 'Seçilenleri onayla' }).click();
    await confirmDialog().getByRole('button', { name: 'Seçilenleri onayla' }).click();
    await toast('2 işletmeden 2 tanesi onaylandı.').waitFor();
    await eventually(async () => expect(await rows().count()).toBe(1));
    expect(await status(page, `${base}/api/businesses/${slugs[0]}`)).toBe(200);
    // The public search shows them once the worker synced the index (the public cache then refreshes).
    await eventually(async () => {
      const found = (await (await page.request.get(`${base}/api/search?q=fjord`)).json()) as {
        businesses: { name: string }[];
      };
      expect(found.businesses.map((b) => b.name).sort()).toEqual(['Fjord Bakery', 'Fjord Kayaks']);
    }, 30_000);
    await page.goto(`${base}/business/${slugs[0]}`);
    await page.getByRole('heading', { name: 'Fjord Kayaks' }).first().waitFor();

    // The one left is rejected: deleted, and audited.
    await page.goto(`${base}/admin/businesses?approval=waiting`);
    await row('Fjord Plumbing').waitFor();
    await page.getByLabel('Seç: Fjord Plumbing').check();
    await page.getByRole('button', { name: 'Seçilenleri reddet' }).click();
    await confirmDialog()
      .getByText('1 işletmeden onay bekleyenler silinecek; onaylı olanlar etkilenmez. Bu işlem geri alınamaz.')
      .waitFor();
    await confirmDialog().getByRole('button', { name: 'Seçilenleri reddet' }).click();
    await toast('1 onay bekleyen işletme reddedildi ve silindi.').waitFor();
    await page.getByText('İşletme bulunamadı').waitFor();
    expect(await sql(`select name from businesses where place_id like 'e2e-mod-%' order by name`)).toEqual([
      { name: 'Fjord Bakery' },
      { name: 'Fjord Kayaks' },
    ]);
    const [entry] = await sql(`select details from audit_log where action = 'business.bulk-reject'`);
    expect(entry.details).toMatchObject({ deletedCount: 1, count: 1 });
  });

  it('delete-all’s confirmation names how many businesses there are as it opens', async () => {
    await page.goto(`${base}/admin/businesses`);
    await eventually(async () => expect(await rows().count()).toBeGreaterThan(0));
    // Stored after the page read its figures: the dialog still counts it.
    await sql(`insert into businesses (name, slug) values ('Late Arrival', 'late-arrival-e2e')`);
    const [{ n }] = (await sql('select count(*)::int as n from businesses')) as { n: number }[];
    await page.getByRole('button', { name: 'Tümünü Sil' }).click();
    await confirmDialog()
      .getByText(`Tüm işletmeler silinecek: şu anda ${n} işletme var. Bu işlem geri alınamaz. Devam edilsin mi?`)
      .waitFor();
    await confirmDialog().getByRole('button', { name: 'Vazgeç' }).click();
    expect(await sql('select count(*)::int as n from businesses')).toEqual([{ n }]);
  });
});
