import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { isAdminPage } from '@directory/core';
import express, { type NextFunction, type Request, type Response } from 'express';
import { AdminModule } from '../admin/admin.module.js';
import { isPublicVisit } from '../admin/visitors.middleware.js';
import { VisitorsService } from '../admin/visitors.service.js';
import { BusinessesModule } from '../businesses/businesses.module.js';
import { newNonce, setPublicPagePolicy } from '../http/security.js';
import { SearchModule } from '../search/search.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { PageDataReader } from './page-data-reader.js';
import { PageRenderer, withNonce } from './page-renderer.js';
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

/**
 * Serves the web app: its built files (hashed assets cached for a year), the public pages rendered on the
 * server (PageRenderer) and the admin's client-rendered shell. Registered when the module initialises,
 * that is after the api's routes and before Nest's 404 handler.
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
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly renderer: PageRenderer,
    private readonly visitors: VisitorsService,
    private readonly snippets: SnippetSources,
  ) {}

  async onModuleInit(): Promise<void> {
    if (!existsSync(join(WEB_DIST, 'index.html'))) return;
    await this.renderer.load(WEB_DIST, WEB_SERVER_ENTRY);
    const app = this.adapterHost.httpAdapter.getInstance<express.Express>();
    const files = express.static(WEB_DIST, {
      index: false,
      setHeaders: (res, path) => {
        // Vite names assets by content hash: cache them for a year; anything else must revalidate.
        res.setHeader(
          'Cache-Control',
          path.startsWith(join(WEB_DIST, 'assets')) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    // Only an address with a file extension can be one of the built files: a page address costs no stat.
    app.use((req: Request, res: Response, next: NextFunction) =>
      /\.[A-Za-z0-9]+$/.test(req.path) ? files(req, res, next) : next(),
    );
    app.use((req: Request, res: Response, next: NextFunction) => {
      if ((req.method !== 'GET' && req.method !== 'HEAD') || NOT_PAGES.test(req.path) || ODD_PATH.test(req.path)) {
        return next();
      }
      // A server-rendered page is a visit the browser's api reads no longer show (VisitorsMiddleware sees /api only).
      const userAgent = req.get('user-agent');
      if (isPublicVisit(req.method, req.originalUrl, userAgent)) {
        void this.visitors.record(req.ip ?? req.socket.remoteAddress ?? 'unknown', userAgent!);
      }
      // Pages revalidate (ETag): a cached page must not outlive an edit in the browser either.
      if (ADMIN_PAGES.test(req.path)) {
        res.setHeader('Cache-Control', 'no-cache');
        // An address that is no admin page gets the shell (it shows the not-found screen) with a 404.
        return void res
          .status(isAdminPage(req.path) ? 200 : 404)
          .type('html')
          .send(this.renderer.adminShell);
      }
      const nonce = newNonce();
      Promise.all([this.renderer.answer(req), this.snippets.current()])
        .then(([answer, sources]) => {
          if (answer.kind === 'redirect') return res.redirect(answer.status, answer.location);
          setPublicPagePolicy(req, res, nonce, sources);
          res.setHeader('Cache-Control', 'no-cache');
          res.type('html');
          if (answer.kind === 'shell') return res.send(answer.html);
          if (answer.kind === 'stream') {
            // The head goes out now (the browser starts on the page's scripts and styles), the page once
            // rendered; no ETag yet: the cached copy that answers the next request carries one.
            res.status(answer.status).setHeader('X-Cache', 'MISS');
            res.write(answer.head);
            (res as Response & { flush?: () => void }).flush?.(); // through compression, when it is on
            return void answer.rest.then((rest) => res.end(withNonce(rest, nonce)));
          }
          res.setHeader('X-Cache', answer.cache);
          // The ETag is the cached page's, without a nonce (it is weak: the same page, whatever its nonce). A
          // 304 sends a new policy for the copy the browser kept: only that copy's inline data, a JSON block
          // no policy stops, carries the old nonce; snippets are allowed by hash and origin, not by nonce.
          if (answer.etag) res.setHeader('ETag', answer.etag);
          res.status(answer.status).send(withNonce(answer.html, nonce));
        })
        .catch(next);
    });
  }
}
