import { BullModule } from '@nestjs/bullmq';
import { RequestAwareQueue } from '@directory/core';

// Imported first by app.module.ts: BullModule.registerQueue reads the class when a module calls it, so it must
// be set before any module registering queues is loaded. Every queue the api injects then adds the current
// request id to the data of the jobs it adds (core/src/observability/request-context.ts).
BullModule.queueClass = RequestAwareQueue;
