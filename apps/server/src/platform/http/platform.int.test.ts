import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { AUTH_LEVELS } from './auth.js';
import { registeredRoutes } from './route.js';

describe('the platform around the modules', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it('declares an auth level on every route in the route table', () => {
    const table = testApp.app.routeTable;
    // The platform routes, the web app fallback and every module route are in the table.
    const urls = table.map((route) => route.url);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/healthz',
        '/readyz',
        '/metrics',
        '/docs',
        '/*',
        '/swx/customer/index/listContents/:type',
      ]),
    );
    for (const route of table) expect(AUTH_LEVELS, `${String(route.method)} ${route.url}`).toContain(route.auth);
    // Every route declared through defineRoute is really served.
    for (const route of registeredRoutes(testApp.app)) expect(urls).toContain(route.path);
  });

  it('refuses to register a route without an auth level', async () => {
    let error: unknown = null;
    const { close } = await createTestApp({}, (unready) => {
      try {
        unready.get('/no-auth-declared', async () => 'x');
      } catch (thrown) {
        error = thrown;
      }
    });
    await close();
    expect(String(error)).toMatch(/declares no auth level/);
  });

  it('answers healthz, readyz and metrics', async () => {
    expect((await testApp.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await testApp.app.inject('/readyz')).json()).toEqual({ status: 'ready' });
    await testApp.app.inject({ method: 'DELETE', url: '/no/such/route' });
    const metrics = await testApp.app.inject('/metrics');
    expect(metrics.body).toMatch(/http_request_duration_seconds/);
    // Labelled by route pattern and status; requests no route matched share one label.
    expect(metrics.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} 1/,
    );
    expect(metrics.body).toMatch(
      /http_request_duration_seconds_count\{method="DELETE",route="unmatched",status="404"\} 1/,
    );
  });

  it('serves an OpenAPI 3.1 document covering every declared route, and a reference page', async () => {
    const document = (await testApp.app.inject('/docs/openapi.json')).json();
    expect(document.openapi).toBe('3.1.0');
    for (const route of registeredRoutes(testApp.app)) {
      const path = route.path.replace(/:(\w+)/g, '{$1}');
      expect(document.paths[path]?.[route.method.toLowerCase()], `${route.method} ${path}`).toBeDefined();
    }
    const body = document.paths['/swx/customer/settings/key'].post.requestBody;
    expect(body.content['application/json'].schema.properties.key).toBeDefined();
    const page = await testApp.app.inject('/docs');
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('/swx/customer/index/listContents/{type}');
  });

  it('sends security headers with a strict Content-Security-Policy', async () => {
    const json = await testApp.app.inject('/healthz');
    expect(json.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(json.headers['x-content-type-options']).toBe('nosniff');
    expect(json.headers['x-frame-options']).toBe('DENY');
    expect(json.headers['x-request-id']).toBeTruthy();
    const html = await testApp.app.inject('/docs');
    const csp = String(html.headers['content-security-policy']);
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).toMatch(/style-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    // The nonce is fresh for every page.
    const again = await testApp.app.inject('/docs');
    expect(again.headers['content-security-policy']).not.toBe(csp);
    expect(html.body).toContain(`nonce="${/nonce-([^']+)'/.exec(csp)?.[1]}"`);
  });

  it('sends the security headers and the request id with an answer refused before routing', async () => {
    const refused = await testApp.app.inject({ url: '/healthz', headers: { lang: 'xx' } });
    expect(refused.statusCode).not.toBe(200);
    expect(refused.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
    expect(refused.headers['x-request-id']).toBeTruthy();
  });

  it("answers a protected route 401 without a token, before the route's own preHandler runs", async () => {
    let ownPreHandlerRan = false;
    const { app, close } = await createTestApp({}, (unready) => {
      unready.route({
        method: 'GET',
        url: '/swx/customer/test/protected',
        config: { auth: 'user' },
        preHandler: async () => {
          ownPreHandlerRan = true;
        },
        handler: async () => 'secret',
      });
    });
    try {
      const response = await app.inject('/swx/customer/test/protected');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 401, data: null });
      expect(ownPreHandlerRan).toBe(false);
    } finally {
      await close();
    }
  });
});
