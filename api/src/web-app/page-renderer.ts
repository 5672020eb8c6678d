import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { type AppConfig, sitemapBaseUrl } from '@directory/core';
import { PublicCacheService } from '../cache/public-cache.service.js';
import { APP_CONFIG } from '../config/config.module.js';
import { SearchLimiter } from '../search/search-limiter.js';
import { PageDataReader } from './page-data-reader.js';

/** The exports of web/src/entry-server.tsx (built by Vite into web/dist-server/entry-server.js). */
interface PublicPage {
  kind: string;
}
interface Head {
  title: string;
}
export interface SsrState {
  fallback: Record<string, unknown>;
  errors: Record<string, string>;
  origin: string;
}
interface ServerBundle {
  isClientOnly(pathname: string): boolean;
  matchPublicPage(pathname: string, search: string): PublicPage;
  pageAddress(page: PublicPage, pathname: string, search: string): string;
  pageData(page: PublicPage, search: string): { keys: string[]; primary?: string; redirect?: string };
  movedTo(page: PublicPage, primary: unknown): string | undefined;
  outOfRange(page: PublicPage, fallback: Record<string, unknown>): boolean;
  pageHead(page: PublicPage, data: unknown, failed: boolean): Head;
  headHtml(head: Head, origin: string): string;
  scriptJson(value: unknown): string;
  renderPage(url: string, state: SsrState, timeoutMs: number): Promise<string>;
}

/** What the web-app middleware sends for an address. */
export type PageAnswer =
  | { kind: 'page'; status: number; html: string; etag: string; cache: 'HIT' | 'MISS' | 'BYPASS' }
  /**
   * A first render, streamed: `head` (the document up to the page's root, its head tags written) goes out
   * as soon as the data is read, the rest once React has rendered it. It never fails: should the render fail,
   * the rest is the template's end, and the browser renders the page itself.
   */
  | { kind: 'stream'; status: number; head: string; rest: Promise<string> }
  | { kind: 'shell'; html: string }
  | { kind: 'redirect'; status: 301 | 302; location: string };

/**
 * The opening tag of the page's inline data. Stored and cached without a nonce: withNonce adds this
 * response's own as the page is sent. React escapes `<` in what it renders and scriptJson in the data, so
 * the only occurrence of this tag in a page is the one written here.
 */
const SSR_DATA_TAG = '<script id="ssr-data" type="application/json">';

/** The page's HTML with this response's nonce on its inline data (the nonce its Content-Security-Policy names). */
export function withNonce(html: string, nonce: string): string {
  return html.replace(SSR_DATA_TAG, `<script id="ssr-data" type="application/json" nonce="${nonce}">`);
}

/** A page whose data is read: what it is, and the render still to do. */
type PreparedPage =
  { kind: 'moved'; location: string } | { kind: 'page'; status: number; head: string; render: () => Promise<string> };

/** A data call slower than this sends the client-rendered shell instead (the browser fetches it itself). */
const DATA_TIMEOUT_MS = 2000;
/** A render that has not finished by then is aborted (it never should: every answer is there before). */
const RENDER_TIMEOUT_MS = 1000;
/** Rendered pages are kept this long (and dropped at once when the catalogue changes). */
export const PAGE_TTL_SECONDS = 60;

class DataTimeout extends Error {}

/**
 * A page read that the search engine answers: searches and suggestions, and the lists it pages (a category's or
 * a city's businesses, the newest businesses, a business's neighbours): the routes SearchLimitInterceptor counts
 * (search-limit.spec holds the two lists alike).
 */
export const isSearchRead = (key: string) =>
  /^\/api\/(search(\/|\?|$)|categories\/[^/?]+(\?|$)|cities\/[^/?]+\/[^/?]+(\?|$)|businesses(\?|$)|businesses\/[^/?]+\/nearby)/.test(
    key,
  );

/**
 * Server-side rendering of the public pages (issue 9): the page's api reads (the SWR keys its components
 * use) are the answers the browser would get (PageDataReader: from the public read cache, in process, or
 * from this api itself over loopback). React then renders the page with those answers as SWR's fallback,
 * and the HTML is cached in Redis under the catalogue generation (an edit, import or delete makes every
 * rendered page stale at once). A business found by an old address is cached as a 301 to its current one.
 */
