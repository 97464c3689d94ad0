import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import { sendError } from '../errors/error-handler.js';
import { renderDocsPage } from '../openapi/docs-page.js';
import { buildOpenApiDocument } from '../openapi/openapi.js';
import { registeredRoutes } from './route.js';
import { applyHtmlSecurityHeaders } from './security-headers.js';

export type Readiness = () => Promise<boolean>;

/** Health, readiness, metrics and the API reference. */
export function registerPlatformRoutes(
  app: FastifyInstance,
  options: { readiness: Readiness; metrics: Registry; version: string },
): void {
  let openApiDocument: Record<string, unknown> | null = null;
  const document = () => {
    openApiDocument ??= buildOpenApiDocument(registeredRoutes(app), { version: options.version });
    return openApiDocument;
  };

  app.route({
    method: 'GET',
    url: '/healthz',
    config: { auth: 'public' },
    handler: async () => ({ status: 'ok' }),
  });

  app.route({
    method: 'GET',
    url: '/readyz',
    config: { auth: 'public' },
    handler: async (request, reply) => {
      const isReady = await options.readiness().catch((error: unknown) => {
        request.log.warn({ err: error }, 'readiness check failed');
        return false;
      });
      if (!isReady) return sendError(request, reply, 'SERVICE_NOT_READY', null);
      return { status: 'ready' };
    },
  });

  app.route({
    method: 'GET',
    url: '/metrics',
    config: { auth: 'public' },
    handler: async (_request, reply) => {
      reply.type(options.metrics.contentType);
      return options.metrics.metrics();
    },
  });

  app.route({
    method: 'GET',
    url: '/docs/openapi.json',
    config: { auth: 'public' },
    handler: async () => document(),
  });

  app.route({
    method: 'GET',
    url: '/docs',
    config: { auth: 'public' },
    handler: async (_request, reply) => {
      reply.type('text/html; charset=utf-8');
      return renderDocsPage(document(), applyHtmlSecurityHeaders(reply));
    },
  });
}
