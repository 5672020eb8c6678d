import { join } from 'node:path';
import request from 'supertest';
import { IMPORT_PROBLEM_REASONS } from '@directory/core';
import { REAL, useUploadApp } from './upload-testing.js';

/** GET /api/admin/imports/{jobId}/problems: the problem rows of an upload (real api, worker, PostgreSQL, Redis). */
describe('import problem rows download (real api and worker)', () => {
  const { app, http, batch, scratchFile } = useUploadApp();

  it('answers every problem row of an upload as CSV with its Turkish reason, and its counts by kind', async () => {
    const path = await scratchFile(
      'sorunlu.csv',
      'name,place_id,category,full_address\nİyi Fırın,x-1,Bakery,1 Ana Cd\n,x-2,Bakery,2 Ana Cd\nYine,x-3,Bakery,3 Ana Cd\n',
    );
    const upload = await batch(path).expect(200);
    expect(upload.body.problemCounts).toEqual({ 'name-empty': 1 });
    const url: string = upload.body.problemsUrl;
    expect(url).toBe(`/api/admin/imports/${upload.body.jobId}/problems`);

    const csv = await request(http()).get(url).set('Cookie', app.cookie).buffer(true).expect(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain(`sorunlu-satirlar-${upload.body.jobId}.csv`);
    expect(csv.headers['cache-control']).toContain('no-store');
    expect(csv.text).toBe(
      '\uFEFFSatır,Sorun,Açıklama,Sütun,Okunan değer,name,place_id,category,full_address\r\n' +
        `3,İsim boş,${IMPORT_PROBLEM_REASONS['name-empty']},,,,x-2,Bakery,2 Ana Cd\r\n`,
    );

    // Without a session: 401 before anything is read.
    await request(http()).get(url).expect(401);
  });

  it('counts the problems of a real export the same way the file lists them', async () => {
    const upload = await batch(join(REAL, 'us_fl_naples_plumbers_via_gsheets.csv')).expect(200);
    const counts: Record<string, number> = upload.body.problemCounts;
    const csv = await request(http()).get(upload.body.problemsUrl).set('Cookie', app.cookie).buffer(true).expect(200);
    const listed = csv.text.split('\r\n').filter((line) => /^\d+,/.test(line)).length;
    expect(listed).toBe(Object.values(counts).reduce((sum, n) => sum + n, 0));
  });

  it('is a 404 for unknown and forged ids', async () => {
    for (const id of [
      'import-00000000-0000-4000-8000-000000000000',
      'export-1',
      '..%2F..%2Fetc%2Fpasswd',
      'import-00000000-0000-4000-8000-000000000000.csv',
      '%2e%2e',
    ]) {
      const answer = await request(http()).get(`/api/admin/imports/${id}/problems`).set('Cookie', app.cookie);
      expect([id, answer.status]).toEqual([id, 404]);
    }
  });
});
