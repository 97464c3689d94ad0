import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auditLedger } from '../../modules/ledger/index.js';
import type { RegisteredRoute } from '../../platform/http/route.js';
import { registeredRoutes } from '../../platform/http/route.js';
import { seededRandom } from '../../platform/random.js';
import { answerAppropriateness } from '../appropriateness.js';
import type { TestApp } from '../test-app.js';
import { createUserWithSession } from '../test-users.js';
import { type AnswerProblem, findAnswerProblem } from './answer-check.js';
import {
  type FuzzValue,
  fieldsOf,
  HOSTILE_BODIES,
  HOSTILE_STRINGS,
  HOSTILE_VALUES,
  jsonSchemaOf,
  sample,
  sampleFromSchema,
  toJsonText,
} from './fuzz-values.js';
import { createSuiteApp, fundLive } from './suite-app.js';

/**
 * Schema fuzz of every route (#13), generated from the route table: per operation, wrong types,
 * missing and extra fields, huge strings, NUL and control characters, edge and over-precise
 * numbers, deep nesting, `__proto__` keys, invalid JSON, wrong content types and oversized bodies,
 * sent unauthenticated and authenticated. No answer may be a 5xx, leave the `{code,data,msg}`
 * envelope or carry anything internal, and the ledger audit must be clean afterwards.
 *
 * Seeded and bounded for `npm test` (FUZZ_SEED, default 1313; a sample of each route's cases);
 * `FUZZ_LONG=1` sends every case of every route and 400 random multi-field ones each
 * (FUZZ_COMBINED); a different FUZZ_SEED draws different ones.
 */
const LONG = process.env.FUZZ_LONG === '1';
const SEED = Number(process.env.FUZZ_SEED ?? 1313);
const SIGNED_IN_CASES_PER_ROUTE = LONG ? Number.POSITIVE_INFINITY : 150;
const VISITOR_CASES_PER_ROUTE = LONG ? Number.POSITIVE_INFINITY : 30;
/** Long mode only: random multi-field cases per route, on top of every single-field case. */
const COMBINED_CASES_PER_ROUTE = Number(process.env.FUZZ_COMBINED ?? 400);
const CONCURRENCY = 4;
const BODY_LIMIT_BYTES = 1_048_576;

type FuzzCase = {
  label: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string;
  /** Set when the case brings its own Authorization header. */
  ownAuthorization?: boolean;
};

function describeValue(value: FuzzValue): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : toJsonText(value);
  return text.length > 40 ? `${text.slice(0, 37)}…(${text.length})` : text;
}

