import { type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import { AdminBusinessesController } from './admin-businesses.controller.js';
import { AdminBusinessesRepository } from './admin-businesses.repository.js';
import { AdminBusinessesService } from './admin-businesses.service.js';
import { AdminSystemController } from './admin-system.controller.js';
import { AdminReportsController } from './reports.controller.js';
import { ReportsService } from './reports.service.js';
import { SystemService } from './system.service.js';
import { VisitorsMiddleware } from './visitors.middleware.js';
import { VisitorsService } from './visitors.service.js';
import { PlaceAliasesService } from '../aliases/place-aliases.service.js';

@Module({
  controllers: [AdminBusinessesController, AdminSystemController, AdminReportsController],
  providers: [
    AdminBusinessesService,
    AdminBusinessesRepository,
    PlaceAliasesService,
    SystemService,
    VisitorsService,
    ReportsService,
  ],
  // The web app counts visits of the pages it renders on the server (they read no api from the browser).
  exports: [VisitorsService],
})
export class AdminModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    // Every GET under /api (each page of the web app reads the public api); the middleware keeps the visits.
    consumer.apply(VisitorsMiddleware).forRoutes({ path: '{*path}', method: RequestMethod.GET });
  }
}
