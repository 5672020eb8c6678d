import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { NestFactory, Reflector } from '@nestjs/core';
import { ExpressAdapter, type NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import express from 'express';
import { Logger } from 'nestjs-pino';
import { loadConfig } from '@directory/core';
import { AppModule } from './app.module.js';
import { setupApiDocs } from './docs/api-docs.js';
import { HEALTH_ROUTES } from './health/health.controller.js';
import { RejectNulPipe } from './http/reject-nul.js';
import { SingleValuesPipe } from './http/single-values.js';
import { RequestBodyInterceptor } from './http/request-body.js';
import { configureCors, securityHeaders } from './http/security.js';
import { ValidationOncePipe } from './http/validation.js';
import { requestIdMiddleware } from './logging/request-id.js';
import { METRICS_ROUTES } from './metrics/metrics.controller.js';
import { httpMetricsMiddleware } from './metrics/http-metrics.middleware.js';
import { Metrics } from './metrics/metrics.js';
import { SITEMAP_ROUTES } from './sitemaps/sitemaps.controller.js';

/** Builds the api exactly as it runs, for main.ts and for the tests (which may add a module around it). */
export async function createApp(root: object = AppModule): Promise<INestApplication> {
  // A route matches its path exactly as declared: /api/ADMIN/... or /api/admin/stats/ is no route (404).
  const server = express();
  server.set('case sensitive routing', true);
  server.set('strict routing', true);
  const app = await NestFactory.create<NestExpressApplication>(root, new ExpressAdapter(server), {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  const config = loadConfig();
  app.set('trust proxy', parseTrustProxy(config.TRUST_PROXY));
  app.disable('x-powered-by');
  // Order matters: the request id first (every later line and job carries it), then timing, headers and
  // compression (gzip or brotli, as the client accepts). Bodies are read per route, after the access guard
  // (RequestBodyInterceptor).
  app.use(requestIdMiddleware);
  app.use(httpMetricsMiddleware(app.get(Metrics)));
  app.use(securityHeaders());
  app.use(compression());
  app.use(cookieParser());
  configureCors(app, config);
  // Public paths outside /api: the sitemap files, the health probes and the Prometheus metrics.
  app.setGlobalPrefix('api', {
    exclude: [...SITEMAP_ROUTES, ...HEALTH_ROUTES, ...METRICS_ROUTES],
  });
  app.useGlobalInterceptors(new RequestBodyInterceptor(app.get(Reflector)));
  app.useGlobalPipes(new RejectNulPipe()); // first: it sees every parameter as sent (http/reject-nul.ts)
  app.useGlobalPipes(new SingleValuesPipe());
  app.useGlobalPipes(
    new ValidationOncePipe({
      transform: true,
      whitelist: true,
      stopAtFirstError: true,
      transformOptions: { enableImplicitConversion: false },
    }),
  );
  setupApiDocs(app);
  // SIGTERM is handled by main.ts (health/graceful-shutdown.ts): requests finish before anything closes.
  return app;
}

/** TRUST_PROXY: true/false, a hop count, or a list of addresses/subnets, as Express reads them. */
function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'true' || value === 'false') return value === 'true';
  return /^\d+$/.test(value) ? Number(value) : value;
}
