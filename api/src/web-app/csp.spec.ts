import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import request from 'supertest';
import { DIRECTORY_FIXTURE } from '../testing/fixtures.js';
import { insertBusinesses, startTestApp, syncSearch, type TestApp, signIn } from '../testing/test-app.js';
import { WEB_DIST, WEB_SERVER_ENTRY } from './web-app.module.js';

/**
 * Content-Security-Policy of the admin back office and of the public pages, on the real api (PostgreSQL,
 * Redis, the built web app) with snippets and an ad code saved through the admin api. Needs the built web
 * app (npm test builds it first).
 */
const built = existsSync(`${WEB_DIST}/admin.html`) && existsSync(WEB_SERVER_ENTRY);
if (!built && !process.env.CI) console.warn(`CSP tests skipped: build the web app (${WEB_SERVER_ENTRY}).`);
const suite = built || process.env.CI ? describe : describe.skip;

const INLINE_SNIPPET = 'window.__snippetRan = (window.__snippetRan || 0) + 1;';
const HEAD_TAGS = `<script async src="https://cdn.snippet.example/tag.js?id=1"></script><script>${INLINE_SNIPPET}</script>`;
const AD_CODE = `<div class="sponsor">ad-marker</div><script>window.__adRan = true;</script>`;
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The sources of one directive of a policy header, e.g. script-src. */
function directive(csp: string | undefined, name: string): string[] {
  const entry = (csp ?? '').split(';').find((part) => part.trim().startsWith(`${name} `));
  if (!entry) throw new Error(`${name} is missing from ${csp}`);
  return entry.trim().split(/\s+/).slice(1);
}

suite('Content-Security-Policy', () => {
  let t: TestApp;
  let cookie: string[];
  const http = () => t.app.getHttpServer();
  const get = (path: string) => request(http()).get(path).redirects(0);
  const saveAsAdmin = (path: string, body: object) =>
    request(http()).post(path).set('Cookie', cookie).send(body).expect(200);

  beforeAll(async () => {
    t = await startTestApp();
    await insertBusinesses(t, DIRECTORY_FIXTURE);
    await syncSearch(t);
    cookie = await signIn(t.app);
    await saveAsAdmin('/api/admin/site-settings', {
      head_tags: HEAD_TAGS,
      analytics_code: '<script type="application/ld+json">{"@type":"Organization"}</script>',
      footer_tags: '<script src="http://plain.example/x.js"></script><p>footer-marker</p>',
    });
    await saveAsAdmin('/api/admin/advertisement-codes', { ad1: AD_CODE });
  });
  afterAll(() => t?.close());

  it('serves the admin pages with script-src self only and none of the saved snippets or ad codes', async () => {
    for (const path of ['/admin', '/admin/login', '/admin/settings', '/admin/advertisements', '/admin-legacy/x']) {
      const res = await get(path).expect(200);
      const csp = res.headers['content-security-policy'];
      expect([path, directive(csp, 'script-src')]).toEqual([path, ["'self'"]]);
      expect([path, csp]).not.toEqual([path, expect.stringMatching(/unsafe-inline|unsafe-eval|https:|nonce-/)]);
      expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
      expect(directive(csp, 'object-src')).toEqual(["'none'"]);
      expect(directive(csp, 'style-src')).toEqual(["'self'"]);
      for (const marker of ['cdn.snippet.example', '__snippetRan', '__adRan', 'ad-marker', 'footer-marker']) {
        expect([path, res.text.includes(marker)]).toEqual([path, false]);
      }
      // Its HTML runs files of this origin only: every script has a same-origin src, none is inline.
      const scripts = [...res.text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attributes, body] of scripts) {
        expect(attributes).toMatch(/\bsrc="\/assets\/admin-[^"]+\.js"/);
        expect(body).toBe('');
      }
    }
    // The admin's JSON answers carry the strict policy too.
    const settings = await request(http()).get('/api/admin/site-settings').set('Cookie', cookie).expect(200);
    expect(settings.body.head_tags).toBe(HEAD_TAGS);
    expect(directive(settings.headers['content-security-policy'], 'script-src')).toEqual(["'self'"]);
  });

  it("gives each public page response its own nonce, on the page's inline data", async () => {
    const nonces: string[] = [];
    // A first render (streamed), the cached copy, and the cached copy again: a new nonce every time.
    for (const expected of ['MISS', 'HIT', 'HIT']) {
      const res = await get('/countries/ch').expect(200);
      expect(res.headers['x-cache']).toBe(expected);
      const script = directive(res.headers['content-security-policy'], 'script-src');
      const nonce = script.find((source) => source.startsWith("'nonce-"))?.slice(7, -1);
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      const tags = [...res.text.matchAll(/<script id="ssr-data" type="application\/json" nonce="([^"]+)">/g)];
      expect(tags.map((tag) => tag[1])).toEqual([nonce]);
      nonces.push(nonce!);
    }
    expect(new Set(nonces).size).toBe(3);
  });

  it("lets public pages run exactly the configured snippets' scripts, and follows a saved change", async () => {
    const res = await get('/').expect(200);
    const csp = res.headers['content-security-policy'];
    const script = directive(csp, 'script-src');
    expect(script).toEqual(
      expect.arrayContaining([
        "'self'",
        'https://cdn.snippet.example',
        sha256(INLINE_SNIPPET),
        sha256('window.__adRan = true;'),
      ]),
    );
    // Nothing else: no inline or eval escape hatch, no scheme-wide source, not the plain-http script nor the
    // JSON-LD data block.
    expect(script.filter((s) => !s.startsWith("'nonce-") && !s.startsWith("'sha256-"))).toEqual([
      "'self'",
      'https://cdn.snippet.example',
    ]);
    expect(script.filter((s) => s.startsWith("'sha256-"))).toHaveLength(2);
    expect(directive(csp, 'script-src-attr')).toEqual(["'none'"]);
    // Ad iframes and analytics beacons still load.
    expect(directive(csp, 'frame-src')).toContain('https:');
    expect(directive(csp, 'connect-src')).toContain('https:');
    expect(directive(csp, 'img-src')).toContain('https:');

    await saveAsAdmin('/api/admin/site-settings', {
      head_tags: '<script src="//tags.other.example/t.js"></script>',
    });
    const after = directive((await get('/').expect(200)).headers['content-security-policy'], 'script-src');
    expect(after).toContain('https://tags.other.example');
    expect(after).not.toContain('https://cdn.snippet.example');
    expect(after).not.toContain(sha256(INLINE_SNIPPET));
    expect(after).toContain(sha256('window.__adRan = true;'));
    await saveAsAdmin('/api/admin/site-settings', { head_tags: HEAD_TAGS });
  });
});