function queryString(query: Record<string, FuzzValue>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(item === null ? '' : String(item))}`);
    }
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

function fillPath(path: string, params: Record<string, string>, encode = true): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params[name] ?? 'x';
    return encode ? encodeURIComponent(value) : value;
  });
}

/** Every case the fuzz can send to one route, in a fixed order (the seed samples from it). */
function casesFor(route: RegisteredRoute): FuzzCase[] {
  const bodySchema = jsonSchemaOf(route.body);
  const querySchema = jsonSchemaOf(route.query);
  const paramsSchema = jsonSchemaOf(route.params);
  const baseBody = bodySchema ? sampleFromSchema(bodySchema) : {};
  const baseQuery = (querySchema ? sampleFromSchema(querySchema) : {}) as Record<string, FuzzValue>;
  const baseParams = Object.fromEntries(
    Object.entries((paramsSchema ? sampleFromSchema(paramsSchema) : {}) as Record<string, FuzzValue>).map(
      ([key, value]) => [key, String(value)],
    ),
  );
  const url = `${fillPath(route.path, baseParams)}${queryString(baseQuery)}`;
  const json = { 'content-type': 'application/json' };
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  const baseText = hasBody ? toJsonText(baseBody) : undefined;
  const cases: FuzzCase[] = [
    { label: 'the sampled request', method: route.method, url, headers: json, payload: baseText },
  ];

  if (hasBody) {
    const isObject = typeof baseBody === 'object' && baseBody !== null && !Array.isArray(baseBody);
    const fields = isObject ? fieldsOf(bodySchema) : [];
    for (const field of [...fields, 'unexpectedField']) {
      for (const value of HOSTILE_VALUES) {
        cases.push({
          label: `body.${field} = ${describeValue(value)}`,
          method: route.method,
          url,
          headers: json,
          payload: toJsonText({ ...(isObject ? (baseBody as object) : {}), [field]: value }),
        });
      }
    }
    for (const field of fields) {
      const { [field]: _removed, ...rest } = baseBody as Record<string, FuzzValue>;
      cases.push({
        label: `body without ${field}`,
        method: route.method,
        url,
        headers: json,
        payload: toJsonText(rest),
      });
    }
    cases.push({
      label: 'body with fields that grant nothing',
      method: route.method,
      url,
      headers: json,
      payload: toJsonText({
        ...(isObject ? (baseBody as object) : {}),
        roles: ['admin'],
        isAdmin: true,
        userId: '00000000-0000-4000-8000-000000000000',
        book: 'live',
      }),
    });
    for (const text of HOSTILE_BODIES) {
      cases.push({ label: `body ${describeValue(text)}`, method: route.method, url, headers: json, payload: text });
    }
    cases.push({ label: 'an empty JSON body', method: route.method, url, headers: json, payload: '' });
    cases.push({
      label: 'an oversized body',
      method: route.method,
      url,
      headers: json,
      payload: `{"a":"${'x'.repeat(BODY_LIMIT_BYTES + 1024)}"}`,
    });
    for (const contentType of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=fuzz',
      'application/xml',
      'application/json; charset=utf-16',
      'application/json-seq',
    ]) {
      cases.push({
        label: `content type ${contentType}`,
        method: route.method,
        url,
        headers: { 'content-type': contentType },
        payload: baseText,
      });
    }
  }

  const queryFields = fieldsOf(querySchema);
  for (const field of [...queryFields, 'unexpected']) {
    for (const value of HOSTILE_STRINGS) {
      cases.push({
        label: `query.${field} = ${describeValue(value)}`,
        method: route.method,
        url: `${fillPath(route.path, baseParams)}${queryString({ ...baseQuery, [field]: value })}`,
        headers: json,
        payload: baseText,
      });
    }
    cases.push({
      label: `query.${field} given twice`,
      method: route.method,
      url: `${fillPath(route.path, baseParams)}${queryString({ ...baseQuery, [field]: ['1', 'two'] })}`,
      headers: json,
      payload: baseText,
    });
  }
  for (const trick of ['__proto__[polluted]=1', 'constructor[prototype][polluted]=1', '__proto__=x', '&&&=&']) {
    cases.push({
      label: `query ${trick}`,
      method: route.method,
      url: `${fillPath(route.path, baseParams)}${queryString(baseQuery) || '?'}&${trick}`,
      headers: json,
      payload: baseText,
    });
  }

  for (const name of Object.keys(baseParams)) {
    for (const value of HOSTILE_STRINGS.filter((item) => item !== '')) {
      cases.push({
        label: `params.${name} = ${describeValue(value)}`,
        method: route.method,
        url: fillPath(route.path, { ...baseParams, [name]: value }),
        headers: json,
        payload: baseText,
      });
    }
    for (const rawSegment of ['%E0%A4%A', '%', '%2e%2e%2f%2e%2e%2f', '%C0%AE']) {
      cases.push({
        label: `params.${name} raw ${rawSegment}`,
        method: route.method,
        url: fillPath(route.path, { ...baseParams, [name]: rawSegment }, false),
        headers: json,
        payload: baseText,
      });
    }
  }

  const headerCases: Array<[string, Record<string, string>, boolean?]> = [
    ['lang xx', { lang: 'xx' }],
    ['lang with a path', { lang: '../en' }],
    ['virtually maybe', { virtually: 'maybe' }],
    ['the demo book', { virtually: 'YES' }],
    ['accept-language nonsense', { 'accept-language': ';;;q=abc,,*-*' }],
    ['an unknown token', { authorization: `Bearer ${'x'.repeat(43)}` }, true],
    ['a huge authorization header', { authorization: 'a'.repeat(6_000) }, true],
    ['basic authorization', { authorization: 'Basic Zm9vOmJhcg==' }, true],
  ];
  for (const [label, headers, ownAuthorization] of headerCases) {
    cases.push({
      label,
      method: route.method,
      url,
      headers: { ...json, ...headers },
      payload: baseText,
      ownAuthorization,
    });
  }
  cases.push({ label: 'a method the path does not serve', method: route.method === 'PATCH' ? 'PUT' : 'PATCH', url });
  return cases;
}

/**
 * The long mode's extra cases: two to four fields of the body and query changed at once, each to a
 * hostile value drawn by the seed (single-field cases leave combinations untried).
 */
function combinedCases(route: RegisteredRoute, random: () => number, count: number): FuzzCase[] {
  const bodySchema = jsonSchemaOf(route.body);
  const querySchema = jsonSchemaOf(route.query);
  const bodyFields = [...fieldsOf(bodySchema), 'unexpectedField'];
  const queryFields = [...fieldsOf(querySchema), 'unexpected'];
  const baseBody = (bodySchema ? sampleFromSchema(bodySchema) : {}) as Record<string, FuzzValue>;
  const baseQuery = (querySchema ? sampleFromSchema(querySchema) : {}) as Record<string, FuzzValue>;
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  const cases: FuzzCase[] = [];
  for (let index = 0; index < count; index += 1) {
    const body: Record<string, FuzzValue> = typeof baseBody === 'object' && baseBody !== null ? { ...baseBody } : {};
    const query: Record<string, FuzzValue> = { ...baseQuery };
    const changes = 2 + Math.floor(random() * 3);
    for (let change = 0; change < changes; change += 1) {
      if (hasBody && (random() < 0.7 || !route.query)) body[pick(bodyFields)] = pick(HOSTILE_VALUES);
      else query[pick(queryFields)] = pick(HOSTILE_STRINGS);
    }
    cases.push({
      label: `combined #${index}`,
      method: route.method,
      url: `${route.path.replace(/:([A-Za-z0-9_]+)/g, 'x')}${queryString(query)}`,
      headers: { 'content-type': 'application/json' },
      ...(hasBody ? { payload: toJsonText(body) } : {}),
    });
  }
  return cases;
}

