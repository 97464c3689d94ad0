import { CATALOGUE_MESSAGES } from '@openbourse/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createContentService, seedContent } from './content.service.js';

const API = '/swx/customer';

describe('content endpoints on real PostgreSQL', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ SUPPORT_CHAT_URL: 'https://support.example.test/chat' });
  });
  afterAll(() => testApp.close());
  const get = (url: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url, headers });

  it('lists the footer pages in the request language', async () => {
    const english = (await get(`${API}/index/listContents/2`, { lang: 'en' })).json();
    const german = (await get(`${API}/index/listContents/2`, { lang: 'de' })).json();
    expect(english.code).toBe(200);
    expect(english.data.map((p: { slug: string }) => p.slug)).toEqual(
      expect.arrayContaining(['about', 'terms', 'privacy', 'risk-disclosure', 'aml-kyc', 'fees', 'introduction']),
    );
    const terms = (list: Array<{ slug: string; title: string; lang: string }>) => list.find((p) => p.slug === 'terms');
    expect(terms(english.data)?.lang).toBe('en');
    expect(terms(german.data)?.lang).toBe('de');
    expect(terms(german.data)?.title).not.toBe(terms(english.data)?.title);
    // Every type of the footer has at least one page.
    expect(new Set(english.data.map((p: { type: number }) => p.type))).toEqual(new Set([1, 2, 3]));
  });

  it('answers a content item with Markdown and sanitised HTML in the request language', async () => {
    const list = (await get(`${API}/index/listContents/2`)).json().data as Array<{ id: number; slug: string }>;
    const risk = list.find((p) => p.slug === 'risk-disclosure');
    const french = (await get(`${API}/index/getContentsById/${risk?.id}`, { lang: 'fr' })).json();
    expect(french.code).toBe(200);
    expect(french.data.lang).toBe('fr');
    expect(french.data.html).toMatch(/<h2>/);
    expect(french.data.html).not.toMatch(/<script/i);
  });

  it('falls back to English, and says so, when a translation is missing', async () => {
    const { db } = testApp.database;
    const item = await db.selectFrom('content_items').select('id').where('slug', '=', 'fees').executeTakeFirstOrThrow();
    await db.deleteFrom('content_translations').where('item_id', '=', item.id).where('lang', '=', 'ko').execute();
    const korean = (await get(`${API}/index/getContentsById/${item.id}`, { lang: 'ko' })).json();
    expect(korean.data.lang).toBe('en');
    // The seed puts the missing translation back without touching anything else.
    await seedContent(db);
    testApp.app.services.content.clearCache();
    expect((await get(`${API}/index/getContentsById/${item.id}`, { lang: 'ko' })).json().data.lang).toBe('ko');
  });

  it('seeds idempotently', async () => {
    const count = async () =>
      (await sql<{ n: number }>`SELECT count(*)::int AS n FROM content_translations`.execute(testApp.database.db))
        .rows[0]?.n;
    const before = await count();
    await seedContent(testApp.database.db);
    await seedContent(testApp.database.db);
    expect(await count()).toBe(before);
    expect(before).toBeGreaterThanOrEqual(21 * 10);
  });

  it('lists at least 10 FAQ entries and 3 notices, newest notice first', async () => {
    const faq = (await get(`${API}/index/listHelp?kind=faq`, { lang: 'ja' })).json().data;
    const notices = (await get(`${API}/index/listHelp?kind=notice`, { lang: 'ja' })).json().data;
    expect(faq.length).toBeGreaterThanOrEqual(10);
    expect(notices.length).toBeGreaterThanOrEqual(3);
    expect(faq.every((item: { lang: string }) => item.lang === 'ja')).toBe(true);
    const times = notices.map((n: { publishedAt: string }) => Date.parse(n.publishedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('searches titles in the request language and finds nothing for nonsense', async () => {
    const hits = (
      await get(`${API}/index/searchContents?q=${encodeURIComponent('Datenschutz')}`, { lang: 'de' })
    ).json();
    expect(hits.data.length).toBeGreaterThan(0);
    const none = (await get(`${API}/index/searchContents?q=zzqqxx`, { lang: 'de' })).json();
    expect(none).toMatchObject({ code: 200, data: [] });
    const wildcard = (await get(`${API}/index/searchContents?q=${encodeURIComponent('%_')}`)).json();
    expect(wildcard.data).toEqual([]);
  });

  it('answers params, custom contents, links, settings and customer service', async () => {
    expect((await get(`${API}/index/getParamByKey/min_deposit_USDT`)).json().data).toEqual({
      key: 'min_deposit_USDT',
      value: '120',
    });
    const custom = (await get(`${API}/index/getCustomContents`, { lang: 'ar' })).json().data;
    expect(custom.find((c: { key: string }) => c.key === 'risk_warning')?.lang).toBe('ar');
    expect((await get(`${API}/index/links`)).json()).toMatchObject({ code: 200, data: [] });
    const setting = await testApp.app.inject({
      method: 'POST',
      url: `${API}/settings/key`,
      payload: { key: 'default_language' },
    });
    expect(setting.json().data).toEqual({ key: 'default_language', value: 'en' });
    const chat = await testApp.app.inject({
      method: 'POST',
      url: `${API}/customer-service/type`,
      payload: { type: 'online_service' },
    });
    expect(chat.json().data).toEqual({ type: 'online_service', url: 'https://support.example.test/chat' });
    const footer = await testApp.app.inject({ method: 'POST', url: `${API}/customer-service/footer` });
    expect(footer.json().data).toEqual({ onlineService: true, email: null });
    const publicSettings = (await get(`${API}/settings/public`)).json().data;
    expect(publicSettings.aboutContentId).toBeGreaterThan(0);
  });

  it('answers the built-in chat without SUPPORT_CHAT_URL: absolute with a public origin, else its path', async () => {
    const service = (more: { supportChatUrl?: string; publicOrigin?: string }) =>
      createContentService(testApp.database.db, {
        deploymentMode: 'sandbox',
        defaultLanguage: 'en',
        clock: testApp.app.services.clock,
        ...more,
      });
    expect(service({}).getCustomerService('online_service')).toEqual({ type: 'online_service', url: '/support' });
    expect(service({ publicOrigin: 'https://bourse.example.test' }).getCustomerService('online_service')).toEqual({
      type: 'online_service',
      url: 'https://bourse.example.test/support',
    });
    expect(
      service({
        publicOrigin: 'https://bourse.example.test',
        supportChatUrl: 'https://chat.example.test/',
      }).getCustomerService('online_service').url,
    ).toBe('https://chat.example.test/');
    expect(service({}).getCustomerServiceFooter()).toEqual({ onlineService: true, email: null });
    expect(await service({}).getSetting('online_service_enabled')).toEqual({
      key: 'online_service_enabled',
      value: true,
    });
  });

  it('says support is unavailable when e-mail support is not configured', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: `${API}/customer-service/type`,
      headers: { lang: 'it' },
      payload: { type: 'email' },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 10109, msg: CATALOGUE_MESSAGES.it.SUPPORT_UNAVAILABLE });
  });

  describe('bad input gets a 4xx envelope in the user language and changes nothing', () => {
    it.each([
      ['an unknown id', `${API}/index/getContentsById/999999`, 404, 10101],
      ['a non-numeric id', `${API}/index/getContentsById/abc`, 400, 10100],
      ['a negative id', `${API}/index/getContentsById/-1`, 400, 10100],
      ['an unknown language group', `${API}/index/listContents/7`, 400, 10100],
      ['an unknown param', `${API}/index/getParamByKey/nope`, 404, 10101],
      ['an unknown help kind', `${API}/index/listHelp?kind=blog`, 400, 10100],
      ['a one-letter search', `${API}/index/searchContents?q=a`, 400, 10100],
      ['an unknown API path', `${API}/index/nothing`, 404, 10101],
      ['an unknown platform path', '/swx/admin/nothing', 404, 10101],
    ])('%s', async (_label, url, status, code) => {
      const response = await get(url, { lang: 'es' });
      expect(response.statusCode).toBe(status);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      const body = response.json();
      expect(body.code).toBe(code);
      const name = code === 10101 ? 'NOT_FOUND' : 'INVALID_INPUT';
      expect(body.msg).toBe(CATALOGUE_MESSAGES.es[name]);
    });

    it('refuses a private setting as not found, revealing nothing', async () => {
      const response = await testApp.app.inject({
        method: 'POST',
        url: `${API}/settings/key`,
        payload: { key: 'smtp_password' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().data).toBeNull();
    });

    it.each([
      [
        'an oversized body',
        { 'content-type': 'application/json' },
        JSON.stringify({ key: 'x'.repeat(2_000_000) }),
        413,
      ],
      ['a wrong content type', { 'content-type': 'text/plain' }, 'key=default_language', 415],
      ['a form body', { 'content-type': 'application/x-www-form-urlencoded' }, 'key=default_language', 415],
      ['malformed JSON', { 'content-type': 'application/json' }, '{"key":', 400],
      ['a body of the wrong shape', { 'content-type': 'application/json' }, '{"key": 42}', 400],
    ])('%s', async (_label, headers, payload, status) => {
      const before = await sql<{ n: number }>`SELECT count(*)::int AS n FROM settings`.execute(testApp.database.db);
      const response = await testApp.app.inject({
        method: 'POST',
        url: `${API}/settings/key`,
        headers: { ...headers, lang: 'ko' },
        payload,
      });
      expect(response.statusCode).toBe(status);
      expect(response.json().msg.length).toBeGreaterThan(0);
      const after = await sql<{ n: number }>`SELECT count(*)::int AS n FROM settings`.execute(testApp.database.db);
      expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
    });

    it('refuses an unknown language with a 4xx envelope', async () => {
      const response = await get(`${API}/index/listContents/2`, { lang: 'klingon' });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe(10106);
    });
  });
});
