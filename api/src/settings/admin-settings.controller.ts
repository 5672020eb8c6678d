import { Body, Controller, Get, HttpCode, Post, Put, Req, ServiceUnavailableException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AuditService } from '../audit/audit.service.js';
import { AggregatesRefresher } from '../queue/aggregates-refresher.js';
import { PublicCacheService } from '../cache/public-cache.service.js';
import { ApiCall } from '../docs/api-responses.js';
import { AdCodes, arrayOf, GenericObject, object, SiteSettings, str, Success } from '../docs/schemas.js';
import { AdvertisementCodesDto, ImportApprovalDto, SiteSettingsDto, SNIPPETS_BODY_LIMIT } from './settings.dto.js';
import { SettingsService } from './settings.service.js';
import { UploadReportsRepository } from './upload-reports.repository.js';
import { type AdminRequest, Authenticated } from '../auth/access.js';
import { JsonBody } from '../http/request-body.js';

@ApiTags('admin settings')
@Controller('admin')
@Authenticated()
export class AdminSettingsController {
  constructor(
    private readonly settings: SettingsService,
    private readonly audit: AuditService,
    private readonly aggregates: AggregatesRefresher,
    private readonly reports: UploadReportsRepository,
    private readonly cache: PublicCacheService,
  ) {}

  @Post('site-settings')
  @JsonBody(SNIPPETS_BODY_LIMIT)
  @HttpCode(200)
  @ApiCall(
    'Saves the snippets given (keys left out keep their value)',
    object({ success: { type: 'boolean' }, message: str, settings: SiteSettings }),
    400,
    403,
    413,
  )
  async saveSiteSettings(@Body() body: SiteSettingsDto, @Req() req: AdminRequest) {
    const saved = await this.audit.write(
      req.admin,
      'settings.save',
      () => this.settings.saveSiteSettings(body),
      () => ({ keys: Object.keys(body) }),
    );
    return { success: true, message: 'Site ayarları kaydedildi', settings: saved };
  }

  @Post('advertisement-codes')
  @JsonBody(SNIPPETS_BODY_LIMIT)
  @HttpCode(200)
  @ApiCall(
    'Saves the ad slots given (at most 50 KB each)',
    object({ success: { type: 'boolean' }, message: str, codes: AdCodes }),
    400,
    403,
    413,
  )
  async saveAdvertisementCodes(@Body() body: AdvertisementCodesDto, @Req() req: AdminRequest) {
    const saved = await this.audit.write(
      req.admin,
      'advertisements.save',
      () => this.settings.saveAdvertisementCodes(body),
      () => ({ slots: Object.keys(body) }),
    );
    return { success: true, message: 'Reklam kodları kaydedildi', codes: saved };
  }

  @Get('import-approval')
  @ApiCall('Whether imported businesses wait for approval before they are public', GenericObject)
  async importApproval() {
    return { needsApproval: await this.settings.importsNeedApproval() };
  }

  /** Applies to imports that start after it; an import already running keeps the value it read. */
  @Put('import-approval')
  @JsonBody('1kb')
  @ApiCall('Sets whether imported businesses wait for approval', GenericObject, 400, 403, 413)
  async saveImportApproval(@Body() body: ImportApprovalDto, @Req() req: AdminRequest) {
    const needsApproval = await this.audit.write(
      req.admin,
      'settings.import-approval',
      () => this.settings.saveImportsNeedApproval(body.needsApproval),
      () => ({ needsApproval: body.needsApproval }),
    );
    return { success: true, needsApproval };
  }

  /**
   * Clears what the server derives from the data: the public read cache is emptied at once and the public
   * counts are recomputed by the worker.
   */
  @Post('clear-cache')
  @HttpCode(200)
  @ApiCall('Empties the public read cache and recomputes the public counts', Success, 403, 503)
  async clearCache(@Req() req: AdminRequest) {
    await this.audit.write(req.admin, 'cache.clear', async () => {
      await this.cache.clear().catch((error: Error) => {
        throw new ServiceUnavailableException(`The cache could not be cleared (${error.message}); try again shortly.`);
      });
      await this.aggregates.requestRefresh();
    });
    return { success: true, message: 'Cache temizlendi' };
  }

  @Get('upload-reports')
  @ApiCall('The 20 latest upload reports', arrayOf(GenericObject))
  uploadReports() {
    return this.reports.latest();
  }
}
