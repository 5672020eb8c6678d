import { Module } from '@nestjs/common';
import { AdminBusinessesController } from './admin-businesses.controller.js';
import { AdminBusinessesRepository } from './admin-businesses.repository.js';
import { AdminBusinessesService } from './admin-businesses.service.js';
import { AdminSystemController } from './admin-system.controller.js';
import { AdminReportsController } from './reports.controller.js';
import { ReportsService } from './reports.service.js';
import { SystemService } from './system.service.js';
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
  // visitorsHook (app.factory.ts) counts the api's reads; the web app the pages it renders on the server.
  exports: [VisitorsService],
})
export class AdminModule {}
