import request from 'supertest';
import { startTestApp, type TestApp } from '../testing/test-app.js';

describe('public reads of the admin settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers the four snippets and the four ad slots without a session', async () => {
    await t.orm.em.fork().execute(`update advertisement_codes set code = '<div>ad</div>' where slot = 'ad2'`);
    const settings = await request(t.app.getHttpServer()).get('/api/admin/site-settings').expect(200);
    expect(settings.body).toEqual({ head_tags: '', footer_tags: '', analytics_code: '', facebook_pixel: '' });
    const ads = await request(t.app.getHttpServer()).get('/api/admin/advertisement-codes').expect(200);
    expect(ads.body).toEqual({ ad1: '', ad2: '<div>ad</div>', ad3: '', ad4: '' });
  });
});
