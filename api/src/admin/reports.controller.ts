import { Controller, Get } from '@nestjs/common';
import { ReportsService } from './reports.service.js';

/** The Reports screen's charts (admin spec §2 Reports): countries, categories, imports over time, ratings. */
@Controller('admin')
export class AdminReportsController {
  constructor(private readonly reports: ReportsService) {}

  @Get('reports')
  read() {
    return this.reports.reports();
  }
}
