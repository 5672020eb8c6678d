import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { JobQueues } from './job-queues.js';
import { JobsController } from './jobs.controller.js';
import { JobsGateway } from './jobs.gateway.js';

/** Job status, cancel and retry over HTTP, and live progress over socket.io (namespace /admin-jobs). */
@Module({
  imports: [AuthModule],
  controllers: [JobsController],
  providers: [JobQueues, JobsGateway],
  exports: [JobQueues],
})
export class JobsModule {}
