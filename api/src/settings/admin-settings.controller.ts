import { Body, Controller, Get, HttpCode, Post, Req, ServiceUnavailableException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AdminRequest } from '../auth/admin.guard.js';
import { AuditService } from '../audit/audit.service.js';
import { AggregatesRefresher } from '../queue/aggregates-refresher.js';
import { PublicCacheService } from '../cache/public-cache.service.js';
import { ApiCall } from '../docs/api-responses.js';
import { AdCodes, arrayOf, GenericObject, object, SiteSettings, str, Success } from '../docs/schemas.js';
import { AdvertisementCodesDto, SiteSettingsDto } from './settings.dto.js';
import { SettingsService } from './settings.service.js';

@ApiTags('admin settings')
@Controller('admin')
export class AdminSettingsController {
  constructor(
    private readonly settings: SettingsService,
    private readonly audit: AuditService,
    private readonly aggregates: AggregatesRefresher,
    private readonly em: EntityManager,
    private readonly cache: PublicCacheService,
  ) {}

  @Post('site-settings')
  @HttpCode(200)
  @ApiCall(
    'Saves the snippets given (keys left out keep their value)',
    object({ success: { type: 'boolean' }, message: str, settings: SiteSettings }),
    400,
    403,
    413,
  )
  async saveSiteSettings(@Body() body: SiteSettingsDto, @Req() req: AdminRequest) {
    const saved = await this.settings.saveSiteSettings(body);
    await this.audit.record(req.admin!.username, 'settings.save', { keys: Object.keys(body) });
    return { success: true, message: 'Site ayarları kaydedildi', settings: saved };
  }

  @Post('advertisement-codes')
  @HttpCode(200)
  @ApiCall(
    'Saves the ad slots given (at most 50 KB each)',
    object({ success: { type: 'boolean' }, message: str, codes: AdCodes }),
    400,
    403,
    413,
  )
  async saveAdvertisementCodes(@Body() body: AdvertisementCodesDto, @Req() req: AdminRequest) {
    const saved = await this.settings.saveAdvertisementCodes(body);
    await this.audit.record(req.admin!.username, 'advertisements.save', { slots: Object.keys(body) });
    return { success: true, message: 'Reklam kodları kaydedildi', codes: saved };
  }

  /**
   * Clears what the server derives from the data: the public read cache is emptied at once and the public
   * counts are recomputed by the worker.
   */
  @Post('clear-cache')
  @HttpCode(200)
  @ApiCall('Empties the public read cache and recomputes the public counts', Success, 403, 503)
  async clearCache(@Req() req: AdminRequest) {
    await this.cache.clear().catch((error: Error) => {
      throw new ServiceUnavailableException(`The cache could not be cleared (${error.message}); try again shortly.`);
    });
    await this.aggregates.requestRefresh();
    await this.audit.record(req.admin!.username, 'cache.clear');
    return { success: true, message: 'Cache temizlendi' };
  }

  @Get('upload-reports')
  @ApiCall('The 20 latest upload reports', arrayOf(GenericObject))
  async uploadReports() {
    const rows = await this.em.execute<{ id: string; file_name: string; report: object; created_at: Date }[]>(
      'select * from upload_reports order by created_at desc, id desc limit 20',
    );
    return rows.map((r) => ({ id: Number(r.id), fileName: r.file_name, timestamp: r.created_at, ...r.report }));
  }
}
