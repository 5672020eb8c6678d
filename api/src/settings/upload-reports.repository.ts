import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { ListedUploadReport } from '@directory/core';

/** How many reports the dashboard lists (admin spec §3). */
export const LISTED_UPLOAD_REPORTS = 20;

/** The upload_reports table as the admin reads it; the worker writes it with the import's transaction. */
@Injectable()
export class UploadReportsRepository {
  constructor(private readonly em: EntityManager) {}

  /** The latest reports, newest first: each stored report with its id, file name and time. */
  async latest(): Promise<ListedUploadReport[]> {
    const rows = await this.em.execute<
      { id: string; file_name: string; report: Omit<ListedUploadReport, 'id' | 'fileName'>; created_at: string }[]
    >(`select * from upload_reports order by created_at desc, id desc limit ${LISTED_UPLOAD_REPORTS}`);
    return rows.map(({ id, file_name, report: { timestamp, ...report }, created_at }) => ({
      id: Number(id),
      fileName: file_name,
      // Every stored report has its own time; the row's is there for one that would not.
      timestamp: timestamp ?? created_at,
      ...report,
    }));
  }
}
