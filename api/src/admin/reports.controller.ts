import { Controller, Get } from '@nestjs/common';
import { ReportsService } from './reports.service.js';
import { ApiTags } from '@nestjs/swagger';
import { ApiCall } from '../docs/api-responses.js';
import { GenericObject } from '../docs/schemas.js';
import { Authenticated } from '../auth/access.js';

/** The Reports screen's charts (admin spec §2 Reports): countries, categories, imports over time, ratings. */
@ApiTags('admin dashboard')
@Controller('admin')
@Authenticated()
export class AdminReportsController {
  constructor(private readonly reports: ReportsService) {}

  @Get('reports')
  @ApiCall('The reports page figures', GenericObject)
  read() {
    return this.reports.reports();
  }
}
