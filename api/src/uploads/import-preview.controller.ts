import { randomUUID } from 'node:crypto';
import {
  BadRequestException,
  Body,
  ConflictException,
  Controller,
  Get,
  HttpCode,
  NotFoundException,
  Param,
  Post,
  Req,
  UseInterceptors,
} from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { ApiBody, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { Job } from 'bullmq';
import {
  type ColumnMapping,
  enqueueImport,
  enqueuePreview,
  IMPORT_JOBS,
  type ImportJobData,
  importJobIdOf,
  type ImportPreview,
  mappingProblem,
  PREVIEW_JOB_ID_PATTERN,
  type PreviewJobData,
  previewUrl,
  QUEUES,
  REMEMBER_LAYOUT_SQL,
} from '@directory/core';
import { AuditService } from '../audit/audit.service.js';
import { type AdminRequest, Authenticated } from '../auth/access.js';
import { ApiCall } from '../docs/api-responses.js';
import { GenericObject, UploadForm } from '../docs/schemas.js';
import { JsonBody, MultipartBody } from '../http/request-body.js';
import { JobQueues, readJob, unavailableWhenRedisIsAway } from '../jobs/job-queues.js';
import { UploadInterceptor, type UploadRequest } from './upload.interceptor.js';

/**
 * Import in two steps (issue 34): upload → preview (a `preview` job reads the whole file as the import would and
 * rolls back: layout, mapping, first rows, counts) → the admin changes the mapping (a new preview) and confirms →
 * the import job, with that mapping, which is remembered for the layout. Ids that are not a preview's are 404s.
 */
@ApiTags('admin uploads')
@Controller('admin/imports')
@Authenticated()
export class ImportPreviewController {
  constructor(
    private readonly jobs: JobQueues,
    private readonly audit: AuditService,
    private readonly em: EntityManager,
  ) {}

  @Post('preview')
  @MultipartBody()
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: UploadForm })
  @ApiCall('Uploads a spreadsheet and starts its preview', { status: 202, schema: GenericObject }, 400, 413, 415, 503)
  @HttpCode(202)
  @UseInterceptors(UploadInterceptor)
  async upload(@Req() req: AdminRequest) {
    const file = (req as UploadRequest).upload!;
    const data: PreviewJobData = {
      uploadId: file.filename,
      fileName: file.originalname,
      fileSize: file.size,
      uploadedBy: req.admin!.username,
    };
    const job = await this.audit.write(
      req.admin,
      'import.preview',
      () => this.enqueuePreview(data),
      (queued) => ({ fileName: data.fileName, fileSize: data.fileSize, jobId: queued.id }),
    );
    (req as UploadRequest).uploadQueued = true;
    return { jobId: job.id, statusUrl: previewUrl(String(job.id)) };
  }

  @Get(':jobId/preview')
  @ApiCall('A preview: state, progress, and once done the layout, mapping, first rows and counts', GenericObject, 404)
  async status(@Param('jobId') jobId: string) {
    const { job, state } = await this.find(jobId);
    return {
      jobId,
      state,
      progress: job.progress,
      // `result`, as every job status call names it (the admin's followJob reads it).
      result: state === 'completed' ? (job.returnvalue as ImportPreview) : null,
      error: state === 'failed' ? job.failedReason : null,
    };
  }

  /** Body {mapping}: previews the same upload again with the admin's mapping (a new preview job). */
  @Post(':jobId/preview')
  @JsonBody('16kb')
  @ApiCall('Previews the same upload with another mapping', { status: 202, schema: GenericObject }, 400, 404, 409)
  @HttpCode(202)
  async again(@Param('jobId') jobId: string, @Body() body: { mapping?: unknown }, @Req() req: AdminRequest) {
    const { job, preview } = await this.finished(jobId);
    const mapping = this.checked(body?.mapping, preview, false);
    const next = await this.audit.write(
      req.admin,
      'import.preview',
      () => this.enqueuePreview({ ...job.data, mapping, uploadedBy: req.admin!.username }),
      (queued) => ({ fileName: job.data.fileName, jobId: queued.id, previewOf: jobId, mapping }),
    );
    return { jobId: next.id, statusUrl: previewUrl(String(next.id)) };
  }

  /**
   * Body {mapping} (every column, as the preview lists them): starts the import of the previewed upload with it,
   * remembers it for the layout and audits both in one transaction. Confirming twice queues one import.
   */
  @Post(':jobId/confirm')
  @JsonBody('16kb')
  @ApiCall(
    'Confirms a preview: the import starts with the mapping',
    { status: 202, schema: GenericObject },
    400,
    404,
    409,
  )
  @HttpCode(202)
  async confirm(@Param('jobId') jobId: string, @Body() body: { mapping?: unknown }, @Req() req: AdminRequest) {
    const { job, preview } = await this.finished(jobId);
    const mapping = this.checked(body?.mapping ?? preview.mapping, preview, true);
    const data: ImportJobData = {
      uploadId: job.data.uploadId,
      fileName: job.data.fileName,
      fileSize: job.data.fileSize,
      batchSize: 500,
      uploadedBy: req.admin!.username,
      mapping,
    };
    const importJobId = importJobIdOf(jobId);
    const queued = await this.audit.write(
      req.admin,
      'import.confirm',
      async () => {
        await this.em.execute(REMEMBER_LAYOUT_SQL, [
          preview.signature,
          JSON.stringify(preview.headers),
          JSON.stringify(mapping),
          req.admin!.username,
        ]);
        return unavailableWhenRedisIsAway(() => enqueueImport(this.jobs.queue(QUEUES.import), data, importJobId));
      },
      () => ({ fileName: data.fileName, jobId: importJobId, previewJobId: jobId, layout: preview.layout, mapping }),
    );
    return { jobId: queued.id, statusUrl: `/api/admin/jobs/${queued.id}` };
  }

  private enqueuePreview(data: PreviewJobData) {
    return unavailableWhenRedisIsAway(() =>
      enqueuePreview(this.jobs.queue(QUEUES.importPreview), data, `preview-${randomUUID()}`),
    );
  }

  private async find(jobId: string): Promise<{ job: Job<PreviewJobData>; state: string }> {
    const found = PREVIEW_JOB_ID_PATTERN.test(jobId)
      ? await unavailableWhenRedisIsAway(() => readJob<PreviewJobData>(this.jobs.queue(QUEUES.importPreview), jobId))
      : null;
    if (!found || found.job.name !== IMPORT_JOBS.preview) {
      throw new NotFoundException(
        `Önizleme ${jobId.slice(0, 60)} yok (önizlemeler bir gün saklanır); dosyayı yeniden yükleyin.`,
      );
    }
    return found;
  }

  private async finished(jobId: string): Promise<{ job: Job<PreviewJobData>; preview: ImportPreview }> {
    const { job, state } = await this.find(jobId);
    if (state !== 'completed') {
      throw new ConflictException('Önizleme henüz bitmedi; bitince yeniden deneyin.');
    }
    return { job, preview: job.returnvalue as ImportPreview };
  }

  private checked(mapping: unknown, preview: ImportPreview, requireName: boolean): ColumnMapping {
    const problem = mappingProblem(mapping, preview.headers, { requireName });
    if (problem) throw new BadRequestException(problem);
    return mapping as ColumnMapping;
  }
}
