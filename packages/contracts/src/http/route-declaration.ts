import type { z } from 'zod';
import type { CatalogueName } from '../errors/codes.js';
import type { AuthLevel, Endpoint, EndpointInput } from './endpoint.js';

/**
 * A route as the server declares it: its endpoint (method, path, auth) and the schemas that
 * validate its input and document its answer in OpenAPI. Declared once per endpoint, in the
 * domain's `<domain>.routes.ts`; the server's `defineRoute` takes the declaration and a handler.
 */
export type RouteDeclaration<
  TBody extends z.ZodType | undefined = z.ZodType | undefined,
  TQuery extends z.ZodType | undefined = z.ZodType | undefined,
  TParams extends z.ZodType | undefined = z.ZodType | undefined,
  TResponse extends z.ZodType = z.ZodType,
  TAuth extends AuthLevel = AuthLevel,
> = Endpoint<EndpointInput, unknown, TAuth> & {
  readonly summary: string;
  readonly tags: readonly string[];
  readonly body?: TBody;
  readonly query?: TQuery;
  readonly params?: TParams;
  /** Schema of the envelope's `data`. */
  readonly response: TResponse;
  /** A success code other than 200 (e.g. 20005 "Modified"). */
  readonly successCode?: CatalogueName;
  /** Catalogue codes for schema failures of particular fields (e.g. body.email → 10002). */
  readonly fieldErrors?: Partial<Record<string, CatalogueName>>;
  readonly rateLimit?: { max: number; timeWindow: string };
};

export function declareRoute<
  TAuth extends AuthLevel,
  TBody extends z.ZodType | undefined = undefined,
  TQuery extends z.ZodType | undefined = undefined,
  TParams extends z.ZodType | undefined = undefined,
  TResponse extends z.ZodType = z.ZodType,
>(
  endpoint: Endpoint<EndpointInput, unknown, TAuth>,
  spec: Omit<RouteDeclaration<TBody, TQuery, TParams, TResponse, TAuth>, 'method' | 'path' | 'auth' | 'types'>,
): RouteDeclaration<TBody, TQuery, TParams, TResponse, TAuth> {
  return { method: endpoint.method, path: endpoint.path, auth: endpoint.auth, ...spec };
}
