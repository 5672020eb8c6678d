import { type ArgumentMetadata, ValidationPipe } from '@nestjs/common';
import request from 'supertest';
import { SearchQueryDto } from '../search/search.dto.js';
import { DIRECTORY_FIXTURE } from '../testing/fixtures.js';
import { insertBusinesses, startTestApp, type TestApp } from '../testing/test-app.js';

/** The global ValidationPipe's runs on a cached route, on the real api (its cache in Redis). */
describe('validation once per request', () => {
  let t: TestApp;
  let runs: ArgumentMetadata[] = [];
  const transform = ValidationPipe.prototype.transform;
  const get = (path: string) => request(t.app.getHttpServer()).get(path);
  const searchRuns = () => runs.filter((metadata) => metadata.metatype === SearchQueryDto).length;

  beforeAll(async () => {
    t = await startTestApp();
    await insertBusinesses(t, DIRECTORY_FIXTURE);
    // Every run of the real pipe is counted (ValidationOncePipe's own runs go through it).
    ValidationPipe.prototype.transform = function (this: ValidationPipe, value: unknown, metadata: ArgumentMetadata) {
      runs.push(metadata);
      return transform.call(this, value, metadata);
    };
  });
  afterAll(async () => {
    ValidationPipe.prototype.transform = transform;
    await t?.close();
  });
  beforeEach(() => (runs = []));

  it('validates a search once: the cache key and the handler share the DTO', async () => {
    const miss = await get('/api/search?limit=2&sort=name&junk=1').expect(200);
    expect(miss.headers['x-cache']).toBe('MISS');
    expect(miss.body.businesses).toHaveLength(2);
    expect(searchRuns()).toBe(1);

    runs = [];
    const hit = await get('/api/search?sort=name&limit=2').expect(200);
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(hit.body).toEqual(miss.body);
    expect(searchRuns()).toBe(1);
  });

  it('still refuses bad input with a 400 naming the problem, and caches nothing for it', async () => {
    const refused = await get('/api/search?limit=101').expect(400);
    expect(refused.body.message).toEqual(['limit must be a whole number from 1 to 100']);
    expect(refused.headers['x-cache']).toBeUndefined();
  });

  it('keeps each request to its own parameters when many run at once', async () => {
    const limits = [1, 2, 3, 4, 5, 1, 2, 3, 4, 5];
    const answers = await Promise.all(limits.map((limit) => get(`/api/search?sort=name&q=&limit=${limit}`)));
    expect(answers.map((answer) => answer.status)).toEqual(limits.map(() => 200));
    expect(answers.map((answer) => answer.body.businesses.length)).toEqual(limits);
  });
});
