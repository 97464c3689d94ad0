import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../errors/error-handler.js';
import { applyHtmlSecurityHeaders } from '../http/security-headers.js';

const NONCE_PLACEHOLDER = /__CSP_NONCE__/g;
// Paths that belong to the API or the platform: they never fall back to the web app.
const NON_WEB_PREFIXES = ['/swx/', '/docs', '/healthz', '/readyz', '/metrics'];

/**
 * Serves the built web app: hashed assets with long caching, and index.html (with this
 * request's CSP nonce for the style tags the UI library injects) for every other GET, so the
 * client-side router owns the paths. Without a build, web paths answer not-found envelopes.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: { distDir: string; defaultLanguage: string; deploymentMode: string },
): Promise<void> {
  const { distDir } = options;
  const indexFile = path.join(distDir, 'index.html');
  // Deployment facts the first paint needs are written into the page, saving a round trip.
  const indexTemplate = existsSync(indexFile)
    ? readFileSync(indexFile, 'utf8')
        .replaceAll('__DEFAULT_LANGUAGE__', options.defaultLanguage)
        .replaceAll('__DEPLOYMENT_MODE__', options.deploymentMode)
    : null;
  if (!indexTemplate) app.log.warn({ distDir }, 'web app is not built: only the API is served');

  await app.register(fastifyStatic, { root: path.resolve(distDir), serve: false });

  app.route({
    method: 'GET',
    url: '/*',
    config: { auth: 'public' },
    handler: async (request, reply) => {
      const urlPath = decodeURIComponent(request.url.split('?')[0] ?? '/');
      if (!indexTemplate || NON_WEB_PREFIXES.some((prefix) => urlPath.startsWith(prefix))) {
        return sendError(request, reply, 'NOT_FOUND', null);
      }
      const relative = urlPath.replace(/^\/+/, '');
      const isAsset = relative.startsWith('assets/');
      if (relative !== '' && relative !== 'index.html' && /^[\w./-]+$/.test(relative) && !relative.includes('..')) {
        const file = path.join(distDir, relative);
        if (existsSync(file)) {
          return reply.sendFile(relative, {
            maxAge: isAsset ? 31_536_000_000 : 3_600_000,
            immutable: isAsset,
          });
        }
        if (isAsset) return sendError(request, reply, 'NOT_FOUND', null);
      }
      const nonce = applyHtmlSecurityHeaders(reply);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(indexTemplate.replace(NONCE_PLACEHOLDER, nonce));
    },
  });
}
