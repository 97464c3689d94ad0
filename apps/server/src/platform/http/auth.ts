import type { FastifyRequest } from 'fastify';

/** Every route declares one (DESIGN.md); a test fails on a route without it. */
export const AUTH_LEVELS = ['public', 'user', 'live-user', 'reviewer', 'support', 'admin'] as const;
export type AuthLevel = (typeof AUTH_LEVELS)[number];

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
