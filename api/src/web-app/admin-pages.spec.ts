import { existsSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { ADMIN_PAGE_PATHS, isAdminPage } from '@directory/core';
import { startTestApp, type TestApp } from '../testing/test-app.js';
import { WEB_DIST } from './web-app.module.js';

describe('which addresses are admin pages (core isAdminPage)', () => {
  it('knows the back office’s pages and nothing else under /admin', () => {
    for (const path of ['/admin', '/admin/', '/admin/jobs', '/admin/upload/', '/admin-legacy', '/admin-legacy/x'])
      expect({ path, page: isAdminPage(path) }).toEqual({ path, page: true });
    for (const path of ['/admin/nope', '/admin/jobs/extra', '/admin//jobs', '/admin/Jobs', '/adminx'])
      expect({ path, page: isAdminPage(path) }).toEqual({ path, page: false });
  });

  it('lists exactly the routes the web app’s admin declares', () => {
    const source = readFileSync(join(process.cwd(), 'web/src/admin/AdminApp.tsx'), 'utf8');
    const declared = [...source.matchAll(/<Route path="([a-z-]+)"/g)].map((m) => m[1]);
    expect(declared.sort()).toEqual([...ADMIN_PAGE_PATHS].sort());
  });
});

const built = existsSync(`${WEB_DIST}/admin.html`);
(built || process.env.CI ? describe : describe.skip)('the admin shell’s status', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('answers 200 for an admin page and 404 for any other admin address, with the shell either way', async () => {
    for (const path of ['/admin', '/admin/jobs', '/admin/login', '/admin/upload'])
      await request(t.app.getHttpServer()).get(path).expect(200).expect('Content-Type', /html/);
    for (const path of ['/admin/nope', '/admin/jobs/extra', '/admin/settings/x']) {
      const res = await request(t.app.getHttpServer()).get(path).expect(404);
      expect(res.text).toContain('<div id="root"></div>');
    }
  });
});
