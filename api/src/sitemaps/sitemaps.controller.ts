import {
  Controller,
  Get,
  Header,
  HttpCode,
  Inject,
  NotFoundException,
  Post,
  Req,
  RequestMethod,
  ServiceUnavailableException,
  StreamableFile,
} from '@nestjs/common';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import { ApiCall } from '../docs/api-responses.js';
import { arrayOf, JobAnswer, object, str } from '../docs/schemas.js';
import type { Request } from 'express';
import {
  type AppConfig,
  currentSitemapsDir,
  QUEUES,
  readSitemapManifest,
  requestSitemapRegeneration,
  sitemapBaseUrl,
  sitemapRelativePath,
} from '@directory/core';
import { type AdminRequest, Authenticated, Public } from '../auth/access.js';
import { AuditService } from '../audit/audit.service.js';
import { APP_CONFIG } from '../config/config.module.js';
import { JobQueues } from '../jobs/job-queues.js';

/** Served outside the /api prefix (app.factory.ts): the public sitemap paths of admin spec §7. */
export const SITEMAP_ROUTES = [
  { path: 'sitemap.xml', method: RequestMethod.GET },
  { path: 'sitemaps/*path', method: RequestMethod.GET },
];

@ApiTags('sitemaps')
@Controller()
export class SitemapsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly audit: AuditService,
    private readonly jobs: JobQueues,
  ) {}

  private get queue() {
    return this.jobs.queue(QUEUES.sitemaps);
  }

  private get root(): string {
    return resolve(this.config.DATA_DIR, 'sitemaps');
  }

  /** The sitemap index and its files, as the worker last generated them. Public. */
  @Get('sitemap.xml')
  @Public()
  @Header('Cache-Control', 'public, max-age=3600')
  @ApiProduces('application/xml')
  @ApiCall(
    'The sitemap index (public)',
    { status: 200, description: 'XML', content: { 'application/xml': { schema: { type: 'string' } } } },
    404,
  )
  index(@Req() req: Request) {
    return this.file(req.path);
  }

  @Get('sitemaps/*path')
  @Public()
  @Header('Cache-Control', 'public, max-age=3600')
  @ApiProduces('application/xml')
  @ApiParam({
    name: 'path',
    description: 'main.xml, categories.xml, countries.xml, cities.xml or businesses/page-{n}.xml',
  })
  @ApiCall(
    'A sitemap file (public)',
    { status: 200, description: 'XML', content: { 'application/xml': { schema: { type: 'string' } } } },
    404,
  )
  page(@Req() req: Request) {
    return this.file(req.path);
  }

  /** The settings screen's sitemap section: when, how many businesses, which files with how many URLs. */
  @Get('admin/sitemaps')
  @Authenticated()
  @ApiCall(
    'When the sitemaps were generated, for how many businesses, and their files',
    object({
      generatedAt: { type: 'string', nullable: true },
      businessCount: { type: 'integer' },
      pageSize: { type: 'integer', nullable: true },
      indexUrl: str,
      files: arrayOf(object({ path: str, url: str, urlCount: { type: 'integer' } })),
    }),
  )
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

  /** Regenerates now (a pending debounced regeneration is brought forward instead of adding another). */
  @Post('admin/sitemaps/regenerate')
  @Authenticated()
  @HttpCode(202)
  @ApiCall('Regenerates the sitemaps now', { status: 202, schema: JobAnswer, description: 'Queued' }, 403, 503)
  async regenerate(@Req() req: AdminRequest) {
    const job = await this.audit.write(
      req.admin,
      'sitemaps.regenerate',
      () =>
        requestSitemapRegeneration(this.queue, { delayMs: 0 }).catch((error) => {
          throw new ServiceUnavailableException(
            `The sitemap regeneration could not be queued (${(error as Error).message}); try again in a moment.`,
          );
        }),
      (queued) => ({ jobId: queued.id }),
    );
    return {
      success: true,
      jobId: job.id,
      message: 'The sitemaps are being regenerated; GET /api/admin/sitemaps shows them when done.',
    };
  }

  private async file(urlPath: string): Promise<StreamableFile> {
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
