import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createUserWithSession } from '../../test/test-users.js';

/** Fixes of the hardening issue (#13) that live in the platform, each with its reproduction. */
describe('hardening', () => {
  let testApp: TestApp;
  let token = '';
  beforeAll(async () => {
    testApp = await createTestApp();
    token = (await createUserWithSession(testApp)).token;
  });
  afterAll(() => testApp.close());

  const answer = async (options: InjectOptions) => {
    const response = await testApp.app.inject(options);
    return { status: response.statusCode, body: response.json() as { code: number; data: unknown; msg: string } };
  };

  it('refuses a NUL byte in a query string with 10100 and the field, instead of a 500 from PostgreSQL', async () => {
    const { status, body } = await answer({
      method: 'GET',
      url: '/swx/customer/login/checkUserNameOrPhone?userName=%00',
    });
    expect(status).toBe(400);
    expect(body.code).toBe(10100);
    expect(body.data).toEqual({ issues: [{ path: 'query.userName', message: 'control characters are not allowed' }] });
  });

  it('refuses control characters anywhere in a JSON body, keys included', async () => {
    for (const payload of ['{"host":"a\\u0000b"}', '{"host":"a\\u001bb"}', '{"ho\\u0000st":"a"}']) {
      const { status, body } = await answer({
        method: 'POST',
        url: '/swx/customer/customer/heartbeat',
        headers: { authorization: token, 'content-type': 'application/json' },
        payload,
      });
      expect(status, payload).toBe(400);
      expect(body.code, payload).toBe(10100);
    }
  });

  it('refuses a lone UTF-16 surrogate anywhere in a request, which PostgreSQL cannot keep in JSON', async () => {
    const { status, body } = await answer({
      method: 'POST',
      url: '/swx/customer/customer/heartbeat',
      headers: { authorization: token, 'content-type': 'application/json' },
      payload: '{"host":"a\\ud800b"}',
    });
    expect(status).toBe(400);
    expect(body.code).toBe(10100);
    expect(body.data).toEqual({ issues: [{ path: 'body.host', message: 'lone UTF-16 surrogates are not allowed' }] });
    // A well-formed pair (an emoji) is text like any other.
    const emoji = await answer({
      method: 'POST',
      url: '/swx/customer/customer/heartbeat',
      headers: { authorization: token, 'content-type': 'application/json' },
      payload: JSON.stringify({ host: 'a😀b' }),
    });
    expect(emoji.status).toBe(200);
  });

  it('lets tab, line feed and carriage return through to the schema', async () => {
    const { status, body } = await answer({
      method: 'GET',
      url: `/swx/customer/index/searchContents?q=${encodeURIComponent('help\tcentre\r\nfaq')}`,
    });
    expect(status).toBe(200);
    expect(body.code).toBe(200);
  });

  it('answers a malformed percent-encoding in a path with the envelope, not a bare framework error', async () => {
    const { status, body } = await answer({ method: 'GET', url: '/swx/customer/index/getContentBySlug/%E0%A4%A' });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 10100, data: null });
    expect(typeof body.msg).toBe('string');
    expect(JSON.stringify(body)).not.toMatch(/FST_|stack/i);
  });
});