@Injectable()
export class PageRenderer {
  private readonly logger = new Logger('PageRenderer');
  private bundle?: ServerBundle;
  /** The built index.html without its own title and description, cut where a page writes: its head tags
   * go before `</head>` (templateStart | templateMiddle), the page into `<div id="root">` (templateMiddle |
   * templateRest). */
  private templateStart = '';
  private templateMiddle = '';
  private templateRest = '';
  private shellHtml = '';
  /** The admin back office's own HTML (web/admin.html): its bundle only, no snippet, no ad code. */
  adminShell = '';
  /** Public for tests, which stall a data call and check the shell is sent. */
  dataTimeoutMs = DATA_TIMEOUT_MS;
  private readonly origin: string;

  constructor(
    private readonly reader: PageDataReader,
    private readonly cache: PublicCacheService,
    private readonly searches: SearchLimiter,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.origin = sitemapBaseUrl(config);
  }

  /** Loads the built template and server bundle; without the bundle every page is the client-rendered shell. */
  async load(webDist: string, serverEntry: string): Promise<void> {
    this.shellHtml = readFileSync(join(webDist, 'index.html'), 'utf8');
    this.adminShell = readFileSync(join(webDist, 'admin.html'), 'utf8');
    // The template without the shell's own title and description: each page writes its own.
    const template = this.shellHtml
      .replace(/<title>[\s\S]*?<\/title>\s*/, '')
      .replace(/<meta [^>]*data-head[^>]*>\s*/g, '');
    const headEnd = template.indexOf('</head>');
    const root = template.indexOf('<div id="root"></div>');
    if (headEnd < 0 || root < headEnd) throw new Error(`${webDist}/index.html has no </head> before <div id="root">`);
    this.templateStart = template.slice(0, headEnd);
    this.templateMiddle = `${template.slice(headEnd, root)}<div id="root">`;
    this.templateRest = template.slice(root + '<div id="root"></div>'.length);
    if (!existsSync(serverEntry)) {
      this.logger.warn(`${serverEntry} is missing (build the web app): pages are rendered in the browser only.`);
      return;
    }
    this.bundle = (await import(serverEntry)) as ServerBundle;
  }

  async answer(req: FastifyRequest): Promise<PageAnswer> {
    const bundle = this.bundle;
    const url = new URL(req.url, 'http://localhost');
    if (!bundle || bundle.isClientOnly(url.pathname)) return { kind: 'shell', html: this.shellHtml };
    const page = bundle.matchPublicPage(url.pathname, url.search);
    const data = bundle.pageData(page, url.search);
    if (data.redirect) return { kind: 'redirect', status: 302, location: data.redirect };
    // Rendered from what the page reads of its address, so junk parameters share one rendering and entry.
    const address = page.kind === 'not-found' ? req.url : bundle.pageAddress(page, url.pathname, url.search);
    const prepare = () => this.prepare(bundle, req, address, page, data);
    const compute = async () => storedPage(await prepare());
    try {
      // An address that is no page at all costs nothing to render: not worth a cache entry.
      if (page.kind === 'not-found') return this.pageAnswer(await compute(), 'BYPASS', url.search);
      const slot = await this.cache.lookup('catalogue', `page:${address}`);
      if (slot?.hit) return this.pageAnswer(slot.hit.body.toString(), 'HIT', url.search, slot.hit.etag);
      // A search the engine runs counts for this visitor (its read goes over loopback, which is not counted);
      // past the limit the browser asks itself and is told so.
      if (data.keys.some(isSearchRead) && (await this.searches.wait(req)) !== null) {
        return { kind: 'shell', html: this.shellHtml };
      }
      if (!slot) return this.pageAnswer(await compute(), 'BYPASS', url.search);
      const prepared = await prepare();
      // A page of something that does not exist (any made-up slug) is not kept: a stranger could push the
      // real pages out of the cache with them.
      if (prepared.kind !== 'moved' && prepared.status !== 200)
        return this.pageAnswer(await storedPage(prepared), 'BYPASS', url.search);
      if (prepared.kind === 'moved') {
        const filled = await this.cache.fill(slot.key, PAGE_TTL_SECONDS, () => storedPage(prepared));
        return this.pageAnswer(filled.body.toString(), 'MISS', url.search);
      }
      // Streamed while it renders; kept whole once rendered (a failed render is not kept). The render starts
      // after the head is written (setImmediate: after this turn's callbacks), so the head goes out first.
      const body = new Promise<void>((resolve) => setImmediate(resolve)).then(() => prepared.render());
      this.cache
        .fill(slot.key, PAGE_TTL_SECONDS, () => storedPage({ ...prepared, render: () => body }))
        .catch(() => undefined);
      const rest = body.catch((error: unknown) => {
        this.logger.error(`${req.url} could not be rendered`, error);
        return this.templateEnd;
      });
      return { kind: 'stream', status: prepared.status, head: prepared.head, rest };
    } catch (error) {
      if (!(error instanceof DataTimeout)) this.logger.error(`${req.url} could not be rendered`, error);
      else this.logger.warn(`${req.url}: ${error.message}; the browser renders it`);
      return { kind: 'shell', html: this.shellHtml };
    }
  }

