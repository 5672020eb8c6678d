import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/access.js';
import { CACHE_POLICIES, PublicCache } from '../cache/cache-policy.js';
import { ApiCall } from '../docs/api-responses.js';
import { AdCodes, SiteSettings } from '../docs/schemas.js';
import { SettingsService } from './settings.service.js';

/** The two admin-path reads the public site makes without a session (public spec §7). */
@ApiTags('settings')
@Controller('admin')
@Public()
export class PublicSettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Get('site-settings')
  @PublicCache(CACHE_POLICIES.settings)
  @ApiCall('The site-wide snippets every public page inserts (public, no session)', SiteSettings)
  siteSettings() {
    return this.settings.siteSettings();
  }

  @Get('advertisement-codes')
  @PublicCache(CACHE_POLICIES.settings)
  @ApiCall('The four ad slots ad1..ad4 (public, no session)', AdCodes)
  advertisementCodes() {
    return this.settings.advertisementCodes();
  }
}
