import { Controller, Get } from '@nestjs/common';
import { PublicAdminRoute } from '../auth/admin.guard.js';
import { SettingsService } from './settings.service.js';

/** The two admin-path reads the public site makes without a session (public spec §7). */
@Controller('admin')
@PublicAdminRoute()
export class PublicSettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Get('site-settings')
  siteSettings() {
    return this.settings.siteSettings();
  }

  @Get('advertisement-codes')
  advertisementCodes() {
    return this.settings.advertisementCodes();
  }
}
