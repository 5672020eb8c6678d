import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Module } from '@nestjs/common';
import { ServeStaticModule } from '@nestjs/serve-static';

/** The built React app (web/dist), served from this origin so cookies and socket.io need no CORS. */
export const WEB_DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

@Module({
  imports: existsSync(join(WEB_DIST, 'index.html'))
    ? [
        ServeStaticModule.forRoot({
          rootPath: WEB_DIST,
          // Client-side routes fall back to index.html; api and sitemap paths never do.
          exclude: ['/api/{*path}', '/sitemap.xml', '/sitemaps/{*path}', '/health/{*path}', '/metrics'],
          serveStaticOptions: {
            setHeaders: (res, path) => {
              // Vite names assets by content hash: cache them for a year; index.html must revalidate.
              res.setHeader(
                'Cache-Control',
                path.includes(`${WEB_DIST}/assets/`) ? 'public, max-age=31536000, immutable' : 'no-cache',
              );
            },
          },
        }),
      ]
    : [],
})
export class WebAppModule {}
