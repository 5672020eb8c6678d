import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { PassThrough, type Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import { Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { isAdminPage } from '@directory/core';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AdminModule } from '../admin/admin.module.js';
import { isPublicVisit } from '../admin/visitors.hook.js';
import { VisitorsService } from '../admin/visitors.service.js';
import { BusinessesModule } from '../businesses/businesses.module.js';
import { isFresh, storedEncodingFor } from '../http/conditional.js';
import { newNonce, setPublicPagePolicy } from '../http/security.js';
import { SearchModule } from '../search/search.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { PageDataReader } from './page-data-reader.js';
import { type PageAnswer, PageRenderer, withNonce } from './page-renderer.js';
import { SnippetSources } from './snippet-sources.js';

/** The built React app (web/dist), served from this origin so cookies and socket.io need no CORS. */
export const WEB_DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../../../web/dist');
/** The server entry of the web app (Vite SSR build of web/src/entry-server.tsx). */
export const WEB_SERVER_ENTRY = resolve(WEB_DIST, '../dist-server/entry-server.js');

/** Paths that are never a page of the web app, however they are spelled. */
const NOT_PAGES = /^\/(api|sitemaps|health)(\/|$)|^\/(sitemap\.xml|metrics)$/i;
/** A page's address has no empty, `.` or `..` segment (`//api/admin` is no page, nor a host named api). */
const ODD_PATH = /\/\/|\/\.\.?(\/|$)/;
/** The admin back office's pages (and its legacy aliases): the admin shell, never a public page. */
export const ADMIN_PAGES = /^\/admin(-legacy)?(\/|$)/;

/** The address of every file of the built app (`/assets/index-1a2b.js`, `/favicon.svg`): fixed once built. */
function builtFiles(root: string): Set<string> {
  const files = new Set<string>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) files.add(`/${relative(root, join(entry.parentPath, entry.name)).split('\\').join('/')}`);
  }
  return files;
}

const HTML = 'text/html; charset=utf-8';

/**
 * Serves the web app: its built files (hashed assets cached for a year), the public pages rendered on the
 * server (PageRenderer) and the admin's client-rendered shell. One catch-all route (GET and HEAD) registered
 * when the module initialises, so every api route, more specific, comes first; what is no page goes on to
 * Nest's 404.
 *
 * Content-Security-Policy: the admin shell keeps the strict policy every answer gets (securityHeaders: this
 * origin's scripts only) and loads the admin bundle alone, which inserts no snippet; a public page gets the
 * public policy, with a nonce of its own (added to its inline data after the page cache, so no cached body
 * carries one) and the script sources of the snippets and ad codes saved now (SnippetSources).
 */
@Module({
  imports: [AdminModule, BusinessesModule, SearchModule, SettingsModule],
  providers: [PageRenderer, PageDataReader, SnippetSources],
})
export class WebAppModule implements OnModuleInit {
  private files = new Set<string>();
  private adminShellEtag = '';

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly renderer: PageRenderer,
    private readonly visitors: VisitorsService,
    private readonly snippets: SnippetSources,
  ) {}

  async onModuleInit(): Promise<void> {
    if (!existsSync(join(WEB_DIST, 'index.html'))) return;
    await this.renderer.load(WEB_DIST, WEB_SERVER_ENTRY);
    this.files = builtFiles(WEB_DIST);
    this.adminShellEtag = `W/"${createHash('sha1').update(this.renderer.adminShell).digest('base64url')}"`;
    const app = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    void app.register(async (scope) => {
      await scope.register(fastifyStatic, { root: WEB_DIST, serve: false, index: false });
      scope.route({ method: ['GET', 'HEAD'], url: '/*', handler: (request, reply) => this.serve(request, reply) });
    });
  }

  private async serve(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const path = request.url.split('?', 1)[0];
    // Only an address of a built file is one (no stat, no path the build did not write).
    if (this.files.has(path)) {
      // Vite names assets by content hash: cache them for a year; anything else must revalidate.
      reply.header('Cache-Control', path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      return reply.sendFile(path.slice(1), { cacheControl: false });
    }
    if (NOT_PAGES.test(path) || ODD_PATH.test(path)) {
      reply.callNotFound();
      return reply;
    }
    // A server-rendered page is a visit the browser's api reads no longer show (visitorsHook sees /api only).
    const userAgent = request.headers['user-agent'];
    if (isPublicVisit(request.method, request.url, userAgent)) void this.visitors.record(request.ip, userAgent!);
    // Pages revalidate (ETag): a cached page must not outlive an edit in the browser either.
    if (ADMIN_PAGES.test(path)) {
      reply.header('Cache-Control', 'no-cache').header('ETag', this.adminShellEtag).type(HTML);
      if (isFresh(request.headers, this.adminShellEtag)) return reply.status(304).send();
      // An address that is no admin page gets the shell (it shows the not-found screen) with a 404.
      return reply.status(isAdminPage(path) ? 200 : 404).send(this.renderer.adminShell);
    }
    const nonce = newNonce();
    const [answer, sources] = await Promise.all([this.renderer.answer(request), this.snippets.current()]);
    if (answer.kind === 'redirect') return reply.redirect(answer.location, answer.status);
    setPublicPagePolicy(request.raw, reply.raw, nonce, sources);
    reply.header('Cache-Control', 'no-cache').type(HTML);
    if (answer.kind === 'shell') return reply.send(answer.html);
    if (answer.kind === 'stream') return this.stream(request, reply, answer, nonce);
    reply.header('X-Cache', answer.cache);
    // The ETag is the cached page's, without a nonce (it is weak: the same page, whatever its nonce). A
    // 304 sends a new policy for the copy the browser kept: only that copy's inline data, a JSON block
    // no policy stops, carries the old nonce; snippets are allowed by hash and origin, not by nonce.
    if (answer.etag) {
      reply.header('ETag', answer.etag);
      if (isFresh(request.headers, answer.etag)) return reply.status(304).send();
    }
    return reply.status(answer.status).send(withNonce(answer.html, nonce));
  }

  /**
   * A first render: the head goes out now (the browser starts on the page's scripts and styles), the page
   * once rendered; no ETag yet: the cached copy that answers the next request carries one. Compressed here,
   * flushed after the head, where @fastify/compress would hold the head until the page is done.
   */
  private stream(
    request: FastifyRequest,
    reply: FastifyReply,
    answer: Extract<PageAnswer, { kind: 'stream' }>,
    nonce: string,
  ): FastifyReply {
    reply.status(answer.status).header('X-Cache', 'MISS');
    const encoding = storedEncodingFor(request.headers);
    const body: Writable & NodeJS.ReadableStream & { flush?: (done?: () => void) => void } =
      encoding === 'br'
        ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
        : encoding === 'gzip'
          ? createGzip()
          : new PassThrough();
    if (encoding) reply.header('Content-Encoding', encoding).header('Vary', 'Accept-Encoding');
    body.write(answer.head);
    body.flush?.();
    void answer.rest.then((rest) => body.end(withNonce(rest, nonce)));
    return reply.send(body);
  }
}
