import { Module } from '@nestjs/common';
import { PublicSettingsController } from './public-settings.controller.js';
import { SettingsService } from './settings.service.js';

@Module({ controllers: [PublicSettingsController], providers: [SettingsService], exports: [SettingsService] })
export class SettingsModule {}
