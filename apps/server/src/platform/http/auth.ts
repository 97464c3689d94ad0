import { AUTH_LEVELS, type AuthLevel } from '@openbourse/contracts';
import type { FastifyRequest } from 'fastify';

/** Every route declares one (DESIGN.md; the levels are the contracts'); a test fails on a route without it. */
export { AUTH_LEVELS, type AuthLevel, type HttpMethod } from '@openbourse/contracts';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthLevel;
  }
}

export function isAuthLevel(value: unknown): value is AuthLevel {
  return typeof value === 'string' && (AUTH_LEVELS as readonly string[]).includes(value);
}

/**
 * How a protected route learns who is calling. The identity module provides the real one;
 * until it is registered, no caller is authenticated and every protected route answers 401.
 * Throws AppError (401, 10009, 10107) when the caller may not pass.
 */
export type Authenticator = (request: FastifyRequest, level: Exclude<AuthLevel, 'public'>) => Promise<void>;
