import { Inject, Injectable, NotFoundException, StreamableFile } from '@nestjs/common';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  type AppConfig,
  currentSitemapsDir,
  readSitemapManifest,
  sitemapBaseUrl,
  sitemapRelativePath,
} from '@directory/core';
import { APP_CONFIG } from '../config/config.module.js';

/** The sitemap files the worker generates under DATA_DIR/sitemaps, as the api reads and serves them. */
@Injectable()
export class SitemapFiles {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  private get root(): string {
    return resolve(this.config.DATA_DIR, 'sitemaps');
  }

  /** robots.txt: crawlers keep out of the back office and the api, and are pointed to the sitemap index. */
  robots(): string {
    const base = sitemapBaseUrl(this.config);
    return ['User-agent: *', 'Disallow: /admin', 'Disallow: /api/', '', `Sitemap: ${base}/sitemap.xml`, ''].join('\n');
  }

  /** When the sitemaps were generated, for how many businesses, and their files with full addresses. */
  async summary() {
    const manifest = await readSitemapManifest(this.root);
    const baseUrl = manifest?.baseUrl ?? sitemapBaseUrl(this.config);
    return {
      generatedAt: manifest?.generatedAt ?? null,
      businessCount: manifest?.businessCount ?? 0,
      pageSize: manifest?.pageSize ?? null,
      indexUrl: `${baseUrl}/sitemap.xml`,
      files: (manifest?.files ?? []).map((f) => ({ path: f.path, url: baseUrl + f.path, urlCount: f.urlCount })),
    };
  }

  /** The file at a public sitemap address; 404 naming why when there is none. */
  async file(urlPath: string): Promise<StreamableFile> {
    const relative = sitemapRelativePath(urlPath);
    if (!relative) throw new NotFoundException(`There is no sitemap at ${urlPath}.`);
    const path = join(currentSitemapsDir(this.root), relative);
    const info = await stat(path).catch(() => null);
    if (!info) {
      throw new NotFoundException(
        (await readSitemapManifest(this.root))
          ? `There is no sitemap at ${urlPath}.`
          : 'The sitemaps have not been generated yet; the worker writes them shortly after it starts.',
      );
    }
    return new StreamableFile(createReadStream(path), { type: 'application/xml; charset=utf-8', length: info.size });
  }
}
