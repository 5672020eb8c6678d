import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import {
  type AuditAction,
  type ExportInput,
  type ExportRequest,
  parseExportRequest,
  parseLegacyExportRequest,
} from '@directory/core';
import { AuditService } from '../audit/audit.service.js';
import { ExportsService, parsed } from './exports.service.js';
import { ApiBody, ApiQuery, ApiTags } from '@nestjs/swagger';
import { ApiCall } from '../docs/api-responses.js';
import { CsvFile, ExportRequestBody, ExportStarted, GenericObject, object } from '../docs/schemas.js';
import { type AdminRequest, Authenticated } from '../auth/access.js';
import { assertSameSite } from '../auth/access.guard.js';
import { JsonBody } from '../http/request-body.js';

/**
 * Admin spec §7 exports. The work runs in the worker (an `export` job streaming from PostgreSQL to a file);
 * the two historical calls start such a job, wait for it and send the file, so they keep their behaviour.
 */
@ApiTags('admin exports')
@Controller()
@Authenticated()
export class ExportsController {
  constructor(
    private readonly exports: ExportsService,
    private readonly audit: AuditService,
  ) {}

  /** Starts an export: body {fields, countryCode, categories, dateRange, startDate, endDate}. */
  @Post('admin/exports')
  @JsonBody('16kb')
  @ApiBody({ schema: ExportRequestBody })
  @ApiCall('Starts a CSV export job', { status: 202, schema: ExportStarted, description: 'Queued' }, 400, 403, 503)
  @HttpCode(202)
  async start(@Body() body: ExportInput, @Req() req: AdminRequest) {
    const request = parsed(() => parseExportRequest(body ?? {}));
    const job = await this.startAudited(req, 'export.start', request);
    return { jobId: job.id, fileName: request.fileName, statusUrl: `/api/admin/exports/${job.id}` };
  }

  @Get('admin/exports/:jobId')
  @ApiCall('An export: state, progress, result and download address', GenericObject, 404, 503)
  status(@Param('jobId') jobId: string) {
    return this.exports.status(jobId);
  }

  @Get('admin/exports/:jobId/download')
  @ApiCall(
    'The finished CSV file',
    { status: 200, description: 'CSV', content: { 'text/csv': { schema: CsvFile } } },
    404,
    409,
  )
  download(@Param('jobId') jobId: string) {
    return this.exports.download(jobId);
  }

  /** Admin spec §7: query fields, countryCode, categories (comma lists), dateRange, startDate, endDate. */
  @Get('admin/export-csv')
  @ApiQuery({ name: 'fields', required: false, description: 'Field names, comma-separated' })
  @ApiQuery({ name: 'countryCode', required: false, description: 'Two-letter country code' })
  @ApiQuery({ name: 'categories', required: false, description: 'Exact category names, comma-separated or repeated' })
  @ApiQuery({
    name: 'dateRange',
    required: false,
    description: 'all, today, yesterday, last24hours, last7days, thisweek, thismonth or custom',
  })
  @ApiQuery({ name: 'startDate', required: false, description: 'YYYY-MM-DD (custom)' })
  @ApiQuery({ name: 'endDate', required: false, description: 'YYYY-MM-DD (custom)' })
  @ApiCall(
    'Exports and sends the CSV (waits for the job, up to 10 min)',
    { status: 200, description: 'CSV', content: { 'text/csv': { schema: CsvFile } } },
    400,
    500,
    503,
  )
  async exportCsv(@Query() query: ExportInput, @Req() req: AdminRequest) {
    // A GET that starts a job and writes the audit log: refused from another site, as writes are (AccessGuard).
    assertSameSite(req);
    const request = parsed(() => parseExportRequest(query));
    return this.exports.fileWhenDone(await this.startAudited(req, 'export.csv', request));
  }

  /** The legacy panel's export: body {selectedFields, countryCode}, file businesses_export_{date}.csv. */
  @Post('export-csv')
  @JsonBody('16kb')
  @ApiBody({
    schema: object({
      selectedFields: { type: 'array', items: { type: 'string' }, nullable: true },
      countryCode: { type: 'string', nullable: true },
    }),
  })
  @ApiCall(
    'Legacy export: {selectedFields, countryCode}, sends businesses_export_{date}.csv',
    { status: 200, description: 'CSV', content: { 'text/csv': { schema: CsvFile } } },
    400,
    403,
    500,
    503,
  )
  @HttpCode(200)
  async exportCsvLegacy(@Body() body: { selectedFields?: unknown; countryCode?: unknown }, @Req() req: AdminRequest) {
    const request = parsed(() => parseLegacyExportRequest(body ?? {}));
    return this.exports.fileWhenDone(await this.startAudited(req, 'export.csv-legacy', request));
  }

  private startAudited(req: AdminRequest, action: AuditAction, request: ExportRequest) {
    return this.audit.write(
      req.admin,
      action,
      () => this.exports.start(request),
      (job) => ({ jobId: job.id, fileName: request.fileName }),
    );
  }
}
