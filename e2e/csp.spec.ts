import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { browserSuite, launchChromium } from '../testing/browser.js';
import { insertBusinesses, startTestApp, type TestApp } from '../api/src/testing/test-app.js';
import { DIRECTORY_FIXTURE } from '../api/src/testing/fixtures.js';
import { WEB_DIST } from '../api/src/web-app/web-app.module.js';

/**
 * Content-Security-Policy in a real Chromium against the real api: with a snippet and an ad code saved
 * through the admin api, the admin back office runs under script-src 'self' without a single violation and
 * without running them, while a public page runs the configured snippet (its inline loader by hash, its
 * script by origin) and refuses an inline script nobody configured.
 */
const suite = browserSuite('Browser tests', [`${WEB_DIST}/admin.html`]);

const SNIPPET =
  '<script src="https://tags.snippet.example/tag.js"></script>' + '<script>window.inlineSnippetRan = true;</script>';
const AD = '<div id="e2e-csp-ad"></div><script>window.adRan = true;</script>';

interface Recorded {
  violations: string[];
  snippetRan: boolean;
  externalRan: boolean;
}

suite('Content-Security-Policy in a browser', () => {
  let t: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let base: string;
  const snippetRequests: string[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    await insertBusinesses(t, DIRECTORY_FIXTURE);
    const server = t.app.getHttpServer();
    const login = await request(server)
      .post('/api/admin/login')
      .send({ username: 'admin', password: 'admin-demo-password' })
      .expect(200);
    const cookie = login.headers['set-cookie'] as unknown as string[];
    await request(server)
      .post('/api/admin/site-settings')
      .set('Cookie', cookie)
      .send({ head_tags: SNIPPET })
      .expect(200);
    await request(server).post('/api/admin/advertisement-codes').set('Cookie', cookie).send({ ad1: AD }).expect(200);
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    browser = await launchChromium();
    context = await browser.newContext();
    // The snippet's host, answered here; every other outside address is refused.
    await context.route('https://tags.snippet.example/**', (route) => {
      snippetRequests.push(route.request().url());
      return route.fulfill({ contentType: 'text/javascript', body: 'window.externalSnippetRan = true;' });
    });
    await context.route(/^https?:\/\/(?!127\.0\.0\.1|tags\.snippet\.example)/, (route) => route.abort());
    // Every violation a document reports, recorded before any of its own scripts run.
    await context.addInitScript(() => {
      const w = window as { cspViolations: string[] };
      w.cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) =>
        w.cspViolations.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sample}`),
      );
    });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** What the page recorded, and any CSP complaint in its console. */
  const recorded = (page: Page): Promise<Recorded> =>
    page.evaluate(() => {
      const w = window as Record<string, unknown>;
      return {
        violations: w.cspViolations as string[],
        snippetRan: w.inlineSnippetRan === true,
        externalRan: w.externalSnippetRan === true,
      };
    });
  const watchConsole = (page: Page) => {
    const complaints: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) complaints.push(message.text());
    });
    return complaints;
  };

  it('runs the admin back office under its strict policy with no violation and no snippet', async () => {
    const page = await context.newPage();
    const complaints = watchConsole(page);
    const response = await page.goto(`${base}/admin/login`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self';");
    await page.getByLabel('Kullanıcı Adı').fill('admin');
    await page.getByLabel('Şifre', { exact: true }).fill('admin-demo-password');
    await page.getByRole('button', { name: 'Giriş Yap' }).click();
    await page.getByRole('heading', { name: 'Hoş geldiniz, admin' }).waitFor();
    // The settings screen shows the snippet as text to edit, and does not run it.
    await page.goto(`${base}/admin/settings`);
    await page.getByRole('heading', { name: 'Site Ayarları' }).waitFor();
    await page.waitForFunction(
      (snippet) => Array.from(document.querySelectorAll('textarea')).some((area) => area.value === snippet),
      SNIPPET,
    );
    await page.goto(`${base}/admin/dashboard`);
    await page.waitForLoadState('networkidle');
    const state = await recorded(page);
    expect(state).toEqual({ violations: [], snippetRan: false, externalRan: false });
    expect(await page.evaluate(() => 'adRan' in (window as object))).toBe(false);
    expect(complaints).toEqual([]);
    expect(snippetRequests).toEqual([]);
    await page.close();
  });

  it("runs a public page's configured snippet and refuses an inline script nobody configured", async () => {
    const page = await context.newPage();
    const response = await page.goto(`${base}/business/cafe-zurich-abc123`);
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/tags/);
    await page.waitForFunction(() => {
      const w = window as Record<string, unknown>;
      return w.inlineSnippetRan === true && w.externalSnippetRan === true && w.adRan === true;
    });
    expect(snippetRequests).toEqual(['https://tags.snippet.example/tag.js']);
    expect((await recorded(page)).violations).toEqual([]);

    // An inline script that is no configured snippet (as an injection would be) does not run.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injectedRan = true;';
      document.body.append(script);
    });
    await page.waitForFunction(() => (window as { cspViolations: string[] }).cspViolations.length > 0);
    expect(await page.evaluate(() => 'injectedRan' in (window as object))).toBe(false);
    expect((await recorded(page)).violations).toEqual([expect.stringMatching(/^script-src-elem inline /)]);
    await page.close();
  });
});

/** The page globals the callbacks run in the browser use (the tests' TypeScript has no DOM library). */
interface ViolationEvent {
  effectiveDirective: string;
  blockedURI: string;
  sample: string;
}
declare const window: unknown;
declare const document: {
  addEventListener(type: 'securitypolicyviolation', listener: (event: ViolationEvent) => void): void;
  querySelectorAll(selector: 'textarea'): ArrayLike<{ value: string }>;
  createElement(tag: 'script'): { textContent: string };
  body: { append(node: unknown): void };
};
