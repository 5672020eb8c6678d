import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { type ExportInput, parseExportRequest, parseLegacyExportRequest } from '@directory/core';
import { type AdminRequest, AdminOnly } from '../auth/admin.guard.js';
import { AuditService } from '../audit/audit.service.js';
import { ExportsService, parsed } from './exports.service.js';

/**
 * Admin spec §7 exports. The work runs in the worker (an `export` job streaming from PostgreSQL to a file);
 * the two historical calls start such a job, wait for it and send the file, so they keep their behaviour.
 */
@Controller()
export class ExportsController {
  constructor(
    private readonly exports: ExportsService,
    private readonly audit: AuditService,
  ) {}

  /** Starts an export: body {fields, countryCode, categories, dateRange, startDate, endDate}. */
  @Post('admin/exports')
  @HttpCode(202)
  async start(@Body() body: ExportInput, @Req() req: AdminRequest) {
    const request = parsed(() => parseExportRequest(body ?? {}));
    const job = await this.exports.start(request);
    await this.audit.record(req.admin!.username, 'export.start', { jobId: job.id, fileName: request.fileName });
    return { jobId: job.id, fileName: request.fileName, statusUrl: `/api/admin/exports/${job.id}` };
  }

  @Get('admin/exports/:jobId')
  status(@Param('jobId') jobId: string) {
    return this.exports.status(jobId);
  }

  @Get('admin/exports/:jobId/download')
  download(@Param('jobId') jobId: string) {
    return this.exports.download(jobId);
  }

  /** Admin spec §7: query fields, countryCode, categories (comma lists), dateRange, startDate, endDate. */
  @Get('admin/export-csv')
  async exportCsv(@Query() query: ExportInput, @Req() req: AdminRequest) {
    const request = parsed(() => parseExportRequest(query));
    await this.audit.record(req.admin!.username, 'export.csv', { fileName: request.fileName });
    return this.exports.exportAndWait(request);
  }

  /** The legacy panel's export: body {selectedFields, countryCode}, file businesses_export_{date}.csv. */
  @Post('export-csv')
  @AdminOnly()
  @HttpCode(200)
  async exportCsvLegacy(@Body() body: { selectedFields?: unknown; countryCode?: unknown }, @Req() req: AdminRequest) {
    const request = parsed(() => parseLegacyExportRequest(body ?? {}));
    await this.audit.record(req.admin!.username, 'export.csv-legacy', { fileName: request.fileName });
    return this.exports.exportAndWait(request);
  }
}
