import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import { sendError } from '../errors/error-handler.js';
import { renderDocsPage } from '../openapi/docs-page.js';
import { buildOpenApiDocument } from '../openapi/openapi.js';
import type { ReadinessReport } from '../readiness/readiness.js';
import { registeredRoutes } from './route.js';
import { applyHtmlSecurityHeaders } from './security-headers.js';

/** Health, readiness, metrics and the API reference. */
export function registerPlatformRoutes(
  app: FastifyInstance,
  options: { readiness: { report(): Promise<ReadinessReport> }; metrics: Registry; version: string },
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
    // 503 in the envelope (code 10108) naming what is not ready yet, e.g. data {status:
    // "loading", loading: ["market-backfill"]}; 200 {status: "ready"} once everything is.
    handler: async (request, reply) => {
      const report = await options.readiness.report();
      if (!report.isReady)
        return sendError(request, reply, 'SERVICE_NOT_READY', { status: 'loading', loading: report.loading });
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
