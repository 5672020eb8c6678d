import { Module } from '@nestjs/common';
import { AdminSettingsController } from './admin-settings.controller.js';
import { PublicSettingsController } from './public-settings.controller.js';
import { SettingsService } from './settings.service.js';
import { UploadReportsRepository } from './upload-reports.repository.js';

@Module({
  controllers: [PublicSettingsController, AdminSettingsController],
  providers: [SettingsService, UploadReportsRepository],
  exports: [SettingsService],
})
export class SettingsModule {}
