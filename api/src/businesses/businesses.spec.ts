import request from 'supertest';
import { openState } from '@directory/core';
import { DIRECTORY_FIXTURE } from '../testing/fixtures.js';
import { insertBusinesses, startTestApp, type TestApp } from '../testing/test-app.js';

describe('public business calls', () => {
  let t: TestApp;
  const http = () => t.app.getHttpServer();

  beforeAll(async () => {
    t = await startTestApp();
    await insertBusinesses(t, DIRECTORY_FIXTURE);
  });
  afterAll(() => t.close());

  describe('GET /api/businesses', () => {
    it('answers the paged public response with only approved businesses', async () => {
      const res = await request(http()).get('/api/businesses?page=1').expect(200);
      expect(res.body).toMatchObject({
        currentPage: 1,
        totalPages: 1,
        totalCount: 6,
        hasNextPage: false,
        hasPrevPage: false,
      });
      expect(res.body.businesses).toHaveLength(6);
      expect(res.body.businesses.map((b: { name: string }) => b.name)).not.toContain('Hidden Plumber');
      expect(Object.keys(res.body.businesses[0])).toEqual(
        expect.arrayContaining(['id', 'slug', 'name', 'category', 'rating', 'reviews', 'city', 'country', 'phone']),
      );
    });

    it('defaults to page 1 and answers an empty page past the end', async () => {
      expect((await request(http()).get('/api/businesses').expect(200)).body.currentPage).toBe(1);
      const res = await request(http()).get('/api/businesses?page=2').expect(200);
      expect(res.body).toMatchObject({ currentPage: 2, businesses: [], hasPrevPage: true, hasNextPage: false });
    });

    it.each(['0', '101', 'abc', '1.5', '-3'])('rejects page=%s with a 400 naming the rule', async (page) => {
      const res = await request(http()).get(`/api/businesses?page=${page}`).expect(400);
      expect(res.body.message).toEqual(['page must be a whole number from 1 to 100']);
    });

    it('accepts page 100', async () => {
      await request(http()).get('/api/businesses?page=100').expect(200);
    });
  });

  describe('GET /api/featured-businesses', () => {
    it('lists approved businesses with a photo in the featured shape', async () => {
      const res = await request(http()).get('/api/featured-businesses').expect(200);
      expect(res.body).toEqual([
        {
          id: expect.any(Number),
          slug: 'cafe-zurich-abc123',
          name: 'Café Zürich',
          type: null,
          category: 'Café & Bar',
          image_url: 'https://example.test/cafe.jpg',
          rating: 4.6,
          reviews: 310,
          full_address: null,
        },
      ]);
    });
  });

  describe('GET /api/businesses/:slug', () => {
    it('answers the detail with parsed hours and amenities', async () => {
      const res = await request(http()).get('/api/businesses/cafe-zurich-abc123').expect(200);
      expect(res.body).toMatchObject({
        name: 'Café Zürich',
        slug: 'cafe-zurich-abc123',
        category: 'Café & Bar',
        categorySlug: 'café-&-bar',
        countryCode: 'CH',
        placeId: 'fixture-1',
        latitude: 47.37,
        longitude: 8.54,
        workingHours: { Monday: '9AM-5PM', Sunday: 'Closed' },
        about: { groups: { 'Service options': { 'Dine-in': true, Takeout: false } } },
        amenities: ['Dine-in'],
        timeZone: 'Europe/Zurich',
      });
    });

    it("judges openNow at the business's local time with core's rule, and says when it closes or opens", async () => {
      const before = new Date();
      const res = await request(http()).get('/api/businesses/cafe-zurich-abc123').expect(200);
      const after = new Date();
      const hours = { Monday: '9AM-5PM', Sunday: 'Closed' };
      // The answer was computed between the two instants; one of them gives the same state (a minute may turn).
      const candidates = [openState(hours, 'Europe/Zurich', before), openState(hours, 'Europe/Zurich', after)];
      const { openNow, closesAt, opensAt } = res.body;
      expect(candidates).toContainEqual({ open: openNow, closesAt, opensAt });
      expect(openNow ? closesAt : opensAt).toMatch(/^(\w{3} )?\d{1,2}(:\d{2})? [AP]M$/);
    });

    it('reads malformed hours and amenities as absent', async () => {
      const res = await request(http())
        .get(`/api/businesses/${encodeURIComponent('veterinar-beograd-jkl012')}`)
        .expect(200);
      expect(res.body).toMatchObject({ workingHours: null, about: null, amenities: [], openNow: null });
    });

    it('retries once without a trailing six-character suffix (public spec §5)', async () => {
      const res = await request(http()).get('/api/businesses/cafe-zurich-abc123-x9y8z7').expect(200);
      expect(res.body.slug).toBe('cafe-zurich-abc123');
    });

    it('answers 404 with a sentence for unknown and unapproved businesses', async () => {
      const unknown = await request(http()).get('/api/businesses/no-such-business').expect(404);
      expect(unknown.body.message).toBe('No business has the address "no-such-business".');
      await request(http()).get('/api/businesses/hidden-plumber-pqr678').expect(404);
    });

    it('follows a renamed slug', async () => {
      await t.orm.em
        .fork()
        .execute(
          `insert into slug_redirects (old_slug, business_id) select 'old-bar-basel-1700000000000', id from businesses where slug = 'bar-basel-def456'`,
        );
      const res = await request(http()).get('/api/businesses/old-bar-basel-1700000000000').expect(200);
      expect(res.body.slug).toBe('bar-basel-def456');
    });
  });
});
