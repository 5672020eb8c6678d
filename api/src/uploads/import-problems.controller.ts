import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Controller, Get, Inject, NotFoundException, Param, StreamableFile } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type AppConfig, IMPORT_JOB_ID_PATTERN, importProblemsPath } from '@directory/core';
import { Authenticated } from '../auth/access.js';
import { APP_CONFIG } from '../config/config.module.js';
import { ApiCall } from '../docs/api-responses.js';
import { CsvFile } from '../docs/schemas.js';
import { contentDisposition } from '../exports/exports.service.js';

/**
 * Every problem row of a finished import as CSV (issue 34): row number, Turkish reason, the row's original
 * cells. The worker writes the file as the import runs and publishes it when the import commits; an id that
 * is not an import's, or an import without such a file (running, failed, older than 30 days), is a 404.
 */
@ApiTags('admin uploads')
@Controller('admin/imports')
@Authenticated()
export class ImportProblemsController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get(':jobId/problems')
  @ApiCall(
    'Every problem row of a finished import, as CSV with the reason in Turkish',
    { status: 200, description: 'CSV', content: { 'text/csv': { schema: CsvFile } } },
    404,
  )
  async download(@Param('jobId') jobId: string): Promise<StreamableFile> {
    const path = IMPORT_JOB_ID_PATTERN.test(jobId) ? importProblemsPath(this.config.DATA_DIR, jobId) : null;
    const info = path ? await stat(path).catch(() => null) : null;
    if (!path || !info?.isFile()) {
      throw new NotFoundException(
        `İçe aktarma ${jobId.slice(0, 60)} için sorunlu satır dosyası yok: iş bitmemiş, başarısız olmuş ya da 30 günden eski.`,
      );
    }
    return new StreamableFile(createReadStream(path), {
      type: 'text/csv; charset=utf-8',
      length: info.size,
      disposition: contentDisposition(`sorunlu-satirlar-${jobId}.csv`),
    });
  }
}
