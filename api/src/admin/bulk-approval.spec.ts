import request from 'supertest';
import { insertBusinesses, signIn, startTestApp, syncSearch, type TestApp } from '../testing/test-app.js';
import { AdminBusinessesService } from './admin-businesses.service.js';

describe('business list filters and bulk approval (issue 34)', () => {
  let t: TestApp;
  let cookie: string[];
  const as = (method: 'get' | 'post', path: string) =>
    request(t.app.getHttpServer())[method](path).set('Cookie', cookie);
  const listed = async (query: string) =>
    (
      (await as('get', `/api/admin/businesses?limit=100&sortBy=name&sortOrder=asc&${query}`).expect(200)).body
        .businesses as { name: string }[]
    ).map((b) => b.name);
  const publicNames = async () => {
    await syncSearch(t);
    const res = await request(t.app.getHttpServer()).get('/api/search?q=kiwi&sort=name').expect(200);
    return (res.body.businesses as { name: string }[]).map((b) => b.name).sort();
  };
  const idsOf = async (...names: string[]) =>
    (
      await t.orm.em
        .fork()
        .execute<{ id: string }[]>(
          'select id from businesses where name in (select jsonb_array_elements_text(?::jsonb))',
          [JSON.stringify(names)],
        )
    ).map((r) => Number(r.id));
  const audit = () =>
    t.orm.em
      .fork()
      .execute<{ details: Record<string, unknown> }[]>(
        `select details from audit_log where action = 'business.bulk-approval' order by id`,
      );

  beforeAll(async () => {
    t = await startTestApp();
    cookie = await signIn(t.app);
    await insertBusinesses(t, [
      { name: 'Kiwi Bakery Auckland', slug: 'kiwi-1', category: 'Bakery', countryCode: 'NZ', approved: false },
      { name: 'Kiwi Bakery Wellington', slug: 'kiwi-2', category: 'Bakery', countryCode: 'NZ', approved: false },
      { name: 'Kiwi Bakery Sydney', slug: 'kiwi-3', category: 'Bakery', countryCode: 'AU', approved: false },
      { name: 'Kiwi Florist', slug: 'kiwi-4', category: 'Florist', countryCode: 'NZ' },
    ]);
  });
  afterAll(() => t.close());

  it('filters by approval status, country and category, together with the name', async () => {
    expect(await listed('filter=kiwi&approval=waiting')).toEqual([
      'Kiwi Bakery Auckland',
      'Kiwi Bakery Sydney',
      'Kiwi Bakery Wellington',
    ]);
    expect(await listed('filter=kiwi&approval=approved')).toEqual(['Kiwi Florist']);
    expect(await listed('filter=kiwi&countryCode=nz&approval=waiting')).toEqual([
      'Kiwi Bakery Auckland',
      'Kiwi Bakery Wellington',
    ]);
    expect(await listed('category=Bakery&countryCode=AU')).toEqual(['Kiwi Bakery Sydney']);
    expect(await listed('filter=kiwi&approval=all')).toHaveLength(4);
    // The filters' lists name what only waiting businesses have when asked (the public counts leave them out).
    expect((await as('get', '/api/admin/categories').expect(200)).body).toEqual(['Florist']);
    expect((await as('get', '/api/admin/categories?include=waiting').expect(200)).body).toEqual(['Florist', 'Bakery']);
    expect((await as('get', '/api/admin/country-codes').expect(200)).body).toEqual(['NZ']);
    expect((await as('get', '/api/admin/country-codes?include=waiting').expect(200)).body).toEqual(['AU', 'NZ']);
    await as('get', '/api/admin/categories?include=all').expect(400);
    const bad = await as('get', '/api/admin/businesses?approval=maybe&countryCode=NZL').expect(400);
    expect(bad.body.message).toEqual(
      expect.arrayContaining([
        'approval must be one of all, approved, waiting',
        'countryCode must be a two-letter ISO code such as US',
      ]),
    );
  });

  it('approves the selected rows in one audited write; the public search shows them after sync', async () => {
    expect(await publicNames()).toEqual(['Kiwi Florist']);
    const ids = await idsOf('Kiwi Bakery Auckland', 'Kiwi Bakery Wellington', 'Kiwi Florist');
    const res = await as('post', '/api/admin/businesses/approval').send({ ids, isApproved: true }).expect(200);
    expect(res.body).toEqual({ success: true, isApproved: true, selected: 3, changed: 2 });
    expect(await publicNames()).toEqual(['Kiwi Bakery Auckland', 'Kiwi Bakery Wellington', 'Kiwi Florist']);
    expect((await audit()).at(-1)?.details).toEqual({ isApproved: true, count: 3, changed: 2, ids });
  });

  it('hides every business matching the filters in the request when they are few', async () => {
    const service = t.app.get(AdminBusinessesService);
    service.bulkApprovalMax = 2;
    try {
      const before = (await audit()).length;
      const res = await as('post', '/api/admin/businesses/approval')
        .send({ matching: { filter: 'kiwi', countryCode: 'NZ', category: 'Bakery' }, isApproved: false })
        .expect(200);
      expect(res.body).toMatchObject({ selected: 2, changed: 2 });
      expect(await audit()).toHaveLength(before + 1);
    } finally {
      service.bulkApprovalMax = 10_000;
    }
    expect(await publicNames()).toEqual(['Kiwi Florist']);
  });

  it('refuses a body without a selection, with both, or with bad ids', async () => {
    const both =
      'Send either ids (the selected businesses) or matching (every business matching the filters), not both.';
    expect(
      (await as('post', '/api/admin/businesses/approval').send({ isApproved: true }).expect(400)).body.message,
    ).toBe(both);
    await as('post', '/api/admin/businesses/approval')
      .send({ ids: [1], matching: {}, isApproved: true })
      .expect(400);
    const bad = await as('post', '/api/admin/businesses/approval')
      .send({ ids: [0], isApproved: 'yes' })
      .expect(400);
    expect(bad.body.message).toEqual(
      expect.arrayContaining([
        'isApproved must be true or false',
        'ids must be a list of 1 to 10000 business ids (whole numbers, 1 or more)',
      ]),
    );
    const badFilter = await as('post', '/api/admin/businesses/approval')
      .send({ matching: { approval: 'soon' }, isApproved: true })
      .expect(400);
    expect(JSON.stringify(badFilter.body.message)).toContain('approval must be one of all, approved, waiting');
  });
});
