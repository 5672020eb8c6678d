import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { type Job, UnrecoverableError } from 'bullmq';
import type pg from 'pg';
import {
  IMPORT_JOBS,
  ImportFileError,
  type ImportPreview,
  type PreviewJobData,
  previewFile,
  QUEUES,
  rememberedMapping,
} from '@directory/core';
import { IMPORT_POOL } from './import-pool.js';
import { PROGRESS_EVERY_MS, uploadToRead, watchImport } from './import.processor.js';

/**
 * Import previews (the admin's first step of an import), in a queue of their own: a preview is answered while a
 * long import runs. A preview reads and writes the file as the import would, then rolls back (previewFile),
 * with the mapping the admin chose or the one remembered for its layout; the upload stays for the import the
 * admin confirms.
 */
@Processor(QUEUES.importPreview, { concurrency: 1 })
export class ImportPreviewProcessor extends WorkerHost implements BeforeApplicationShutdown {
  private readonly logger = new Logger('ImportPreview');
  private readonly running = new Set<AbortController>();

  constructor(@Inject(IMPORT_POOL) private readonly pool: pg.Pool) {
    super();
  }

  /** A stopping worker stops its preview (rolled back); the admin asks again. */
  beforeApplicationShutdown(): void {
    for (const controller of this.running) controller.abort(new Error('The worker stopped during the preview.'));
  }

  async process(job: Job<PreviewJobData>): Promise<ImportPreview> {
    if (job.name !== IMPORT_JOBS.preview) throw new UnrecoverableError(`Unknown preview job "${job.name}".`);
    const data = job.data;
    const { path, tempDir } = await uploadToRead(data);
    const controller = new AbortController();
    const client = await this.pool.connect();
    const redis = () => this.worker.getBackend().client;
    const stopWatching = watchImport(this.pool, client, controller, String(job.id), redis, this.logger);
    this.running.add(controller);
    let last = 0;
    try {
      await job.updateProgress({ rowsDone: 0, phase: 'reading', at: Date.now() });
      return await previewFile(path, client, {
        fileName: data.fileName,
        mapping: data.mapping,
        remembered: (signature) => rememberedMapping(this.pool, signature),
        read: { tempDir },
        signal: controller.signal,
        onProgress: async (value) => {
          const now = Date.now();
          if (value.phase !== 'done' && now - last < PROGRESS_EVERY_MS) return;
          last = now;
          await job.updateProgress({ ...value, at: now });
        },
      });
    } catch (error) {
      if (controller.signal.aborted) throw new UnrecoverableError((controller.signal.reason as Error).message);
      if (error instanceof ImportFileError) throw new UnrecoverableError(error.message);
      throw error;
    } finally {
      stopWatching();
      this.running.delete(controller);
      client.release(controller.signal.aborted);
    }
  }
}
