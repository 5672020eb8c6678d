import type { Page } from 'playwright-core';
import { eventually } from '../../testing/eventually.js';
import { adminSuite, useBackOffice } from './back-office.js';

/** Issue 34: the contact inbox kept as personal data, and the business list's filters with bulk approval. */
adminSuite('the admin back office in a browser: contact inbox and bulk approval', () => {
  const { office, toast, rows, row, confirmDialog, sql, signIn } = useBackOffice();
  let page: Page, base: string;
  beforeAll(async () => {
    page = office.page;
    base = office.base;
    await signIn();
  });

  it('answers, marks and deletes contact messages, singly and the selected ones', async () => {
    for (const [name, subject, age] of [
      ['Ada', 'Opening hours are wrong', '3 days'],
      ['Grace', 'Please remove my shop', '2 days'],
      ['Linus', 'A question about ads', '1 day'],
    ])
      await sql(
        `insert into contact_messages (name, email, subject, message, created_at)
         values (?, ?, ?, 'A message of some length.', now() - ?::interval)`,
        [name, `${name.toLowerCase()}@example.com`, subject, age],
      );
    await page.goto(`${base}/admin/contact-messages`);
    const messages = () => page.getByRole('list', { name: 'İletişim mesajları' }).getByRole('listitem');
    const message = (subject: string) => messages().filter({ hasText: subject });
    await eventually(async () => expect(await messages().count()).toBe(3));
    expect(await page.locator('.result-line').innerText()).toMatch(/^3 mesaj · 3 okunmamış/);
    expect(await page.getByLabel('Saklama süresi (ay)').inputValue()).toBe('12');

    const reply = message('Please remove my shop').getByRole('link', { name: 'E-postayla yanıtla' });
    expect(await reply.getAttribute('href')).toBe(
      'mailto:grace@example.com?subject=Re%3A%20Please%20remove%20my%20shop',
    );
    await message('Please remove my shop').getByRole('button', { name: 'Okundu olarak işaretle' }).click();
    await message('Please remove my shop').getByRole('button', { name: 'Okunmadı olarak işaretle' }).waitFor();
    expect(await page.locator('.result-line').innerText()).toMatch(/^3 mesaj · 2 okunmamış/);

    // One, after a confirmation.
    await message('Opening hours are wrong').getByRole('button', { name: 'Sil' }).click();
    await confirmDialog()
      .getByText(/"Opening hours are wrong" \(ada@example.com\) kalıcı olarak silinecek/)
      .waitFor();
    await confirmDialog().getByRole('button', { name: 'Sil', exact: true }).click();
    await toast('Mesaj silindi').waitFor();
    await eventually(async () => expect(await messages().count()).toBe(2));
    expect(await sql(`select 1 from contact_messages where name = 'Ada'`)).toEqual([]);

    // The selected ones.
    await page.getByLabel('Seç: Please remove my shop').check();
    await page.getByLabel('Seç: A question about ads').check();
    await page.getByText('2 mesaj seçili').waitFor();
    await page.getByRole('button', { name: 'Seçilenleri sil' }).click();
    await confirmDialog().getByText('Seçilen 2 mesaj kalıcı olarak silinecek. Bu işlem geri alınamaz.').waitFor();
    await confirmDialog().getByRole('button', { name: 'Seçilenleri sil' }).click();
    await toast('2 mesaj silindi').waitFor();
    await page.getByText('Henüz mesaj yok').waitFor();
    expect(await sql('select count(*)::int as n from contact_messages')).toEqual([{ n: 0 }]);
    const audited = (await sql(`select details from audit_log where action = 'contact.delete' order by id`)) as {
      details: { ids: number[] };
    }[];
    expect(audited.map((e) => e.details.ids.length)).toEqual([1, 2]);

    // The retention setting.
    await page.getByLabel('Saklama süresi (ay)').fill('6');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await toast('Mesajlar artık 6 ay saklanacak.').waitFor();
    expect(await sql(`select value from site_settings where key = 'contact_retention_months'`)).toEqual([
      { value: '6' },
    ]);
  });

  it('filters the business list by approval and country and approves the selected rows in bulk', async () => {
    await sql(`update businesses set is_approved = false where slug in ('alpine-bakery-3', 'alpine-bakery-4')`);
    await sql(`update businesses set is_approved = false, country_code = 'US' where slug = 'alpine-bakery-5'`);
    await page.goto(`${base}/admin/businesses`);
    await eventually(async () => expect(await rows().count()).toBe(20));
    await page.getByLabel('Onay durumu').selectOption('waiting');
    await eventually(async () => expect(await rows().count()).toBe(3));
    await page.getByLabel('Ülke', { exact: true }).selectOption('CH');
    await eventually(async () => expect(await rows().count()).toBe(2));
    expect(await page.request.get(`${base}/api/businesses/alpine-bakery-3`).then((r) => r.status())).toBe(404);

    await page.getByLabel('Bu sayfadakilerin hepsini seç').check();
    await page.getByText('2 işletme seçili').waitFor();
    await page.getByRole('button', { name: 'Seçilenleri onayla' }).click();
    await confirmDialog().getByText('2 işletme onaylanacak ve sitede görünecek.').waitFor();
    await confirmDialog().getByRole('button', { name: 'Seçilenleri onayla' }).click();
    await toast('2 işletmeden 2 tanesi onaylandı.').waitFor();
    await page.getByText('İşletme bulunamadı').waitFor();
    for (const slug of ['alpine-bakery-3', 'alpine-bakery-4'])
      expect(await page.request.get(`${base}/api/businesses/${slug}`).then((r) => r.status())).toBe(200);

    // The one left waiting is in the US; the audit names the bulk approval.
    await page.getByLabel('Ülke', { exact: true }).selectOption('all');
    await eventually(async () => expect(await rows().count()).toBe(1));
    await row('Alpine Bakery 05').getByText('Onay bekliyor').waitFor();
    const [entry] = await sql(`select details from audit_log where action = 'business.bulk-approval'`);
    expect(entry.details).toMatchObject({ isApproved: true, count: 2, changed: 2 });
  });
});
