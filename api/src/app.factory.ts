import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { NestFactory, Reflector } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { MikroORM } from '@mikro-orm/core';
import { Logger, PinoLogger } from 'nestjs-pino';
import { loadConfig } from '@directory/core';
import { visitorsHook } from './admin/visitors.hook.js';
import { VisitorsService } from './admin/visitors.service.js';
import { AppModule } from './app.module.js';
import { requestContextHook } from './database/request-context.js';
import { setupApiDocs } from './docs/api-docs.js';
import { HEALTH_ROUTES } from './health/health.controller.js';
import { recordRoutes } from './http/held-routes.js';
import { RejectNulPipe } from './http/reject-nul.js';
import { SingleValuesPipe } from './http/single-values.js';
import { deferBodies, RequestBodyInterceptor } from './http/request-body.js';
import { configureCors, routerRefusal, securityHeaders } from './http/security.js';
import { ValidationOncePipe } from './http/validation.js';
import { requestIdHook, requestIdOf } from './logging/request-id.js';
import { requestLogHook } from './logging/request-log.js';
import { METRICS_ROUTES } from './metrics/metrics.controller.js';
import { httpMetricsHook } from './metrics/http-metrics.hook.js';
import { Metrics } from './metrics/metrics.js';
import { SITEMAP_ROUTES } from './sitemaps/sitemaps.controller.js';

/** Builds the api exactly as it runs, for main.ts and for the tests (which may add a module around it). */
export async function createApp(root: object = AppModule): Promise<INestApplication> {
  const config = loadConfig();
  const headers = securityHeaders();
  const adapter = new FastifyAdapter({
    trustProxy: parseTrustProxy(config.TRUST_PROXY),
    // A route matches its path exactly as declared: /api/ADMIN/... or /api/admin/stats/ is no route (404).
    // A path parameter of any length reaches its route, whose validation names the rule (a slug's 300 characters).
    routerOptions: {
      caseSensitive: true,
      ignoreTrailingSlash: false,
      ignoreDuplicateSlashes: false,
      maxParamLength: 2048,
    },
    // The request id is the api's own (logging/request-id.ts), not Fastify's counter.
    genReqId: requestIdOf,
    frameworkErrors: routerRefusal(headers),
    logger: false,
    // Node's own limits, which Fastify would lift: a request (an upload included) has 5 minutes, an idle
    // kept-alive connection 5 seconds, so no slow client holds a connection for ever.
    requestTimeout: 300_000,
    keepAliveTimeout: 5_000,
  });
  const app = await NestFactory.create<NestFastifyApplication>(root, adapter, { bufferLogs: true, bodyParser: false });
  app.useLogger(app.get(Logger));
  const fastify = app.getHttpAdapter().getInstance();
  // Order matters: the request id first (every later line and job carries it), then timing and headers, the
  // request log, the visitors count and the ORM's request context (Fastify hooks: no Nest middleware runs).
  // Compression (gzip or brotli, as the client accepts) wraps every route registered after it, so it comes
  // before the routes. Bodies are read per route, after the access guard (RequestBodyInterceptor).
  recordRoutes(fastify);
  fastify.addHook('onRequest', requestIdHook);
  fastify.addHook('onResponse', httpMetricsHook(app.get(Metrics)));
  fastify.addHook('onRequest', headers);
  const requestLog = requestLogHook(
    PinoLogger.root,
    SITEMAP_ROUTES.map(({ path }) => `/${path}`),
  );
  if (requestLog) fastify.addHook('onRequest', requestLog);
  fastify.addHook('onRequest', visitorsHook(app.get(VisitorsService)));
  fastify.addHook('onRequest', requestContextHook(app.get(MikroORM)));
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(cookie);
  deferBodies(fastify);
  await app.register(multipart);
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

/**
 * TRUST_PROXY: true/false, a hop count (that many proxies in front are trusted), or a list of
 * addresses/subnets (proxy-addr's).
 */
function parseTrustProxy(value: string): boolean | string | ((address: string, hop: number) => boolean) {
  if (value === 'true' || value === 'false') return value === 'true';
  if (!/^\d+$/.test(value)) return value;
  const hops = Number(value);
  return (_address, hop) => hop < hops;
}
