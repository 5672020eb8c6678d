import type { Browser, BrowserContext, Page } from 'playwright-core';
import { eventually } from '../../testing/eventually.js';
import { PASSWORD, adminSuite, useBackOffice } from './back-office.js';

/** Sign-in decided by the server, the admin bundle kept away from public pages, the 360 px layout and sign-out. */
adminSuite('the admin back office in a browser: sign-in, sign-out and the small screen', () => {
  const { office, toast } = useBackOffice();
  let browser: Browser, context: BrowserContext, page: Page, base: string;
  beforeAll(async () => {
    browser = office.browser;
    context = office.context;
    page = office.page;
    base = office.base;
  });

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
