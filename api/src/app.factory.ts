import 'reflect-metadata';
import { type INestApplication, ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import cookieParser from 'cookie-parser';
import { loadConfig } from '@directory/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module.js';
import { SITEMAP_ROUTES } from './sitemaps/sitemaps.controller.js';
import { SLUG_REDIRECT_ROUTES } from './slugs/slug-redirect.controller.js';

/** Builds the api exactly as it runs, for main.ts and for the tests. */
export async function createApp(): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule, { logger: ['error', 'warn'] });
  const config = loadConfig();
  app.set('trust proxy', parseTrustProxy(config.TRUST_PROXY));
  app.use(cookieParser());
  // Public paths outside /api: the sitemap files and the permanent redirects of renamed business pages.
  app.setGlobalPrefix('api', { exclude: [...SITEMAP_ROUTES, ...SLUG_REDIRECT_ROUTES] });
  app.useGlobalPipes(
    new ValidationPipe({
      transform: true,
      whitelist: true,
      stopAtFirstError: true,
      transformOptions: { enableImplicitConversion: false },
    }),
  );
  app.enableShutdownHooks();
  return app;
}

/** TRUST_PROXY: true/false, a hop count, or a list of addresses/subnets, as Express reads them. */
function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'true' || value === 'false') return value === 'true';
  return /^\d+$/.test(value) ? Number(value) : value;
}
