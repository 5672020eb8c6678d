import { Module } from '@nestjs/common';
import { SitemapFiles } from './sitemap-files.js';
import { SitemapsController } from './sitemaps.controller.js';

@Module({ controllers: [SitemapsController], providers: [SitemapFiles] })
export class SitemapsModule {}
