import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUES } from '@directory/core';
import { ImportPoolCloser, importPoolProvider } from './import-pool.js';
import { ImportProcessor } from './import.processor.js';

/** Spreadsheet imports: one uploaded file per job, progress, cancel, report, refresh afterwards. */
@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.import }, { name: QUEUES.maintenance }, { name: QUEUES.sitemaps })],
  providers: [importPoolProvider, ImportPoolCloser, ImportProcessor],
})
export class ImportsModule {}
