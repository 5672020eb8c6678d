import { Module } from '@nestjs/common';
import { SlugRedirectController } from './slug-redirect.controller.js';
import { SlugsController } from './slugs.controller.js';

@Module({ controllers: [SlugsController, SlugRedirectController] })
export class SlugsModule {}
