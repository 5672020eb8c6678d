import { Module } from '@nestjs/common';
import { SitemapsController } from './sitemaps.controller.js';

@Module({ controllers: [SitemapsController] })
export class SitemapsModule {}
