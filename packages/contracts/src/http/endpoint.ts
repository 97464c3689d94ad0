/**
 * Endpoints as clients see them (issue 12): method, full path and who may call it, with the
 * types of what they take and answer carried as types only. Nothing here loads a schema, so the
 * web's typed client (and its first page) uses endpoints without zod; the server's route
 * declarations (`route-declaration.ts`) add the schemas to the same endpoints.
 */

/**
 * Who may call a route (DESIGN.md): every route declares one. `reviewer`, `support` and `admin`
 * admit that role (an admin holds every role); `operator` admits any of the three, for what every
 * operator reads (the back office's dashboard).
 */
export const AUTH_LEVELS = ['public', 'user', 'live-user', 'operator', 'reviewer', 'support', 'admin'] as const;
export type AuthLevel = (typeof AUTH_LEVELS)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type EndpointInput = { body?: unknown; query?: unknown; params?: unknown };
/** An endpoint that takes no body, query or path parameters. */
export type NoInput = Record<never, never>;

export type Endpoint<
  TInput extends EndpointInput = EndpointInput,
  TResponse = unknown,
  TAuth extends AuthLevel = AuthLevel,
> = {
  readonly method: HttpMethod;
  /** The full path, prefix included (`/swx/customer/…`), with `:name` parameters. */
  readonly path: string;
  readonly auth: TAuth;
  /** Never set: the endpoint's input and answer, for the typed client. */
  readonly types?: { input: TInput; response: TResponse };
};

export type EndpointInputOf<E> = E extends Endpoint<infer I, unknown, AuthLevel> ? I : never;
export type EndpointResponseOf<E> = E extends Endpoint<EndpointInput, infer R, AuthLevel> ? R : never;

/** What a schema accepts (zod's input type), read without importing zod. */
export type InputOf<S> = S extends { _zod: { input: infer I } } ? I : never;
/** What a schema produces (zod's output type). */
export type OutputOf<S> = S extends { _zod: { output: infer O } } ? O : never;

export function endpoint<TInput extends EndpointInput, TResponse, TAuth extends AuthLevel>(
  method: HttpMethod,
  path: string,
  auth: TAuth,
): Endpoint<TInput, TResponse, TAuth> {
  return { method, path, auth };
}
