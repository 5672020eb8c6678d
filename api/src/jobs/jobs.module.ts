import { Global, Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { JobControl } from './job-control.js';
import { JobQueues } from './job-queues.js';
import { JobsCentre } from './jobs-centre.js';
import { JobsController } from './jobs.controller.js';
import { JobsGateway } from './jobs.gateway.js';

/**
 * Job status, cancel and retry over HTTP, and live progress over socket.io (namespace /admin-jobs). Global:
 * JobQueues (the queues, their events and the waits on jobs) serves every feature that starts jobs.
 */
@Global()
@Module({
  imports: [AuthModule],
  controllers: [JobsController],
  providers: [JobQueues, JobControl, JobsCentre, JobsGateway],
  exports: [JobQueues],
})
export class JobsModule {}
