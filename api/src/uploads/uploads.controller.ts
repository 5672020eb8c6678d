import { Body, Controller, Post, Query, Req, Res, UseInterceptors } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { ImportJobData } from '@directory/core';
import { AuditService } from '../audit/audit.service.js';
import { UploadInterceptor, type UploadRequest } from './upload.interceptor.js';
import { BatchUploadFields, UploadQuery } from './uploads.dto.js';
import { UploadsService } from './uploads.service.js';
import { ApiBody, ApiConsumes, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiCall } from '../docs/api-responses.js';
import { GenericObject, UploadForm } from '../docs/schemas.js';
import { type AdminRequest, Authenticated } from '../auth/access.js';
import { MultipartBody } from '../http/request-body.js';

/**
 * The admin's spreadsheet uploads (admin spec §3, §5, §7). Admin-only although outside /api/admin (the
 * guard runs before the upload is parsed); the file is streamed to disk and imported by the worker.
 * The answer is the import's batch result (§3) when it finishes within the wait, else 202 with the job id.
 */
@ApiTags('admin uploads')
@Controller()
@Authenticated()
export class UploadsController {
  constructor(
    private readonly uploads: UploadsService,
    private readonly audit: AuditService,
  ) {}

  @Post('upload-excel-batch')
  @MultipartBody()
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: UploadForm })
  @ApiCall(
    'Uploads one spreadsheet and imports it (waits up to 280 s unless ?wait=false)',
    GenericObject,
    400,
    403,
    413,
    415,
    422,
    503,
  )
  @ApiResponse({
    status: 202,
    description: 'Still importing (or ?wait=false): {jobId, state, statusUrl}',
    schema: GenericObject,
  })
  @UseInterceptors(UploadInterceptor)
  async batch(
    @Req() req: AdminRequest,
    @Body() fields: BatchUploadFields,
    @Query() query: UploadQuery,
    @Res({ passthrough: true }) res: FastifyReply,
  ) {
    return this.handle(req, res, fields, query.wait);
  }

  /** Legacy single-file upload: field `file`; answers the upload report (the batch result is a superset). */
  @Post('upload-excel')
  @MultipartBody()
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: UploadForm })
  @ApiCall('Legacy single-file upload: the upload report', GenericObject, 400, 403, 413, 415, 422, 503)
  @ApiResponse({ status: 202, description: 'Still importing: {jobId, state, statusUrl}', schema: GenericObject })
  @UseInterceptors(UploadInterceptor)
  async legacy(@Req() req: AdminRequest, @Query() query: UploadQuery, @Res({ passthrough: true }) res: FastifyReply) {
    return this.handle(req, res, new BatchUploadFields(), query.wait);
  }

  private async handle(req: AdminRequest, res: FastifyReply, fields: BatchUploadFields, wait: boolean) {
    const file = (req as UploadRequest).upload!;
    const data: ImportJobData = {
      uploadId: file.filename,
      fileName: file.originalname,
      fileSize: file.size,
      batchSize: fields.batchSize,
      fileIndex: fields.fileIndex,
      totalFiles: fields.totalFiles,
      uploadedBy: req.admin!.username,
    };
    const job = await this.audit.write(
      req.admin,
      'upload',
      () => this.uploads.enqueue(data),
      (queued) => ({ fileName: data.fileName, fileSize: data.fileSize, jobId: queued.id }),
    );
    (req as UploadRequest).uploadQueued = true;
    const answer = await this.uploads.answer(job, wait);
    res.status(answer.status);
    return answer.body;
  }
}
