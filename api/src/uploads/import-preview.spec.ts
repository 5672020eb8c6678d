import { join } from 'node:path';
import request from 'supertest';
import type { BatchUploadResult, ImportPreview } from '@directory/core';
import { csvOf, eventually, holdPlaceId } from '../../../worker/src/imports/import-testing.js';
import { REAL, useUploadApp } from './upload-testing.js';

/** Import in two steps: upload → preview → mapping → confirm (real api, worker, PostgreSQL, Redis). */
describe('import preview and confirm (real api and worker)', () => {
  const { app, http, count, batch, scratchFile } = useUploadApp();
  const GYMS = join(REAL, 'in_hyderabad_gyms.csv');
  const get = (url: string) => request(http()).get(url).set('Cookie', app.cookie);
  const post = (url: string) => request(http()).post(url).set('Cookie', app.cookie);

  /** Waits for a preview job and answers its preview. */
  async function previewOf(jobId: string): Promise<ImportPreview> {
    let body: { state: string; result: ImportPreview | null; error: string | null } = {
      state: '',
      result: null,
      error: null,
    };
    await eventually(async () => {
      body = (await get(`/api/admin/imports/${jobId}/preview`).expect(200)).body;
      if (body.state === 'failed') throw new Error(body.error ?? 'failed');
      return body.state === 'completed';
    }, `preview ${jobId} finished`);
    return body.result!;
  }

  it('previews a real export, then imports it with the mapping the admin changed, remembered next time', async () => {
    const gyms = `place_id in (select place_id from businesses where place_id like 'ChIJ%') and category = 'Gym'`;
    const before = await count(gyms);
    const started = await post('/api/admin/imports/preview').attach('file', GYMS).expect(202);
    expect(started.body.jobId).toMatch(/^preview-/);
    const preview = await previewOf(started.body.jobId);
    expect(preview).toMatchObject({
      fileName: 'in_hyderabad_gyms.csv',
      layout: 'newer',
      mappingSource: 'detected',
      mapping: { name: 'name', url: 'website', full_address: 'address', phone: 'phone', place_id: 'place_id' },
    });
    expect(preview.rows).toHaveLength(10);
    expect(preview.rows[0].rowNumber).toBe(2);
    const counts = preview.counts!;
    expect(counts.totalRows).toBe(500);
    expect(counts.new + counts.updated + counts.skipped + counts.withProblems).toBe(500);
    expect(counts.new).toBeGreaterThan(400);
    // The preview wrote nothing.
    expect(await count(gyms)).toBe(before);

    // The admin leaves the phone out: a new preview with that mapping.
    const again = await post(`/api/admin/imports/${started.body.jobId}/preview`)
      .send({ mapping: { phone: null } })
      .expect(202);
    const changed = await previewOf(again.body.jobId);
    expect(changed.mappingSource).toBe('chosen');
    expect(changed.mapping.phone).toBeNull();
    expect(changed.rows.every((row) => row.values.phone === null)).toBe(true);
    expect(changed.counts!.new).toBe(counts.new);

    // A mapping naming a header the file does not have, or no name, is refused.
    await post(`/api/admin/imports/${again.body.jobId}/confirm`)
      .send({ mapping: { ...changed.mapping, phone: 'telefon' } })
      .expect(400);
    await post(`/api/admin/imports/${again.body.jobId}/confirm`)
      .send({ mapping: { ...changed.mapping, name: null } })
      .expect(400);

    const confirmed = await post(`/api/admin/imports/${again.body.jobId}/confirm`)
      .send({ mapping: changed.mapping })
      .expect(202);
    expect(confirmed.body.jobId).toBe(again.body.jobId.replace('preview-', 'import-'));
    let result: BatchUploadResult | null = null;
    await eventually(async () => {
      const job = (await get(`/api/admin/jobs/${confirmed.body.jobId}`).expect(200)).body;
      result = job.result ?? job.returnvalue ?? null;
      return job.state === 'completed';
    }, 'the confirmed import finished');
    // What the preview said is what the import did.
    expect(result).toMatchObject({ totalRows: 500, insertedCount: counts.new, updatedCount: counts.updated });
    const phones = await app.t.orm.em
      .fork()
      .execute(
        `select count(*)::int as n from businesses where place_id like 'ChIJ%' and phone is not null and city ilike '%hyderabad%'`,
      );
    expect(phones[0].n).toBe(0);
    const audit = await app.t.orm.em
      .fork()
      .execute(`select details from audit_log where action = 'import.confirm' order by id desc limit 1`);
    expect(audit[0].details).toMatchObject({ jobId: confirmed.body.jobId, layout: 'newer', mapping: { phone: null } });

    // The same layout next time: the remembered mapping, and nothing new to import.
    const next = await post('/api/admin/imports/preview').attach('file', GYMS).expect(202);
    const remembered = await previewOf(next.body.jobId);
    expect(remembered.mappingSource).toBe('remembered');
    expect(remembered.mapping.phone).toBeNull();
    expect(remembered.counts).toMatchObject({ totalRows: 500, new: 0 });
  });

  it('answers a preview while an import runs (previews have a queue of their own)', async () => {
    // An import held half-way through its file by an uncommitted business with one of its place ids.
    const held = await holdPlaceId(app.databaseUrl, 'beside-1500');
    try {
      const file = await scratchFile('beside.csv', csvOf(3000, 'beside'));
      const importId: string = (await batch(file, { batchSize: '100' }, '?wait=false').expect(202)).body.jobId;
      await eventually(
        async () => (await get(`/api/admin/jobs/${importId}`).expect(200)).body.state === 'active',
        'the import runs',
      );
      const started = await post('/api/admin/imports/preview').attach('file', GYMS).expect(202);
      const preview = await previewOf(started.body.jobId);
      expect(preview.counts!.totalRows).toBe(500);
      expect((await get(`/api/admin/jobs/${importId}`).expect(200)).body.state).toBe('active');
    } finally {
      await held.release();
    }
  });

  it('is a 404 for unknown and forged ids, and a 401 without a session', async () => {
    for (const id of ['preview-00000000-0000-4000-8000-000000000000', 'import-1', '1', '..%2Fx']) {
      const answer = await get(`/api/admin/imports/${id}/preview`);
      expect([id, answer.status]).toEqual([id, 404]);
      const confirm = await post(`/api/admin/imports/${id}/confirm`).send({});
      expect([id, confirm.status]).toEqual([id, 404]);
    }
    await request(http()).get('/api/admin/imports/preview-00000000-0000-4000-8000-000000000000/preview').expect(401);
    await request(http()).post('/api/admin/imports/preview').expect(401);
  });
});
