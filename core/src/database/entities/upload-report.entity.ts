import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** The stored upload report of admin spec §3, listed on the dashboard. */
export const UploadReportSchema = defineEntity({
  name: 'UploadReport',
  tableName: 'upload_reports',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    fileName: p.text(),
    jobId: p.text().nullable(),
    report: p.json<Record<string, unknown>>(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type UploadReport = InferEntity<typeof UploadReportSchema>;
