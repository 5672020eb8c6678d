import { existsSync } from 'node:fs';
import { readFile, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import request from 'supertest';
import { MAX_UPLOAD_BYTES, QUEUES, XLS_NOT_READ_MESSAGE } from '@directory/core';
import { csvOf, eventually } from '../../../worker/src/imports/import-testing.js';
import { NO_FILE_MESSAGE, tooLargeMessage, wrongTypeMessage } from './upload.interceptor.js';
import { REAL, useUploadApp } from './upload-testing.js';

/** Uploads: the import of a file, and every refusal (real api, worker, PostgreSQL, Redis). */
describe('uploads: the import of a file, and every refusal (real api, worker, PostgreSQL, Redis)', () => {
  const { app, http, uploads, uploadedFiles, newUploads, count, batch, scratchFile, jobs, answerBeforeBody } =
    useUploadApp();
  let cookie: string[];
  beforeAll(() => {
    cookie = app.cookie;
  });

  it('refuses an upload without a session before a byte is written', async () => {
    for (const path of ['/api/upload-excel-batch', '/api/upload-excel']) {
      const res = await answerBeforeBody(path);
      expect(res.status).toBe(401);
      expect(JSON.parse(res.body).message).toBe('Sign in as an administrator to use this call.');
    }
    // A session does not make a cross-site upload acceptable either.
    const crossSite = await answerBeforeBody('/api/upload-excel-batch', {
      cookie: cookie.map((c) => c.split(';')[0]).join('; '),
      origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);
    expect(existsSync(uploads())).toBe(false);
    expect(await jobs().queue(QUEUES.import).getJobCounts()).toMatchObject({ waiting: 0, active: 0, completed: 0 });
  });

  it('imports an upload in the worker and answers the batch result; the report is listed', async () => {
    const res = await batch(join(REAL, 'us_al_churches.csv'), {
      batchSize: '100',
      fileIndex: '0',
      totalFiles: '1',
    }).expect(200);
    expect(res.body).toMatchObject({
      success: true,
      jobId: expect.stringMatching(/^import-/),
      fileName: 'us_al_churches.csv',
      totalRows: 328,
      successCount: 237,
      errorCount: 0,
      skippedCount: 91,
      errors: [],
      columnExtraction: { totalColumns: 23, missingColumns: expect.any(Array) },
      duplicateAnalysis: { totalRecords: 328, excelDuplicateCount: 91, newPlaceIdCount: 237, newPlaceIdRate: 100 },
    });
    expect(res.body.skippedBusinesses).toHaveLength(91);
    expect(await count()).toBe(237);

    const reports = await request(http()).get('/api/admin/upload-reports').set('Cookie', cookie).expect(200);
    expect(reports.body[0]).toMatchObject({
      fileName: 'us_al_churches.csv',
      success: true,
      summary: { fileName: 'us_al_churches.csv', totalRecords: 328 },
      results: { updated: 237, skipped: 91 },
      duplicateAnalysis: { excelDuplicateCount: 91, uniquePlaceIds: 237 },
    });

    const job = await request(http()).get(`/api/admin/jobs/${res.body.jobId}`).set('Cookie', cookie).expect(200);
    expect(job.body).toMatchObject({
      id: res.body.jobId,
      queue: 'import',
      state: 'completed',
      fileName: 'us_al_churches.csv',
      progress: { phase: 'done', rowsDone: 328, rowsTotal: 328 },
      result: { totalRows: 328 },
    });
    await eventually(async () => (await uploadedFiles()).length === 0, 'the imported upload was removed');
  });

  it('re-uploading the same file changes nothing and reports every row as skipped', async () => {
    const before = await count();
    const res = await batch(join(REAL, 'us_al_churches.csv')).expect(200);
    expect(res.body).toMatchObject({ totalRows: 328, successCount: 0, insertedCount: 0, skippedCount: 328 });
    expect(res.body.duplicateAnalysis).toMatchObject({ databaseDuplicateCount: 237, newPlaceIdCount: 0 });
    expect(await count()).toBe(before);
  });

  it('answers the legacy single-file upload with the upload report', async () => {
    const res = await request(http())
      .post('/api/upload-excel')
      .set('Cookie', cookie)
      .set('Accept', 'application/json')
      .attach('file', join(REAL, 'us_ca_judo_clubs.xlsx'))
      .expect(200);
    expect(res.body).toMatchObject({
      success: true,
      message: expect.stringContaining('us_ca_judo_clubs.xlsx: 14 rows'),
      totalRows: 14,
      successCount: 14,
      errorCount: 0,
      skippedCount: 0,
      skippedBusinesses: [],
      errors: [],
    });
  });

  it('answers the values it did not store as read, row by row, and counts them in the stored report', async () => {
    const path = await scratchFile(
      'out-of-range.csv',
      'name,place_id,latitude,longitude,rating,country_code\nFar North,oor-1,95,20,4,USA\nToo Good,oor-2,47.3,8.5,7,CH\n',
    );
    const res = await batch(path, { batchSize: '100' }).expect(200);
    expect(res.body).toMatchObject({ totalRows: 2, successCount: 2, errorCount: 0, warningCount: 4 });
    expect(res.body.warnings).toEqual([
      expect.objectContaining({ row: 2, column: 'latitude', read: '95', stored: null }),
      expect.objectContaining({ row: 2, column: 'longitude', read: '20', stored: null }),
      expect.objectContaining({ row: 2, column: 'country_code', read: 'USA', stored: 'US' }),
      expect.objectContaining({ row: 3, column: 'rating', read: '7', stored: null }),
    ]);
    expect(res.body.message).toContain('4 values not stored as read');
    // The row with a usable position gets the town there; the other has neither address nor position.
    expect(res.body.places).toMatchObject({ cityFromCoordinates: 1, withoutCity: 1 });
  });

  it.each([
    ['empty.csv', () => Buffer.alloc(0), 'The file is empty.'],
    ['header-only.csv', () => 'name,place_id\n', 'The file has a header row but no data rows.'],
    ['wrong-columns.csv', () => 'foo,bar\n1,2\n', 'No "name" column was found; the header row has: foo, bar.'],
    [
      'really-text.xlsx',
      () => 'name\nnot a workbook\n',
      'The file is named .xlsx but is not an Excel workbook (it is not a zip archive).',
    ],
    [
      'truncated.xlsx',
      async () => (await readFile(join(REAL, 'us_ny_pa_hvac_contractors.xlsx'))).subarray(0, 600_000),
      'The workbook is damaged: the end of the file is missing (the upload or the download was cut short). Save it again and upload it.',
    ],
    [
      'bom-mixed-encodings.csv',
      () =>
        Buffer.concat([
          Buffer.from([0xef, 0xbb, 0xbf]),
          Buffer.from(`${csvOf(3000, 'enc')}`),
          Buffer.from('Caf\xe9 Latin,enc-latin,1 Rue,Paris,FR,4\n', 'latin1'),
        ]),
      'The file is not valid UTF-8 text: line 3002 is in another encoding (the file mixes encodings). Save it as "CSV UTF-8" and upload it again.',
    ],
    [
      // An old binary workbook renamed .xlsx is told apart by its first bytes.
      'old-renamed.xlsx',
      () => Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      'Old Excel .xls workbooks are not read; save the file as .xlsx or .csv and upload it again.',
    ],
  ])('refuses %s with a clear error and leaves the database unchanged', async (name, content, message) => {
    const before = await count();
    const path = await scratchFile(name, await content());
    const res = await batch(path, { batchSize: '100' }).expect(422);
    expect(res.body).toMatchObject({
      success: false,
      fileName: name,
      message,
      jobId: expect.stringMatching(/^import-/),
    });
    expect(await count()).toBe(before);
    const reports = await request(http()).get('/api/admin/upload-reports').set('Cookie', cookie).expect(200);
    expect(reports.body[0]).toMatchObject({ fileName: name, success: false, error: message });
  });

  it('refuses other file types and a missing file before writing, and removes the file on bad fields', async () => {
    const before = await uploadedFiles();
    const pdf = await scratchFile('brochure.pdf', '%PDF-1.4');
    const wrongType = await batch(pdf).expect(415);
    expect(wrongType.body.message).toBe(wrongTypeMessage('brochure.pdf'));
    // .xls is not read (no maintained reader): refused in Turkish before a byte is stored.
    const xls = await scratchFile('eski.xls', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]));
    const refusedXls = await batch(xls).expect(400);
    expect(refusedXls.body.message).toBe(XLS_NOT_READ_MESSAGE);
    const none = await request(http()).post('/api/upload-excel-batch').set('Cookie', cookie).field('batchSize', '500');
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(NO_FILE_MESSAGE);
    const badSize = await batch(join(REAL, 'us_ca_judo_clubs.xlsx'), { batchSize: '7' }).expect(400);
    expect(badSize.body.message).toEqual(['batchSize must be one of 100, 500, 1000, 2000']);
    expect(await newUploads(before)).toEqual([]);
  });

  it('refuses 150 MB + 1 byte and removes the partial file; accepts exactly 150 MB', async () => {
    // Generated here (sparse files: no disk or memory cost), never committed.
    const before = await uploadedFiles();
    const tooBig = await scratchFile('too-big.csv', 'foo,bar\n');
    await truncate(tooBig, MAX_UPLOAD_BYTES + 1);
    const refused = await batch(tooBig).expect(413);
    expect(refused.body.message).toBe(tooLargeMessage('too-big.csv'));
    expect(await newUploads(before)).toEqual([]);

    const limit = await scratchFile('at-limit.csv', 'foo,bar\n');
    await truncate(limit, MAX_UPLOAD_BYTES);
    const accepted = await batch(limit, {}, '?wait=false').expect(202);
    expect(accepted.body).toMatchObject({ success: true, jobId: expect.stringMatching(/^import-/) });
    const job = (await jobs().queue(QUEUES.import).getJob(accepted.body.jobId))!;
    expect(job.data.fileSize).toBe(MAX_UPLOAD_BYTES);
    await expect(job.waitUntilFinished(jobs().eventsOf(QUEUES.import), 60_000)).rejects.toThrow(
      'No "name" column was found',
    );
  });
});
