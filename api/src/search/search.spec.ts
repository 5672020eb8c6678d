import request from 'supertest';
import { DIRECTORY_FIXTURE } from '../testing/fixtures.js';
import { insertBusinesses, startTestApp, type TestApp } from '../testing/test-app.js';

describe('GET /api/search', () => {
  let t: TestApp;
  const search = async (query: string) =>
    (await request(t.app.getHttpServer()).get(`/api/search?${query}`).expect(200)).body;

  beforeAll(async () => {
    t = await startTestApp();
    await insertBusinesses(t.orm, DIRECTORY_FIXTURE);
  });
  afterAll(() => t.close());

  it('finds by name part and by category, never unapproved businesses', async () => {
    expect((await search('q=zür')).businesses.map((b: { name: string }) => b.name)).toEqual(['Café Zürich']);
    const plumbers = await search('q=plumber');
    expect(plumbers.businesses.map((b: { name: string }) => b.name).sort()).toEqual(['Joe Plumbing', 'Nowhere Shop']);
    expect(plumbers.totalCount).toBe(2);
  });

  it('keeps to the location: city, country name or code', async () => {
    const names = async (query: string) => (await search(query)).businesses.map((b: { name: string }) => b.name);
    expect(await names(`q=${encodeURIComponent('café & bar')}&location=basel`)).toEqual(['Bar Basel']);
    expect(await names('location=RS')).toEqual(['Ветеринар Београд']);
    expect(await names('location=Switzerland&q=pub')).toEqual(["O'Brien's Pub"]);
    expect((await search('q=plumber&location=Zürich')).totalCount).toBe(0);
  });

  it('rejects a bad page with the rule', async () => {
    const res = await request(t.app.getHttpServer()).get('/api/search?page=0').expect(400);
    expect(res.body.message).toEqual(['page must be a whole number from 1 to 500']);
  });
});
