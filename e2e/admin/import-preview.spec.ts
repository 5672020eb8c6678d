import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { adminSuite, useBackOffice } from './back-office.js';

const REAL = join(process.cwd(), '..', 'shared', 'data', 'real');

/**
 * Import in two steps (issue 34) in Chromium against the real api, worker, PostgreSQL and Redis: a real export
 * previewed (layout, counts, first rows), one column's mapping changed (a new preview), confirmed, and the
 * import's progress to 100 % with what it stored.
 */
adminSuite('the admin back office in a browser: import preview', () => {
  const { office, sql, signIn } = useBackOffice();
  let page: Page;
  beforeAll(async () => {
    page = office.page;
    await signIn();
  });

  it('previews a real export, changes a mapping, confirms, and follows the import to 100 %', async () => {
    await page.goto(`${office.base}/admin/upload`);
    const section = page.getByRole('region', { name: 'Önizleyerek İçe Aktar' });
    await section.getByLabel('Önizleme için dosya seçin').setInputFiles(join(REAL, 'in_hyderabad_gyms.csv'));

    const counts = section.getByLabel('Önizleme sayıları');
    await counts.waitFor({ timeout: 60_000 });
    await section.getByText('Yeni Outscraper düzeni (website, address)').waitFor();
    await section.getByText('Sütun adlarından bulunan eşleştirme').waitFor();
    const fact = (label: string) => counts.locator('div').filter({ has: page.getByText(label, { exact: true }) });
    await fact('Toplam satır').getByText('500').waitFor();
    const newCount = Number((await fact('Yeni').locator('dd').innerText()).replace(/\D/g, ''));
    expect(newCount).toBeGreaterThan(400);
    const rows = section.getByRole('table', { name: 'İlk satırlar' }).locator('tbody tr');
    expect(await rows.count()).toBe(10);
    expect(await section.getByRole('columnheader', { name: 'phone', exact: true }).count()).toBe(1);

    // The phone is left out: a new preview with that mapping, the column gone from the rows.
    await section.getByLabel('phone', { exact: true }).selectOption('');
    await section.getByText('Sizin seçtiğiniz eşleştirme').waitFor({ timeout: 60_000 });
    expect(await section.getByRole('columnheader', { name: 'phone', exact: true }).count()).toBe(0);
    expect(await section.getByLabel('phone', { exact: true }).inputValue()).toBe('');

    await section.getByRole('button', { name: 'Onayla ve İçe Aktar' }).click();
    await section.getByText(/İçe aktarma bitti · %100/).waitFor({ timeout: 120_000 });
    expect(
      await section
        .getByRole('progressbar', { name: 'İçe aktarma bitti' })
        .evaluate((el) => (el as unknown as { value: number }).value),
    ).toBe(100);
    // The import did what the preview said.
    const report = section.getByRole('group', { name: 'in_hyderabad_gyms.csv raporu' });
    const inserted = report.locator('dl.counts > div').filter({ has: page.getByText('Yeni', { exact: true }) });
    expect(Number((await inserted.locator('dd').innerText()).replace(/\D/g, ''))).toBe(newCount);
    const stored = await sql(
      `select count(*)::int as n, count(phone)::int as phones from businesses where country_code = 'IN'`,
    );
    expect(stored[0].n).toBe(newCount);
    expect(stored[0].phones).toBe(0);
  });
});
