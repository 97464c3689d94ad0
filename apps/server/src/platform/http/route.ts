import { CATALOGUE, type CatalogueName, type TFieldIssue } from '@openbourse/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../errors/app-error.js';
import { envelope } from '../errors/envelope.js';
import type { AuthLevel } from './auth.js';
import { PreserializedData, preferredCoding } from './preserialized.js';

export { PreserializedData } from './preserialized.js';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RouteSpec<
  TBody extends z.ZodType,
  TQuery extends z.ZodType,
  TParams extends z.ZodType,
  TResponse extends z.ZodType,
> = {
  method: HttpMethod;
  /** Relative to the module's prefix. */
  url: string;
  auth: AuthLevel;
  summary: string;
  tags: string[];
  body?: TBody;
  query?: TQuery;
  params?: TParams;
  /** Schema of the envelope's `data`. */
  response: TResponse;
  /** A success code other than 200 (e.g. 20005 "Modified"). */
  successCode?: CatalogueName;
  rateLimit?: { max: number; timeWindow: string };
  /**
   * Catalogue codes for schema failures of particular fields (e.g. body.email → 10002), so a
   * client sees the specific message of SPEC §8; other failures answer 10100.
   */
  fieldErrors?: Partial<Record<string, CatalogueName>>;
  handler: (input: {
    body: z.infer<TBody>;
    query: z.infer<TQuery>;
    params: z.infer<TParams>;
    request: FastifyRequest;
    reply: FastifyReply;
  }) => Promise<z.infer<TResponse> | PreserializedData<z.infer<TResponse>>>;
};

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
 * Declares a route: schema-checked input (zod, field paths on failure), an explicit auth
 * level, the envelope on the way out, and an entry in the OpenAPI document. Handlers stay
 * thin: parse, call the service, return data.
 */
export function defineRoute<
  TBody extends z.ZodType = z.ZodUndefined,
  TQuery extends z.ZodType = z.ZodUndefined,
  TParams extends z.ZodType = z.ZodUndefined,
  TResponse extends z.ZodType = z.ZodType,
>(app: FastifyInstance, spec: RouteSpec<TBody, TQuery, TParams, TResponse>): void {
  const successCode = spec.successCode ? CATALOGUE[spec.successCode].code : 200;
  const fullPath = joinPath(app.prefix, spec.url);
  app.routeRegistry.push({
    method: spec.method,
    path: fullPath,
    auth: spec.auth,
    summary: spec.summary,
    tags: spec.tags,
    body: spec.body,
    query: spec.query,
    params: spec.params,
    response: spec.response,
    successCode,
  });

  app.route({
    method: spec.method,
    url: spec.url,
    config: { auth: spec.auth, ...(spec.rateLimit ? { rateLimit: spec.rateLimit } : {}) },
    handler: async (request, reply) => {
      const issues: TFieldIssue[] = [];
      const body = parsePart(spec.body, request.body, 'body', issues);
      const query = parsePart(spec.query, request.query, 'query', issues);
      const params = parsePart(spec.params, request.params, 'params', issues);
      if (issues.length > 0) {
        const specific = issues.map((issue) => spec.fieldErrors?.[issue.path]).find((name) => name !== undefined);
        throw new AppError(specific ?? 'INVALID_INPUT', { data: { issues } });
      }
      const data = await spec.handler({
        body: body as z.infer<TBody>,
        query: query as z.infer<TQuery>,
        params: params as z.infer<TParams>,
        request,
        reply,
      });
      // A handler that answered by itself (a file download) has sent its reply already.
      if (reply.sent) return reply;
      if (data instanceof PreserializedData) {
        const answer = data.body(successCode, request.language, preferredCoding(request.headers['accept-encoding']));
        reply.type('application/json; charset=utf-8').header('vary', 'Accept-Encoding, Accept-Language, Lang');
        if (answer.coding !== 'identity') reply.header('content-encoding', answer.coding);
        return reply.send(answer.bytes);
      }
      return envelope(successCode, data ?? null, request.language);
    },
  });
}

function parsePart(schema: z.ZodType | undefined, value: unknown, part: string, issues: TFieldIssue[]): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? (part === 'body' ? undefined : {}));
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    issues.push({ path: [part, ...issue.path.map(String)].join('.'), message: issue.message });
  }
  return undefined;
}

function joinPath(prefix: string, url: string): string {
  const joined = `${prefix}/${url}`.replace(/\/{2,}/g, '/');
  return joined.length > 1 && joined.endsWith('/') ? joined.slice(0, -1) : joined;
}
