import {
  CATALOGUE,
  type CatalogueName,
  type RouteDeclaration,
  type RouteOwner,
  type TFieldIssue,
} from '@openbourse/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../errors/app-error.js';
import { envelope } from '../errors/envelope.js';
import type { AuthLevel, HttpMethod } from './auth.js';
import { PreserializedData, preferredCoding } from './preserialized.js';

export { PreserializedData } from './preserialized.js';

/** A declared schema's parsed type; `undefined` where the route declares none (optional fields widen to `| undefined`). */
type Infer<S> = [Exclude<S, undefined>] extends [never]
  ? undefined
  : Exclude<S, undefined> extends z.ZodType
    ? z.infer<Exclude<S, undefined>>
    : undefined;

/** The signed-in caller the guard attached to the request. */
export type Caller = NonNullable<FastifyRequest['auth']>;

/** What a handler receives: the validated input and, on a protected route, its caller. */
export type RouteHandlerInput<D extends RouteDeclaration> = {
  body: Infer<D['body']>;
  query: Infer<D['query']>;
  params: Infer<D['params']>;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Always there on a protected route (the guard has run); null on a public one without a session. */
  caller: D['auth'] extends 'public' ? Caller | null : Caller;
};

/**
 * An answer with a success code other than the route's own, for a route whose outcome varies
 * (the ledger adjustment: 200 when it moved, 20001 when it waits for review). The data still
 * follows the route's declared response schema.
 */
export class CodedAnswer<T> {
  constructor(
    readonly code: CatalogueName,
    readonly data: T,
  ) {}
}

export type RouteHandler<D extends RouteDeclaration> = (
  input: RouteHandlerInput<D>,
) => Promise<Infer<D['response']> | PreserializedData<Infer<D['response']>> | CodedAnswer<Infer<D['response']>>>;

/** What the OpenAPI builder needs of each route. */
export type RegisteredRoute = {
  method: HttpMethod;
  path: string;
  auth: AuthLevel;
  summary: string;
  tags: string[];
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  response: z.ZodType;
  successCode: number;
  /** Whose records it touches (every protected route says); the access matrix reads it. */
  owner?: RouteOwner;
  /** A multipart/form-data body with these file fields instead of JSON (OpenAPI documents the form). */
  multipart?: { files: readonly string[] };
  /** Content types a success answers as bytes instead of the envelope. */
  answerTypes?: readonly string[];
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Routes declared through defineRoute; decorated once on the root, shared by plugins. */
    routeRegistry: RegisteredRoute[];
  }
}

/** The routes declared through `defineRoute` on an app (shared by all its plugins). */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  return app.routeRegistry;
}

/**
 * Serves a route declared in packages/contracts (method, full path, auth level, schemas):
 * schema-checked input (zod, field paths on failure), the envelope on the way out, and an entry
 * in the OpenAPI document. Handlers stay thin: take the input and the caller, call the service.
 */
export function defineRoute<D extends RouteDeclaration>(
  app: FastifyInstance,
  route: D,
  handler: RouteHandler<D>,
): void {
  const successCode = route.successCode ? CATALOGUE[route.successCode].code : 200;
  // Declarations carry the full path; the plugin serving them sits under a prefix.
  if (!route.path.startsWith(app.prefix)) {
    throw new Error(`Route ${route.method} ${route.path} is not under this plugin's prefix ${app.prefix}`);
  }
  const url = route.path.slice(app.prefix.length);
  app.routeRegistry.push({
    method: route.method,
    path: route.path,
    auth: route.auth,
    summary: route.summary,
    tags: [...route.tags],
    body: route.body,
    query: route.query,
    params: route.params,
    response: route.response,
    successCode,
    owner: route.owner,
    multipart: route.multipart,
    answerTypes: route.answerTypes,
  });

  app.route({
    method: route.method,
    url,
    config: { auth: route.auth, ...(route.rateLimit ? { rateLimit: route.rateLimit } : {}) },
    handler: async (request, reply) => {
      const issues: TFieldIssue[] = [];
      const body = parsePart(route.body, request.body, 'body', issues);
      const query = parsePart(route.query, request.query, 'query', issues);
      const params = parsePart(route.params, request.params, 'params', issues);
      if (issues.length > 0) {
        const specific = issues.map((issue) => route.fieldErrors?.[issue.path]).find((name) => name !== undefined);
        throw new AppError(specific ?? 'INVALID_INPUT', { data: { issues } });
      }
      const caller = request.auth ?? null;
      if (route.auth !== 'public' && caller === null) throw new AppError('NOT_LOGGED_IN');
      const data = await handler({
        body: body as Infer<D['body']>,
        query: query as Infer<D['query']>,
        params: params as Infer<D['params']>,
        request,
        reply,
        caller: caller as RouteHandlerInput<D>['caller'],
      });
      // A handler that answered by itself (a file download) has sent its reply already.
      if (reply.sent) return reply;
      if (data instanceof PreserializedData) {
        const answer = data.body(successCode, request.language, preferredCoding(request.headers['accept-encoding']));
        reply.type('application/json; charset=utf-8').header('vary', 'Accept-Encoding, Accept-Language, Lang');
        if (answer.coding !== 'identity') reply.header('content-encoding', answer.coding);
        return reply.send(answer.bytes);
      }
      if (data instanceof CodedAnswer) return envelope(CATALOGUE[data.code].code, data.data ?? null, request.language);
      return envelope(successCode, data ?? null, request.language);
    },
  });
}

/**
 * C0 control characters other than tab, line feed and carriage return (which chat messages,
 * Markdown and addresses need). PostgreSQL refuses NUL in text, and no field of ours means any of
 * them: every string of every request is checked here, in one place, before any schema (#13).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this pattern's purpose.
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
/**
 * A lone UTF-16 surrogate (JSON's `"\ud800"`) is no text: PostgreSQL refuses it in JSON (the audit
 * log's before and after) and a text column would silently keep U+FFFD instead. Refused here too,
 * for every string of every request (#13, #14).
 */
const LONE_SURROGATE = /\p{Cs}/u;
/** Deeper input than this is refused by the schemas anyway; the walk stops there. */
const MAX_WALK_DEPTH = 32;

function textProblem(text: string): string | null {
  if (CONTROL_CHARACTER.test(text)) return 'control characters are not allowed';
  if (LONE_SURROGATE.test(text)) return 'lone UTF-16 surrogates are not allowed';
  return null;
}

function findControlCharacters(value: unknown, path: string, issues: TFieldIssue[], depth = 0): void {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    if (problem) issues.push({ path, message: problem });
    return;
  }
  if (depth >= MAX_WALK_DEPTH || typeof value !== 'object' || value === null) return;
  for (const [key, item] of Object.entries(value)) {
    const problem = textProblem(key);
    if (problem) issues.push({ path, message: problem });
    findControlCharacters(item, `${path}.${key}`, issues, depth + 1);
  }
}

function parsePart(schema: z.ZodType | undefined, value: unknown, part: string, issues: TFieldIssue[]): unknown {
  if (!schema) return undefined;
  const before = issues.length;
  findControlCharacters(value, part, issues);
  if (issues.length > before) return undefined;
  const result = schema.safeParse(value ?? (part === 'body' ? undefined : {}));
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    issues.push({ path: [part, ...issue.path.map(String)].join('.'), message: issue.message });
  }
  return undefined;
}
