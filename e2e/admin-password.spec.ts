import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserSuite, launchChromium } from '../testing/browser.js';
import { startTestApp, type TestApp } from '../api/src/testing/test-app.js';
import { WEB_DIST } from '../api/src/web-app/web-app.module.js';

/**
 * The admin changes their own password in the settings screen of a real browser, against the real api:
 * the form's checks, a refusal worded in Turkish, the success, this browser still signed in and another
 * browser's session ended.
 */
const suite = browserSuite('Browser tests', [`${WEB_DIST}/index.html`]);

const PASSWORD = 'admin-demo-password';
const NEW_PASSWORD = 'a-new-password-from-the-screen';

suite("the admin's password in a browser", () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  const contexts: BrowserContext[] = [];

  const signedIn = async (password = PASSWORD): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
    const page = await context.newPage();
    await page.goto(`${base}/admin/login`);
    await page.getByLabel('Kullanıcı Adı').fill('admin');
    await page.getByLabel('Şifre', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Giriş Yap' }).click();
    await page.waitForURL(`${base}/admin`);
    return page;
  };
  const sessionStatus = async (page: Page) => (await page.request.get(`${base}/api/admin/session`)).status();

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('checks the form, words a refusal in Turkish, changes the password and ends the other sessions', async () => {
    const page = await signedIn();
    const elsewhere = await signedIn();
    await page.goto(`${base}/admin/settings`);
    const section = page.getByRole('region', { name: 'Şifre Değiştir' });
    const submit = section.getByRole('button', { name: 'Şifreyi Değiştir' });
    const toast = (text: string) => page.locator('.toast').filter({ hasText: text });

    await section.getByLabel('Mevcut şifre').fill('not-the-password');
    await section.getByLabel('Yeni şifre', { exact: true }).fill('too-short');
    await section.getByText('Şifre en az 12 karakter olmalı', { exact: true }).waitFor();
    await section.getByLabel('Yeni şifre', { exact: true }).fill(NEW_PASSWORD);
    await section.getByLabel('Yeni şifre (tekrar)').fill(`${NEW_PASSWORD}?`);
    await section.getByText('Şifreler eşleşmiyor', { exact: true }).waitFor();
    expect(await submit.isDisabled()).toBe(true);

    await section.getByLabel('Yeni şifre (tekrar)').fill(NEW_PASSWORD);
    await submit.click();
    await toast('Şifre değiştirilemedi').filter({ hasText: 'Mevcut şifre yanlış.' }).waitFor();
    await section.getByText('Mevcut şifre yanlış.', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Bildirimi kapat' }).click();

    await section.getByLabel('Mevcut şifre').fill(PASSWORD);
    await submit.click();
    await toast('Şifre değiştirildi').waitFor();
    expect(await section.getByLabel('Mevcut şifre').inputValue()).toBe('');

    expect(await sessionStatus(page)).toBe(200);
    expect(await sessionStatus(elsewhere)).toBe(401);
    await page.reload();
    await page.getByRole('region', { name: 'Şifre Değiştir' }).waitFor();
    expect(page.url()).toBe(`${base}/admin/settings`);
    expect(await sessionStatus(await signedIn(NEW_PASSWORD))).toBe(200);
  });
});
