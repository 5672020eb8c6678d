import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { eventually } from '../../testing/eventually.js';
import { JobQueues } from '../../api/src/jobs/job-queues.js';
import type { TestApp } from '../../api/src/testing/test-app.js';
import { adminSuite, useBackOffice } from './back-office.js';

/** An upload with live progress and its per-file report, a queued import cancelled, and an export downloaded as CSV. */
adminSuite('the admin back office in a browser: uploads and exports', () => {
  const { office, toast, sql, signIn } = useBackOffice();
  let t: TestApp, page: Page, base: string;
  beforeAll(async () => {
    t = office.t;
    page = office.page;
    base = office.base;
    await signIn();
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
    // In Turkish: the summary and each row's reason (the api's own lines are English).
    await report
      .getByText('e2e-upload.csv: 3 satır — 2 yeni, 0 güncellendi, 1 atlandı, 0 reddedildi.', { exact: true })
      .waitFor();
    await report.getByText(/Kiwi Coffee \(e2e-upload-2\): Dosyada aynı place_id ile daha sonra gelen/).waitFor();
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
      // A cancel is named as one (issue 34), not as "Kısmi başarı: 0/1" nor as an error.
      await toast('İptal edildi')
        .filter({ hasText: 'İçe aktarma iptal edildi; dosyadan hiçbir şey kaydedilmedi.' })
        .waitFor();
      const cancelled = page.getByRole('group', { name: 'later.csv raporu' });
      await cancelled.getByText('İptal edildi', { exact: true }).waitFor();
      await cancelled.getByText('İçe aktarma iptal edildi; dosyadan hiçbir şey kaydedilmedi.').waitFor();
      expect(await cancelled.getByText('Hata', { exact: true }).count()).toBe(0);
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
      // A cell starting with + is neutralised against spreadsheet formulas; the city was read from the address.
      `Harbour Books,"1 Quay St, Auckland",'+64 9 000 0001,,Auckland`,
      'Kiwi Coffee,"2 Queen St, Auckland",,,Auckland',
    ]);
    await toast('CSV file downloaded successfully').waitFor();
    await dialog.waitFor({ state: 'hidden' });
  });
});
