import request from 'supertest';
import { startTestApp, type TestApp } from '../testing/test-app.js';
import { heldRoutes } from '../http/held-routes.js';
import { API_DOCS_JSON_PATH, API_DOCS_PATH } from './api-docs.js';

/** Every route Fastify holds, as "METHOD /path/{param}" in OpenAPI's spelling (HEAD is Fastify's copy of GET). */
function servedRoutes(app: TestApp['app']): string[] {
  const routes = heldRoutes(app)
    .filter((route) => route.method !== 'HEAD')
    .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}').replace(/\/\*$/, '/{path}')}`);
  return [...new Set(routes)].sort();
}

/**
 * Routes that are not calls of the api: the documentation itself, the web app (one catch-all route) and the
 * queue dashboard (Bull Board's own pages and calls).
 */
const NOT_CALLS = [/^GET \/api\/docs/, /^GET \/\{path\}$/, /^[A-Z]+ \/api\/admin\/queues/];

describe('OpenAPI document (/api/docs)', () => {
  let t: TestApp;
  let document: {
    paths: Record<
      string,
      Record<
        string,
        {
          summary?: string;
          responses: Record<string, unknown>;
          parameters?: { name: string; in: string; schema?: Record<string, unknown>; description?: string }[];
        }
      >
    >;
  };

  beforeAll(async () => {
    t = await startTestApp();
    document = (await request(t.app.getHttpServer()).get(`/${API_DOCS_JSON_PATH}`).expect(200)).body;
  });
  afterAll(() => t.close());

  it('serves the interactive documentation', async () => {
    const page = await request(t.app.getHttpServer()).get(`/${API_DOCS_PATH}`).expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });

  it('documents every route the api serves, each with a summary, an answer and its errors', () => {
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const served = servedRoutes(t.app).filter((route) => !NOT_CALLS.some((pattern) => pattern.test(route)));
    expect(served.length).toBeGreaterThan(40);
    expect(served.filter((route) => !documented.includes(route))).toEqual([]);
    const incomplete = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, op]) => !op.summary || !Object.keys(op.responses).some((status) => /^[23]/.test(status)))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(incomplete).toEqual([]);
  });

  it('documents parameters with the rules the validation enforces', () => {
    const search = document.paths['/api/search'].get.parameters!;
    expect(search.find((p) => p.name === 'page')).toMatchObject({
      in: 'query',
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: 500, default: 1 },
      description: 'page must be a whole number from 1 to 500',
    });
    expect(search.find((p) => p.name === 'sort')?.schema?.enum).toEqual(
      expect.arrayContaining(['relevance', 'distance', 'newest']),
    );
    const city = document.paths['/api/cities/{countryCode}/{citySlug}'].get.parameters!;
    expect(city.find((p) => p.name === 'countryCode')).toMatchObject({ in: 'path', required: true });
    expect(document.paths['/api/businesses/{slug}'].get.responses['404']).toBeDefined();
    expect(document.paths['/api/admin/businesses'].get).toMatchObject({
      security: [{ 'admin-session': [] }],
      responses: { '401': expect.anything() },
    });
  });
});