  /** Reads the page's data (within the data timeout) and returns what it is, its head and its render. */
  private async prepare(
    bundle: ServerBundle,
    req: FastifyRequest,
    address: string,
    page: PublicPage,
    data: { keys: string[]; primary?: string },
  ): Promise<PreparedPage> {
    const state: SsrState = { fallback: {}, errors: {}, origin: this.origin };
    let status = page.kind === 'not-found' ? 404 : 200;
    const abort = new AbortController();
    const requestId = req.id;
    const reads = Promise.all(
      data.keys.map(async (key) => {
        const read = await this.reader.read(key, abort.signal, requestId);
        if (read.ok) state.fallback[key] = read.body;
        else {
          // A refused read (unknown slug, bad parameter) is part of the page: it shows it as the browser would.
          state.errors[key] = `${read.status}: ${read.text}`;
          // The page's own read refused (unknown slug, malformed country code): the address names nothing.
          if (key === data.primary) status = 404;
        }
      }),
    );
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(new DataTimeout(`its data took more than ${this.dataTimeoutMs} ms`));
        abort.abort();
      }, this.dataTimeoutMs);
    });
    try {
      await Promise.race([reads, timeout]);
    } finally {
      clearTimeout(timer);
    }
    const primary = data.primary === undefined ? undefined : state.fallback[data.primary];
    const moved = bundle.movedTo(page, primary);
    if (moved) return { kind: 'moved', location: moved };
    // A list page past its last one names nothing either: it says so, answered as a 404.
    const beyond = bundle.outOfRange(page, state.fallback);
    if (beyond) status = 404;
    const head = bundle.pageHead(page, primary, beyond || (data.primary !== undefined && data.primary in state.errors));
    return {
      kind: 'page',
      status,
      head: `${this.templateStart}${bundle.headHtml(head, this.origin)}${this.templateMiddle}`,
      render: async () =>
        `${await bundle.renderPage(address, state, RENDER_TIMEOUT_MS)}</div>` +
        `${SSR_DATA_TAG}${bundle.scriptJson(state)}</script>${this.templateRest}`,
    };
  }

  /** The root left empty and the document's end: the browser renders the page (no server data). */
  private get templateEnd(): string {
    return `</div>${this.templateRest}`;
  }

  /** A stored page: its status, a newline, then its HTML (or, for a 301, the address it moved to). */
  private pageAnswer(stored: string, cache: 'HIT' | 'MISS' | 'BYPASS', search: string, etag?: string): PageAnswer {
    const newline = stored.indexOf('\n');
    const status = Number(stored.slice(0, newline));
    const rest = stored.slice(newline + 1);
    // The query string goes along (campaign parameters); the stored address is the page's, without one.
    if (status === 301) return { kind: 'redirect', status, location: `${rest}${search}` };
    return { kind: 'page', status, html: rest, etag: etag ?? '', cache };
  }
}

/** A page as stored in the cache (see pageAnswer). */
async function storedPage(prepared: PreparedPage): Promise<string> {
  if (prepared.kind === 'moved') return `301\n${prepared.location}`;
  return `${prepared.status}\n${prepared.head}${await prepared.render()}`;
}
