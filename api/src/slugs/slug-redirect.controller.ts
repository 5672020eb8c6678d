import { Controller, Get, Next, Param, Req, RequestMethod, Res } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { ApiTags } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import { ApiCall } from '../docs/api-responses.js';

/** Served outside the /api prefix (app.factory.ts): the web app's business page address. */
export const SLUG_REDIRECT_ROUTES = [{ path: 'business/:slug', method: RequestMethod.GET }];

/**
 * A renamed business keeps its old address: /business/{old slug} answers 301 with /business/{new slug}, so
 * links and search engines move to the new address. Any other business address goes on to the web app.
 */
@ApiTags('public files')
@Controller()
export class SlugRedirectController {
  constructor(private readonly em: EntityManager) {}

  @Get('business/:slug')
  @ApiCall('A renamed business page: 301 to its new address; any other address is the web app', {
    status: 301,
    description: 'Moved to /business/{new slug}',
  })
  async redirect(
    @Param('slug') slug: string,
    @Req() req: Request,
    @Res() res: Response,
    @Next() next: NextFunction,
  ): Promise<void> {
    const [row] = await this.em.fork().execute<{ slug: string }[]>(
      `select b.slug from slug_redirects r join businesses b on b.id = r.business_id
       where r.old_slug = ? and b.slug <> r.old_slug and b.is_approved
         and not exists (select 1 from businesses current where current.slug = ?)`,
      [slug, slug],
    );
    if (!row) return next();
    const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
    res.redirect(301, `/business/${encodeURIComponent(row.slug)}${query}`);
  }
}
