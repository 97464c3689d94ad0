import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Instances, startInstances } from '../../test/instances.js';
import { isTestRedisReachable } from '../../test/redis.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignableUser } from '../../test/test-users.js';
import { seedContent } from './content.service.js';

/** The content editor of the back office (#14): items, texts per language, preview, links, params, settings. */

const ADMIN = '/swx/admin/content';
const API = '/swx/customer';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function call(
  app: FastifyInstance,
  token: string | null,
  method: Method,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await app.inject({
    method,
    url,
    headers: { ...(token ? { authorization: token } : {}), 'x-request-id': 'content-admin-test', ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: response.statusCode, body: response.json() };
}

describe('the content editor on real PostgreSQL', () => {
  let testApp: TestApp;
  let adminToken: string;
  let adminId: string;
  let userToken: string;
  const admin = (method: Method, url: string, payload?: unknown) => call(testApp.app, adminToken, method, url, payload);
  const auditRows = (target: string) => {
    const [type, id] = target.split(':');
    return testApp.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_type', '=', type ?? '')
      .where('target_id', '=', id ?? '')
      .orderBy('id')
      .execute();
  };
  const auditCount = async () =>
    Number(
      (
        await testApp.database.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const contentSnapshot = async () => ({
    items: await testApp.database.db.selectFrom('content_items').selectAll().orderBy('id').execute(),
    texts: await testApp.database.db
      .selectFrom('content_translations')
      .selectAll()
      .orderBy('item_id')
      .orderBy('lang')
      .execute(),
    links: await testApp.database.db.selectFrom('social_links').selectAll().orderBy('type').execute(),
    params: await testApp.database.db.selectFrom('params').selectAll().orderBy('key').execute(),
    settings: await testApp.database.db.selectFrom('settings').selectAll().orderBy('key').execute(),
    audit: await auditCount(),
  });

  beforeAll(async () => {
    testApp = await createTestApp();
    const operator = await createSignableUser(testApp, ['admin']);
    adminId = operator.id;
    adminToken = await operator.signIn();
    userToken = await (await createSignableUser(testApp)).signIn();
  });
  afterAll(() => testApp.close());

  it('creates a FAQ entry, edits it in German and serves it in German on the public FAQ at once', async () => {
    // Read first, so the public answer is cached: the edit must clear it.
    expect(
      (await call(testApp.app, null, 'GET', `${API}/index/listHelp?kind=faq`, undefined, { lang: 'de' })).status,
    ).toBe(200);
    const created = await admin('POST', `${ADMIN}/items`, {
      slug: 'editor-faq',
      kind: 'faq',
      translations: [{ lang: 'en', title: 'How do I edit?', body: 'Like **this**.' }],
      reason: 'new question',
    });
    expect(created.status).toBe(200);
    const id = created.body.data.id as string;
    expect(created.body.data).toMatchObject({ kind: 'faq', type: 3, isPublished: true, languages: ['en'] });

    const saved = await admin('PUT', `${ADMIN}/items/${id}/translations/de`, {
      title: 'Wie bearbeite ich?',
      body: 'So **geht** das.',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.languages).toEqual(['de', 'en']);

    const faq = await call(testApp.app, null, 'GET', `${API}/index/listHelp?kind=faq`, undefined, { lang: 'de' });
    const entry = (faq.body.data as Array<{ id: number; title: string; html: string; lang: string }>).find(
      (item) => String(item.id) === id,
    );
    expect(entry).toMatchObject({ title: 'Wie bearbeite ich?', lang: 'de' });
    expect(entry?.html).toContain('<strong>geht</strong>');

    // Edited again: the cached German answer is gone at once.
    await admin('PUT', `${ADMIN}/items/${id}/translations/de`, { title: 'Wie bearbeite ich das?', body: 'So.' });
    const again = await call(testApp.app, null, 'GET', `${API}/index/getContentsById/${id}`, undefined, { lang: 'de' });
    expect(again.body.data.title).toBe('Wie bearbeite ich das?');

    // One audit row per change: create, German text, German text again.
    const rows = await auditRows(`content:${id}`);
    expect(rows.map((row) => row.action)).toEqual([
      'content.item.create',
      'content.item.update',
      'content.item.update',
    ]);
    expect(rows[0]).toMatchObject({ actor_user_id: adminId, reason: 'new question', request_id: 'content-admin-test' });
    expect(rows[0]?.ip).toBeTruthy();
    expect(rows[1]).toMatchObject({ before: null, after: { lang: 'de', title: 'Wie bearbeite ich?' } });
    expect(rows[2]).toMatchObject({ before: { lang: 'de', title: 'Wie bearbeite ich?' }, after: { lang: 'de' } });

    // Unpublishing hides it from the public site; the editor still reads it.
    const hidden = await admin('POST', `${ADMIN}/items/${id}`, { isPublished: false, reason: 'outdated' });
    expect(hidden.body.data.isPublished).toBe(false);
    expect((await call(testApp.app, null, 'GET', `${API}/index/getContentsById/${id}`)).body.code).toBe(10101);
    expect((await admin('GET', `${ADMIN}/items/${id}`)).body.data.translations).toHaveLength(2);
    expect((await auditRows(`content:${id}`)).at(-1)).toMatchObject({
      action: 'content.item.update',
      before: { isPublished: true },
      after: { isPublished: false },
      reason: 'outdated',
    });

    // Removing the German text: German readers get English again; English cannot be removed.
    await admin('POST', `${ADMIN}/items/${id}`, { isPublished: true });
    expect((await admin('DELETE', `${ADMIN}/items/${id}/translations/de`)).body.data.languages).toEqual(['en']);
    const english = await call(testApp.app, null, 'GET', `${API}/index/getContentsById/${id}`, undefined, {
      lang: 'de',
    });
    expect(english.body.data).toMatchObject({ lang: 'en', title: 'How do I edit?' });
    const before = await contentSnapshot();
    expect((await admin('DELETE', `${ADMIN}/items/${id}/translations/en`)).body.code).toBe(10152);
    expect(await contentSnapshot()).toEqual(before);

    const listed = await admin('GET', `${ADMIN}/items?kind=faq&size=100`);
    expect(listed.body.data.items.map((item: { slug: string }) => item.slug)).toContain('editor-faq');
  });

  it('previews Markdown as the public page shows it: scripts, event handlers and javascript: links removed', async () => {
    const preview = await admin('POST', `${ADMIN}/preview`, {
      markdown:
        '# Title\n\n<script>alert(1)</script>\n\n[click](javascript:alert(1)) <a href="#" onclick="alert(2)">x</a> [ok](https://example.com)',
    });
    expect(preview.status).toBe(200);
    const html = preview.body.data.html as string;
    expect(html).toContain('<h1>Title</h1>');
    expect(html).not.toMatch(/<script|alert\(1\)<|javascript:|onclick/i);
    expect(html).toContain('href="https://example.com"');
    expect(preview.body.data.isSafe).toBe(false);
    expect((await admin('POST', `${ADMIN}/preview`, { markdown: 'plain **text**' })).body.data).toEqual({
      html: '<p>plain <strong>text</strong></p>\n',
      isSafe: true,
    });
  });

  it('edits links, params and settings and serves them on the public routes at once', async () => {
    // Cached public answer first.
    expect((await call(testApp.app, null, 'GET', `${API}/index/links`)).body.data).toEqual([]);
    const link = await admin('PUT', `${ADMIN}/links/discord`, { url: 'https://discord.gg/openbourse' });
    expect(link.body.data).toEqual([{ type: 'discord', url: 'https://discord.gg/openbourse' }]);
    expect((await call(testApp.app, null, 'GET', `${API}/index/links`)).body.data).toEqual([
      { type: 'discord', url: 'https://discord.gg/openbourse' },
    ]);
    expect((await auditRows('link:discord')).map((row) => [row.action, row.before, row.after])).toEqual([
      ['content.link.update', null, { type: 'discord', url: 'https://discord.gg/openbourse' }],
    ]);

    expect((await admin('PUT', `${ADMIN}/params/min_deposit_USDT`, { value: '25', reason: 'promo' })).status).toBe(200);
    expect((await call(testApp.app, null, 'GET', `${API}/index/getParamByKey/min_deposit_USDT`)).body.data).toEqual({
      key: 'min_deposit_USDT',
      value: '25',
    });
    const paramRows = await auditRows('param:min_deposit_USDT');
    expect(paramRows).toHaveLength(1);
    expect(paramRows[0]).toMatchObject({ action: 'content.param.update', after: { value: '25' }, reason: 'promo' });

    const setKey = () =>
      call(testApp.app, null, 'POST', `${API}/settings/key`, { key: 'maintenance_notice' }).then((r) => r.body);
    expect((await setKey()).code).toBe(10101);
    await admin('PUT', `${ADMIN}/settings/maintenance_notice`, { value: 'Sunday 02:00 UTC', isPublic: true });
    expect((await setKey()).data).toEqual({ key: 'maintenance_notice', value: 'Sunday 02:00 UTC' });
    await admin('PUT', `${ADMIN}/settings/maintenance_notice`, { value: 'Sunday 02:00 UTC', isPublic: false });
    expect((await setKey()).code).toBe(10101);
    // The same value again changes nothing and writes nothing.
    await admin('PUT', `${ADMIN}/settings/maintenance_notice`, { value: 'Sunday 02:00 UTC', isPublic: false });
    expect((await auditRows('setting:maintenance_notice')).map((row) => row.action)).toEqual([
      'content.setting.update',
      'content.setting.update',
    ]);
    expect((await admin('GET', `${ADMIN}/settings`)).body.data).toEqual([
      expect.objectContaining({ key: 'maintenance_notice', value: 'Sunday 02:00 UTC', isPublic: false }),
    ]);
  });

  it('refuses bad input with a catalogue code and changes nothing', async () => {
    const faq = (await admin('GET', `${ADMIN}/items?kind=faq&size=1`)).body.data.items[0] as { id: string };
    const before = await contentSnapshot();
    const cases: Array<[string, Method, string, unknown, number]> = [
      [
        'a script',
        'PUT',
        `${ADMIN}/items/${faq.id}/translations/de`,
        { title: 'T', body: 'a <script>x()</script>' },
        10150,
      ],
      [
        'a javascript: link',
        'PUT',
        `${ADMIN}/items/${faq.id}/translations/de`,
        { title: 'T', body: '[a](javascript:x())' },
        10150,
      ],
      [
        'an encoded javascript: link',
        'PUT',
        `${ADMIN}/items/${faq.id}/translations/de`,
        { title: 'T', body: '[a](&#106;avascript:x())' },
        10150,
      ],
      [
        'an event handler',
        'PUT',
        `${ADMIN}/items/${faq.id}/translations/de`,
        { title: 'T', body: '<img src=x onerror=alert(1)>' },
        10150,
      ],
      [
        'a script on create',
        'POST',
        `${ADMIN}/items`,
        { slug: 'bad-one', kind: 'faq', translations: [{ lang: 'en', title: 'T', body: '<script>1</script>' }] },
        10150,
      ],
      [
        'an oversized body',
        'PUT',
        `${ADMIN}/items/${faq.id}/translations/de`,
        { title: 'T', body: 'x'.repeat(100_001) },
        10100,
      ],
      [
        'an oversized title',
        'PUT',
        `${ADMIN}/items/${faq.id}/translations/de`,
        { title: 'T'.repeat(301), body: 'x' },
        10100,
      ],
      ['an oversized preview', 'POST', `${ADMIN}/preview`, { markdown: 'x'.repeat(100_001) }, 10100],
      ['an unknown id', 'PUT', `${ADMIN}/items/999999/translations/de`, { title: 'T', body: 'x' }, 10101],
      ['an unknown id to update', 'POST', `${ADMIN}/items/999999`, { isPublished: false }, 10101],
      ['an unknown id to read', 'GET', `${ADMIN}/items/999999`, undefined, 10101],
      ['an unknown language', 'PUT', `${ADMIN}/items/${faq.id}/translations/xx`, { title: 'T', body: 'x' }, 10100],
      ['a missing language text to remove', 'DELETE', `${ADMIN}/items/${faq.id}/translations/xx`, undefined, 10100],
      [
        'no English text',
        'POST',
        `${ADMIN}/items`,
        { slug: 'no-english', kind: 'faq', translations: [{ lang: 'de', title: 'T', body: 'x' }] },
        10152,
      ],
      [
        'a slug in use',
        'POST',
        `${ADMIN}/items`,
        { slug: 'editor-faq', kind: 'faq', translations: [{ lang: 'en', title: 'T', body: 'x' }] },
        10151,
      ],
      [
        'a type out of range',
        'POST',
        `${ADMIN}/items`,
        { slug: 'type-four', kind: 'page', type: 4, translations: [{ lang: 'en', title: 'T', body: 'x' }] },
        10100,
      ],
      ['a plain-http link', 'PUT', `${ADMIN}/links/telegram`, { url: 'http://t.me/openbourse' }, 10100],
      ['a javascript: link URL', 'PUT', `${ADMIN}/links/telegram`, { url: 'javascript:alert(1)' }, 10100],
      ['not a URL', 'PUT', `${ADMIN}/links/telegram`, { url: 'openbourse' }, 10100],
      ['an unknown link type', 'PUT', `${ADMIN}/links/facebook`, { url: 'https://facebook.com/x' }, 10100],
      [
        'a deployment setting',
        'PUT',
        `${ADMIN}/settings/deployment_mode`,
        { value: 'production', isPublic: true },
        10100,
      ],
      ['a setting of an object', 'PUT', `${ADMIN}/settings/odd`, { value: { a: 1 }, isPublic: true }, 10100],
      ['a bad param key', 'PUT', `${ADMIN}/params/no spaces`, { value: '1' }, 10100],
      ['an oversized param', 'PUT', `${ADMIN}/params/min_deposit_USDT`, { value: 'x'.repeat(1001) }, 10100],
    ];
    for (const [name, method, url, payload, code] of cases) {
      const answer = await admin(method, url, payload);
      expect(answer.body.code, name).toBe(code);
      expect(answer.status, name).toBeGreaterThanOrEqual(400);
    }
    expect(await contentSnapshot()).toEqual(before);
  });

  it('answers a visitor 401 and a plain user 403 on every content editor route', async () => {
    const routes: Array<[Method, string, unknown]> = [
      ['GET', `${ADMIN}/items`, undefined],
      ['POST', `${ADMIN}/preview`, { markdown: 'x' }],
      ['PUT', `${ADMIN}/links/discord`, { url: 'https://discord.gg/x' }],
      ['PUT', `${ADMIN}/params/min_deposit_USDT`, { value: '1' }],
      ['PUT', `${ADMIN}/settings/some_key`, { value: 1, isPublic: true }],
    ];
    const before = await contentSnapshot();
    for (const [method, url, payload] of routes) {
      expect((await call(testApp.app, null, method, url, payload)).status, url).toBe(401);
      expect((await call(testApp.app, userToken, method, url, payload)).status, url).toBe(403);
    }
    expect(await contentSnapshot()).toEqual(before);
  });
});

const hasRedis = await isTestRedisReachable('the two-instance content editor test');

describe.skipIf(!hasRedis)('a content change across two instances with Redis', () => {
  let instances: Instances | undefined;

  beforeAll(async () => {
    instances = await startInstances(2, { MARKET_FEED: '' });
    await seedContent(instances.database.db);
  }, 30_000);
  afterAll(async () => {
    await instances?.close();
  });

  it('shows on instance B, before its cache would expire, a FAQ text edited on instance A', async () => {
    const { apps, database } = instances as Instances;
    const [a, b] = apps;
    if (!a || !b) throw new Error('two instances expected');
    const operator = await createSignableUser({ app: a, database, close: async () => {} }, ['admin']);
    const token = await operator.signIn();
    const faqOn = async (app: FastifyInstance) =>
      (await call(app, null, 'GET', `${API}/index/listHelp?kind=faq`, undefined, { lang: 'de' })).body.data as Array<{
        id: number;
        title: string;
      }>;
    const first = (await faqOn(b))[0];
    if (!first) throw new Error('a seeded FAQ entry expected');
    // B now holds the German FAQ in its cache (30 s).
    const saved = await call(a, token, 'PUT', `${ADMIN}/items/${first.id}/translations/de`, {
      title: 'Neu auf A',
      body: 'Geändert.',
    });
    expect(saved.status).toBe(200);
    const editedAt = Date.now();
    let title = first.title;
    while (title !== 'Neu auf A' && Date.now() - editedAt < 5_000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      title = (await faqOn(b)).find((entry) => entry.id === first.id)?.title ?? '';
    }
    expect(title).toBe('Neu auf A');
  });
});
