import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { CHROMIUM, launchChromium } from '../chromium.js';
import { round } from '../stats.js';

export interface BundleFigures {
  /** The entry script and its modulepreload imports named by web/dist/index.html. */
  files: { path: string; bytes: number; gzipBytes: number }[];
  jsBytes: number;
  jsGzipBytes: number;
  /** Stylesheets linked by index.html (info, not part of the JavaScript target). */
  cssGzipBytes: number;
  builtAt: string;
}

/** What the first public page must download before it runs: index.html's entry script and modulepreloads. */
export function bundleFigures(dist = 'web/dist'): BundleFigures {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)]
    .map((m) => m[0])
    .filter((t) => /type="module"/.test(t))
    .map((t) => attr(t, 'src'));
  const preloads = [...html.matchAll(/<link\b[^>]*>/g)]
    .map((m) => m[0])
    .filter((t) => /rel="modulepreload"/.test(t))
    .map((t) => attr(t, 'href'));
  const styles = [...html.matchAll(/<link\b[^>]*>/g)]
    .map((m) => m[0])
    .filter((t) => /rel="stylesheet"/.test(t))
    .map((t) => attr(t, 'href'));
  const sized = (paths: (string | undefined)[]) =>
    [...new Set(paths.filter((p): p is string => Boolean(p) && !/^https?:/.test(p!)))].map((p) => {
      const data = readFileSync(join(dist, p.replace(/^\//, '')));
      return { path: p, bytes: data.length, gzipBytes: gzipSync(data, { level: 9 }).length };
    });
  const files = sized([...scripts, ...preloads]);
  const css = sized(styles);
  return {
    files,
    jsBytes: files.reduce((s, f) => s + f.bytes, 0),
    jsGzipBytes: files.reduce((s, f) => s + f.gzipBytes, 0),
    cssGzipBytes: css.reduce((s, f) => s + f.gzipBytes, 0),
    builtAt: statSync(join(dist, 'index.html')).mtime.toISOString(),
  };
}

export interface PageLoad {
  /** Navigation timing, ms from navigation start: first byte of the document. */
  ttfb: number | null;
  fcp: number | null;
  lcp: number | null;
  /** Scripts the page fetched: bytes on the wire (compressed) and decoded. */
  scriptTransferBytes: number;
  scriptDecodedBytes: number;
  scripts: number;
  /** Responses of 400 or more the page received (a script missing after a rebuild makes the figures moot). */
  failed: string[];
}

export interface PageFigures {
  url: string;
  loads: PageLoad[];
  median: { ttfb: number | null; fcp: number | null; lcp: number | null };
  scriptTransferBytes: number;
  scripts: number;
  /** Failed responses over the measured loads. */
  failed: string[];
}

const median = (values: (number | null)[]) => {
  const v = values.filter((x): x is number => x !== null && Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return null;
  return round(v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2, 1);
};

/** Runs in the page before its own scripts: keeps the latest largest-contentful-paint candidate. */
const OBSERVE_LCP = `
  window.__lcp = null;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  } catch {}
`;

// Run in the page (strings: the bench is type-checked without the DOM library).
const HAS_FCP = `performance.getEntriesByType('paint').some((e) => e.name === 'first-contentful-paint')`;
const READ_FIGURES = `(() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const fcp = performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint');
  const scripts = performance
    .getEntriesByType('resource')
    .filter((r) => r.initiatorType === 'script' || /\\.m?js(\\?|$)/.test(r.name));
  return {
    ttfb: nav ? nav.responseStart : null,
    fcp: fcp ? fcp.startTime : null,
    lcp: window.__lcp,
    scriptTransferBytes: scripts.reduce((s, r) => s + r.transferSize, 0),
    scriptDecodedBytes: scripts.reduce((s, r) => s + r.decodedBodySize, 0),
    scripts: scripts.length,
  };
})()`;

async function loadOnce(browser: Browser, url: string): Promise<PageLoad> {
  // A fresh context per load: empty HTTP cache and storage, as a first visit.
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });
    await page.addInitScript(OBSERVE_LCP);
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
    // Paint entries arrive after the frame that painted; give the page a moment once the network is quiet.
    await page.waitForFunction(HAS_FCP, undefined, { timeout: 10_000 }).catch(() => undefined);
    await page.waitForTimeout(300);
    return { ...((await page.evaluate(READ_FIGURES)) as Omit<PageLoad, 'failed'>), failed };
  } finally {
    await context.close();
  }
}

/** `loads` first visits of each page (after one unmeasured visit that warms the server's caches); medians. */
export async function measurePages(urls: string[], loads: number): Promise<PageFigures[]> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing (apt-get install chromium)`);
  const browser = await launchChromium();
  try {
    const figures: PageFigures[] = [];
    for (const url of urls) {
      let runs: PageLoad[] = [];
      // Other work rebuilds web/dist now and then (the files vanish for a moment): a series that met a
      // failed response is measured again, up to three times, a few seconds later.
      for (let attempt = 1; attempt <= 3; attempt++) {
        if (attempt > 1) await new Promise((r) => setTimeout(r, 5000));
        await loadOnce(browser, url);
        runs = [];
        for (let i = 0; i < loads; i++) runs.push(await loadOnce(browser, url));
        if (!runs.some((r) => r.failed.length)) break;
      }
      figures.push({
        url,
        loads: runs.map((r) => ({
          ...r,
          ttfb: r.ttfb === null ? null : round(r.ttfb, 1),
          fcp: r.fcp === null ? null : round(r.fcp, 1),
          lcp: r.lcp === null ? null : round(r.lcp, 1),
        })),
        median: {
          ttfb: median(runs.map((r) => r.ttfb)),
          fcp: median(runs.map((r) => r.fcp)),
          lcp: median(runs.map((r) => r.lcp)),
        },
        scriptTransferBytes: runs[runs.length - 1]?.scriptTransferBytes ?? 0,
        scripts: runs[runs.length - 1]?.scripts ?? 0,
        failed: [...new Set(runs.flatMap((r) => r.failed))],
      });
    }
    return figures;
  } finally {
    await browser.close();
  }
}
