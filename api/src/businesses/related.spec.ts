import request from 'supertest';
import type { FixtureBusiness } from '../testing/test-app.js';
import { insertBusinesses, startTestApp, type TestApp } from '../testing/test-app.js';

const zurich = { city: 'Zürich', country: 'Switzerland', countryCode: 'CH' };
const basel = { city: 'Basel', country: 'Switzerland', countryCode: 'CH' };

/** Zunfthaus and, around it, restaurants and cafés at known distances (0.001° of latitude ≈ 111 m). */
const PLACES: FixtureBusiness[] = [
  { name: 'Zunfthaus', slug: 'zunfthaus', category: 'Restaurant', ...zurich, latitude: 47.37, longitude: 8.54 },
  {
    name: 'Kronenhalle',
    slug: 'kronenhalle',
    category: 'Restaurant',
    ...zurich,
    rating: 4.5,
    latitude: 47.372,
    longitude: 8.54,
  },
  // In the city but 40 km away: similar (same category and city), not nearby.
  { name: 'Seerose', slug: 'seerose', category: 'Restaurant', ...zurich, rating: 4.8, latitude: 47.7, longitude: 8.9 },
  // Unapproved: never suggested, however near.
  {
    name: 'Hidden Grill',
    slug: 'hidden-grill',
    category: 'Restaurant',
    ...zurich,
    approved: false,
    latitude: 47.3701,
    longitude: 8.54,
  },
  { name: 'Rhein Restaurant', slug: 'rhein', category: 'Restaurant', ...basel, latitude: 47.56, longitude: 7.59 },
  // Seven cafés 0.3 to 0.9 km north: with Kronenhalle, more than the six nearby places shown.
  ...Array.from({ length: 7 }, (_, i) => ({
    name: `Café ${i + 1}`,
    slug: `cafe-${i + 1}`,
    category: 'Café',
    ...zurich,
    latitude: 47.373 + i * 0.001,
    longitude: 8.54,
  })),
  // Basel places without coordinates: nearby means the best rated of the city.
  { name: 'Basel Bar', slug: 'basel-bar', category: 'Bar', ...basel, rating: 3 },
  { name: 'Basel Pub', slug: 'basel-pub', category: 'Bar', ...basel, rating: 4.9 },
  { name: 'Lost Place', slug: 'lost-place', category: 'Bar' },
];

describe('GET /api/businesses/:slug/nearby', () => {
  let t: TestApp;
  const get = (slug: string) => request(t.app.getHttpServer()).get(`/api/businesses/${slug}/nearby`);
  const names = (list: { name: string }[]) => list.map((b) => b.name);

  beforeAll(async () => {
    t = await startTestApp();
    await insertBusinesses(t, PLACES);
  });
  afterAll(() => t.close());

  it('answers six approved places within 10 km, nearest first, without the business itself', async () => {
    const res = await get('zunfthaus').expect(200);
    expect(names(res.body.nearby)).toEqual(['Kronenhalle', 'Café 1', 'Café 2', 'Café 3', 'Café 4', 'Café 5']);
    expect(res.body.nearby[0].distanceKm).toBeCloseTo(0.22, 1);
    expect(res.body.nearby[0]).toMatchObject({ slug: 'kronenhalle', category: 'Restaurant', city: 'Zürich' });
  });

  it('answers the same category in the same city as similar, best rated first', async () => {
    const res = await get('zunfthaus').expect(200);
    expect(names(res.body.similar)).toEqual(['Seerose', 'Kronenhalle']);
  });

  it('reads nearby as the best rated of the city when the business has no coordinates', async () => {
    const res = await get('basel-bar').expect(200);
    expect(names(res.body.nearby)).toEqual(['Basel Pub', 'Rhein Restaurant']);
    expect(names(res.body.similar)).toEqual(['Basel Pub']);
  });

  it('answers empty lists for a business with neither coordinates nor city', async () => {
    expect((await get('lost-place').expect(200)).body).toEqual({ nearby: [], similar: [] });
  });

  it('is a public cached read: 404 for an unknown or unapproved slug, 400 for an overlong one', async () => {
    expect((await get('zunfthaus').expect(200)).headers['cache-control']).toBe('public, max-age=60');
    expect((await get('no-such-place').expect(404)).body.message).toBe('No business has the address "no-such-place".');
    await get('hidden-grill').expect(404);
    const res = await get('x'.repeat(301)).expect(400);
    expect(res.body.message).toEqual(['slug must be an address of at most 300 characters']);
  });
});
