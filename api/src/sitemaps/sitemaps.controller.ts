import {
  Controller,
  Get,
  Header,
  HttpCode,
  Post,
  Req,
  RequestMethod,
  ServiceUnavailableException,
} from '@nestjs/common';
import { ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import { ApiCall } from '../docs/api-responses.js';
import { arrayOf, JobAnswer, object, str } from '../docs/schemas.js';
import type { FastifyRequest } from 'fastify';
import { QUEUES, requestSitemapRegeneration } from '@directory/core';
import { type AdminRequest, Authenticated, Public } from '../auth/access.js';
import { AuditService } from '../audit/audit.service.js';
import { JobQueues } from '../jobs/job-queues.js';
import { SitemapFiles } from './sitemap-files.js';

/** The sitemap files' two shapes: /sitemaps/main.xml and /sitemaps/businesses/page-{n}.xml. */
const SITEMAP_FILES = ['sitemaps/:file', 'sitemaps/businesses/:file'];

/** Served outside the /api prefix (app.factory.ts): the public sitemap paths of admin spec §7, and robots.txt. */
export const SITEMAP_ROUTES = [
  { path: 'robots.txt', method: RequestMethod.GET },
  { path: 'sitemap.xml', method: RequestMethod.GET },
  ...SITEMAP_FILES.map((path) => ({ path, method: RequestMethod.GET })),
];

@ApiTags('sitemaps')
@Controller()
export class SitemapsController {
  constructor(
    private readonly files: SitemapFiles,
    private readonly audit: AuditService,
    private readonly jobs: JobQueues,
  ) {}

  private get queue() {
    return this.jobs.queue(QUEUES.sitemaps);
  }

  @Get('robots.txt')
  @Public()
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=3600')
  @ApiProduces('text/plain')
  @ApiCall('What crawlers may read, and where the sitemap is (public)', {
    status: 200,
    description: 'robots.txt',
    content: { 'text/plain': { schema: { type: 'string' } } },
  })
  robots() {
    return this.files.robots();
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
  index(@Req() req: FastifyRequest) {
    return this.files.file(req.url.split('?', 1)[0]);
  }

  @Get(SITEMAP_FILES)
  @Public()
  @Header('Cache-Control', 'public, max-age=3600')
  @ApiProduces('application/xml')
  @ApiParam({
    name: 'file',
    description: 'main.xml, categories.xml, countries.xml, cities.xml, or page-{n}.xml under businesses/',
  })
  @ApiCall(
    'A sitemap file (public)',
    { status: 200, description: 'XML', content: { 'application/xml': { schema: { type: 'string' } } } },
    404,
  )
  page(@Req() req: FastifyRequest) {
    return this.files.file(req.url.split('?', 1)[0]);
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
  summary() {
    return this.files.summary();
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
}
