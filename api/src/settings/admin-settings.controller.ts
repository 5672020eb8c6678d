import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AdminRequest } from '../auth/admin.guard.js';
import { AuditService } from '../audit/audit.service.js';
import { AggregatesRefresher } from '../queue/aggregates-refresher.js';
import { AdvertisementCodesDto, SiteSettingsDto } from './settings.dto.js';
import { SettingsService } from './settings.service.js';

@Controller('admin')
export class AdminSettingsController {
  constructor(
    private readonly settings: SettingsService,
    private readonly audit: AuditService,
    private readonly aggregates: AggregatesRefresher,
    private readonly em: EntityManager,
  ) {}

  @Post('site-settings')
  @HttpCode(200)
  async saveSiteSettings(@Body() body: SiteSettingsDto, @Req() req: AdminRequest) {
    const saved = await this.settings.saveSiteSettings(body);
    await this.audit.record(req.admin!.username, 'settings.save', { keys: Object.keys(body) });
    return { success: true, message: 'Site ayarları kaydedildi', settings: saved };
  }

  @Post('advertisement-codes')
  @HttpCode(200)
  async saveAdvertisementCodes(@Body() body: AdvertisementCodesDto, @Req() req: AdminRequest) {
    const saved = await this.settings.saveAdvertisementCodes(body);
    await this.audit.record(req.admin!.username, 'advertisements.save', { slots: Object.keys(body) });
    return { success: true, message: 'Reklam kodları kaydedildi', codes: saved };
  }

  /** Clears what the server derives from the data: the public counts are recomputed by the worker. */
  @Post('clear-cache')
  @HttpCode(200)
  async clearCache(@Req() req: AdminRequest) {
    await this.aggregates.requestRefresh();
    await this.audit.record(req.admin!.username, 'cache.clear');
    return { success: true, message: 'Cache temizlendi' };
  }

  @Get('upload-reports')
  async uploadReports() {
    const rows = await this.em.execute<{ id: string; file_name: string; report: object; created_at: Date }[]>(
      'select * from upload_reports order by created_at desc, id desc limit 20',
    );
    return rows.map((r) => ({ id: Number(r.id), fileName: r.file_name, timestamp: r.created_at, ...r.report }));
  }
}
