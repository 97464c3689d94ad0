import { CATALOGUE_MESSAGES, declareRoute, endpoint, ZQueryArray } from '@openbourse/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { resolveRequestContext } from '../http/request-context.js';
import { defineRoute, type RegisteredRoute } from '../http/route.js';
import { AppError } from './app-error.js';
import { installErrorHandling } from './error-handler.js';

// A minimal app with the platform's error handling, language hook and route helper.
async function buildErrorApp(): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, bodyLimit: 256 });
  app.decorate('routeRegistry', [] as RegisteredRoute[]);
  app.decorateRequest('language', 'en');
  app.decorateRequest('book', 'live');
  app.removeContentTypeParser('text/plain');
  installErrorHandling(app);
  app.addHook('onRequest', async (request) => resolveRequestContext(request, 'en'));
  defineRoute(
    app,
    declareRoute(endpoint('POST', '/echo', 'public'), {
      tags: ['test'],
      summary: 'echo',
      body: z.object({ email: z.email(), amount: z.string().regex(/^\d+$/) }),
      response: z.object({ email: z.string() }),
    }),
    async ({ body }) => ({ email: body.email }),
  );
  defineRoute(
    app,
    declareRoute(endpoint('GET', '/vip', 'public'), {
      tags: ['test'],
      summary: 'throws a catalogue error with a placeholder',
      response: z.null(),
    }),
    async () => {
      throw new AppError('VIP_LEVEL_TOO_LOW', { params: { level: 'VIP2' } });
    },
  );
  defineRoute(
    app,
    declareRoute(endpoint('GET', '/boom', 'public'), {
      tags: ['test'],
      summary: 'fails unexpectedly',
      response: z.null(),
    }),
    async () => {
      throw new Error('relation "secret_table" does not exist at SELECT password FROM users');
    },
  );
  defineRoute(
    app,
    declareRoute(endpoint('GET', '/book', 'public'), {
      tags: ['test'],
      summary: 'the book from the virtually header',
      response: z.string(),
    }),
    async ({ request }) => request.book,
  );
  defineRoute(
    app,
    declareRoute(endpoint('GET', '/codes', 'public'), {
      tags: ['test'],
      summary: 'an array query parameter',
      query: z.object({ code: ZQueryArray(z.string().regex(/^[a-z]+$/)) }),
      response: z.array(z.string()),
    }),
    async ({ query }) => query.code,
  );
  await app.ready();
  return app;
}

describe('the envelope and error mapping', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildErrorApp();
  });
  afterAll(() => app.close());

  it('answers success as { code: 200, data, msg }', async () => {
    const response = await app.inject({ method: 'POST', url: '/echo', payload: { email: 'a@b.co', amount: '5' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 200, data: { email: 'a@b.co' }, msg: CATALOGUE_MESSAGES.en.SUCCESS });
  });

  it('answers a schema failure with 400, code 10100 and the failing field paths', async () => {
    const response = await app.inject({ method: 'POST', url: '/echo', payload: { email: 'nope', amount: 'x' } });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe(10100);
    expect(body.data.issues.map((issue: { path: string }) => issue.path).sort()).toEqual(['body.amount', 'body.email']);
  });

  it('writes msg in the lang header language, filling placeholders', async () => {
    const response = await app.inject({ method: 'GET', url: '/vip', headers: { lang: 'de' } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 10094,
      msg: CATALOGUE_MESSAGES.de.VIP_LEVEL_TOO_LOW.replace('{level}', 'VIP2'),
    });
  });

  it('falls back to Accept-Language when there is no lang header', async () => {
    const response = await app.inject({ method: 'GET', url: '/vip', headers: { 'accept-language': 'ja-JP,ja;q=0.9' } });
    expect(response.json().msg).toBe(CATALOGUE_MESSAGES.ja.VIP_LEVEL_TOO_LOW.replace('{level}', 'VIP2'));
  });

  it('refuses an unknown lang header with 10106, in the Accept-Language language', async () => {
    const response = await app.inject({ method: 'GET', url: '/vip', headers: { lang: 'xx', 'accept-language': 'fr' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 10106, msg: CATALOGUE_MESSAGES.fr.UNSUPPORTED_LANGUAGE });
  });

  it('hides an unexpected failure behind a generic 500 with the request id', async () => {
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body.code).toBe(10105);
    expect(body.data.requestId).toBe(response.headers['x-request-id'] ?? body.data.requestId);
    expect(response.body).not.toMatch(/secret_table|password|at \w+ \(/);
  });

  it.each([
    [
      'an oversized body',
      { 'content-type': 'application/json' },
      JSON.stringify({ email: 'a@b.co', amount: '1'.repeat(400) }),
      413,
      10103,
    ],
    ['a wrong content type', { 'content-type': 'text/plain' }, 'hello', 415, 10104],
    ['an unknown content type', { 'content-type': 'application/x-foo' }, 'hello', 415, 10104],
    ['malformed JSON', { 'content-type': 'application/json' }, '{"email":', 400, 10100],
  ])('answers %s with a 4xx envelope', async (_label, headers, payload, status, code) => {
    const response = await app.inject({ method: 'POST', url: '/echo', headers, payload });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ code });
    expect(response.json().msg.length).toBeGreaterThan(0);
  });

  it('parses the virtually header into the book and refuses other values', async () => {
    expect((await app.inject({ method: 'GET', url: '/book', headers: { virtually: 'YES' } })).json().data).toBe('demo');
    expect((await app.inject({ method: 'GET', url: '/book', headers: { virtually: 'NO' } })).json().data).toBe('live');
    expect((await app.inject({ method: 'GET', url: '/book' })).json().data).toBe('live');
    const bad = await app.inject({ method: 'GET', url: '/book', headers: { virtually: 'maybe' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(10100);
  });

  it('reads GET arrays sent as repeated keys', async () => {
    expect((await app.inject({ method: 'GET', url: '/codes?code=btc&code=eth' })).json().data).toEqual(['btc', 'eth']);
    expect((await app.inject({ method: 'GET', url: '/codes?code=btc' })).json().data).toEqual(['btc']);
    expect((await app.inject({ method: 'GET', url: '/codes' })).json().data).toEqual([]);
    const bad = await app.inject({ method: 'GET', url: '/codes?code=btc&code=ETH!' });
    expect(bad.json().data.issues[0].path).toBe('query.code.1');
  });

  it('answers unknown paths with a not-found envelope', async () => {
    const response = await app.inject({ method: 'GET', url: '/swx/customer/nothing/here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 10101, data: null });
  });
});