/** Routes served outside the declarations (a logo, the platform's own): paths and methods only. */
function casesForUndeclared(method: string, path: string): FuzzCase[] {
  const names = [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] as string);
  const cases: FuzzCase[] = [{ label: 'as served', method, url: fillPath(path, {}) }];
  for (const name of names) {
    for (const value of HOSTILE_STRINGS.filter((item) => item !== '')) {
      cases.push({ label: `params.${name} = ${describeValue(value)}`, method, url: fillPath(path, { [name]: value }) });
    }
    cases.push({ label: `params.${name} raw`, method, url: fillPath(path, { [name]: '%E0%A4%A' }, false) });
  }
  cases.push({ label: 'a method the path does not serve', method: method === 'PATCH' ? 'PUT' : 'PATCH', url: path });
  return cases;
}

describe('the route fuzz', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createSuiteApp();
  }, 120_000);
  afterAll(() => testApp.close());

  /** A signed-in caller the route's auth level admits: a funded user, or an operator of its role. */
  async function sessionFor(route: RegisteredRoute): Promise<string> {
    const roles = ['reviewer', 'support', 'admin'].includes(route.auth) ? [route.auth] : ['user'];
    const user = await createUserWithSession(testApp, roles);
    await fundLive(testApp, user.id, '10000');
    await answerAppropriateness(testApp.app, user.token);
    return user.token;
  }

  it('answers every malformed request to every route within the envelope, without a 5xx or an internal detail', async () => {
    const random = seededRandom(SEED);
    const problems: Array<AnswerProblem & { route: string; label: string; as: string }> = [];
    let sent = 0;
    const statuses = new Map<number, number>();

    type SuccessFormat = 'envelope' | 'plain' | 'own';
    async function send(
      routeLabel: string,
      fuzzCase: FuzzCase,
      as: string,
      token: string | null,
      format: SuccessFormat,
    ) {
      const headers: Record<string, string> = { ...(fuzzCase.headers ?? {}) };
      if (token && !fuzzCase.ownAuthorization) headers.authorization = token;
      const options: InjectOptions = {
        method: fuzzCase.method as InjectOptions['method'],
        url: fuzzCase.url,
        headers,
        ...(fuzzCase.payload !== undefined ? { payload: fuzzCase.payload } : {}),
      };
      const response = await testApp.app.inject(options);
      sent += 1;
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      const problem = findAnswerProblem(
        {
          status: response.statusCode,
          contentType: String(response.headers['content-type'] ?? ''),
          body: response.body,
        },
        { plainSuccess: format === 'plain', ownSuccessFormat: format === 'own' },
      );
      if (problem) problems.push({ ...problem, route: routeLabel, label: fuzzCase.label, as });
      return response.statusCode;
    }

    async function inPool<T>(items: T[], work: (item: T) => Promise<void>) {
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < items.length) {
            const item = items[next] as T;
            next += 1;
            await work(item);
          }
        }),
      );
    }

    const declared = registeredRoutes(testApp.app);
    for (const route of declared) {
      const routeLabel = `${route.method} ${route.path}`;
      const all = [...casesFor(route), ...(LONG ? combinedCases(route, random, COMBINED_CASES_PER_ROUTE) : [])];
      // A route whose answer is declared as plain text (a CSV download) answers outside the envelope on success.
      const format: SuccessFormat = route.response instanceof z.ZodString ? 'plain' : 'envelope';
      await inPool(sample(all, VISITOR_CASES_PER_ROUTE, random), (fuzzCase) =>
        send(routeLabel, fuzzCase, 'visitor', null, format).then(() => undefined),
      );
      let token = route.auth === 'public' ? null : await sessionFor(route);
      await inPool(sample(all, SIGNED_IN_CASES_PER_ROUTE, random), async (fuzzCase) => {
        const status = await send(routeLabel, fuzzCase, 'signed in', token, format);
        // A case that signed the caller out (logout) must not make the rest a visitor's.
        if (status === 401 && token && !fuzzCase.ownAuthorization) token = await sessionFor(route);
      });
    }

    const declaredKeys = new Set(declared.map((route) => `${route.method} ${route.path}`));
    const undeclared = testApp.app.routeTable
      .flatMap((route) =>
        (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({ ...route, method })),
      )
      .filter((route) => route.method !== 'HEAD' && !declaredKeys.has(`${route.method} ${route.url}`));
    for (const route of undeclared) {
      for (const fuzzCase of casesForUndeclared(route.method, route.url)) {
        // The API's socket path answers plain GETs with the envelope; the rest (probes, the
        // OpenAPI document, logos, the web app) have their own success formats, never a 5xx.
        await send(
          `${route.method} ${route.url}`,
          fuzzCase,
          'visitor',
          null,
          route.url.startsWith('/swx/') ? 'envelope' : 'own',
        );
      }
    }

    // Nothing a body said reached an object's prototype.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await auditLedger(testApp.database.db)).toEqual([]);

    const count = (kind: AnswerProblem['kind']) => problems.filter((problem) => problem.kind === kind).length;
    process.stdout.write(
      `[route fuzz] seed ${SEED}${LONG ? ' (long)' : ''}: ${sent} requests over ${declared.length} declared and ` +
        `${undeclared.length} other routes; 5xx ${count('server-error')}, outside the envelope ` +
        `${count('outside-envelope')}, internal details ${count('leak')}; statuses ` +
        `${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}\n`,
    );
    expect(sent).toBeGreaterThan(declared.length * 20);
    expect(problems.slice(0, 20)).toEqual([]);
  }, 600_000);
});
