import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUES } from '@directory/core';
import { ImportPoolCloser, importPoolProvider } from './import-pool.js';
import { ImportPreviewProcessor } from './import-preview.processor.js';
import { ImportProcessor } from './import.processor.js';

/** Spreadsheet imports: one uploaded file per job, progress, cancel, report, refresh afterwards; and previews. */
@Module({
  imports: [
    BullModule.registerQueue(
      { name: QUEUES.import },
      { name: QUEUES.importPreview },
      { name: QUEUES.maintenance },
      { name: QUEUES.sitemaps },
    ),
  ],
  providers: [importPoolProvider, ImportPoolCloser, ImportProcessor, ImportPreviewProcessor],
})
export class ImportsModule {}
