import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module.js';
import { ImportPreviewController } from './import-preview.controller.js';
import { ImportProblemsController } from './import-problems.controller.js';
import { UploadInterceptor } from './upload.interceptor.js';
import { UploadsController } from './uploads.controller.js';
import { UploadsService } from './uploads.service.js';

@Module({
  imports: [JobsModule],
  controllers: [UploadsController, ImportProblemsController, ImportPreviewController],
  providers: [UploadsService, UploadInterceptor],
})
export class UploadsModule {}
