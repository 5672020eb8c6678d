import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUES } from '@directory/core';
import { JobsModule } from '../jobs/jobs.module.js';
import { UploadInterceptor } from './upload.interceptor.js';
import { UploadsController } from './uploads.controller.js';
import { UploadsService } from './uploads.service.js';

@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.import }), JobsModule],
  controllers: [UploadsController],
  providers: [UploadsService, UploadInterceptor],
})
export class UploadsModule {}
