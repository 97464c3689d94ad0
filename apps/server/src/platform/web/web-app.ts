import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../errors/error-handler.js';
import { applyHtmlSecurityHeaders } from '../http/security-headers.js';
import { acceptsEncoding, prepareIndexPage } from './index-page.js';

// Paths that belong to the API or the platform: they never fall back to the web app.
const NON_WEB_PREFIXES = ['/swx/', '/docs', '/healthz', '/readyz', '/metrics'];

/**
 * Serves the built web app: hashed assets with long caching, and index.html (with this
 * request's CSP nonce for the style tags the UI library injects) for every other GET, so the
 * client-side router owns the paths. Without a build, web paths answer not-found envelopes.
 * Nothing is compressed per request: the web build writes `.br` and `.gz` beside every
 * compressible asset (apps/web/vite-precompress.ts) and the file the request's Accept-Encoding
 * prefers is sent (brotli, then gzip, then the original when a copy is missing), with
 * `Vary: Accept-Encoding`; index.html is spliced from parts compressed at start (index-page.ts).
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: { distDir: string; defaultLanguage: string; deploymentMode: string },
): Promise<void> {
  const { distDir } = options;
  const indexFile = path.join(distDir, 'index.html');
  // Deployment facts the first paint needs are written into the page, saving a round trip.
  const indexTemplate: string | null = existsSync(indexFile)
    ? readFileSync(indexFile, 'utf8')
        .replaceAll('__DEFAULT_LANGUAGE__', options.defaultLanguage)
        .replaceAll('__DEPLOYMENT_MODE__', options.deploymentMode)
    : null;
  if (!indexTemplate) app.log.warn({ distDir }, 'web app is not built: only the API is served');
  const indexPage = indexTemplate ? prepareIndexPage(indexTemplate) : null;

  // preCompressed: sendFile sends `<file>.br` or `<file>.gz` by Accept-Encoding, with the
  // original's content type, and falls back to the original when the copy does not exist.
  await app.register(fastifyStatic, { root: path.resolve(distDir), serve: false, preCompressed: true });

  app.route({
    method: 'GET',
    url: '/*',
    config: { auth: 'public' },
    handler: async (request, reply) => {
      const urlPath = decodeURIComponent(request.url.split('?')[0] ?? '/');
      if (!indexPage || NON_WEB_PREFIXES.some((prefix) => urlPath.startsWith(prefix))) {
        return sendError(request, reply, 'NOT_FOUND', null);
      }
      const relative = urlPath.replace(/^\/+/, '');
      const isAsset = relative.startsWith('assets/');
      if (relative !== '' && relative !== 'index.html' && /^[\w./-]+$/.test(relative) && !relative.includes('..')) {
        const file = path.join(distDir, relative);
        if (existsSync(file)) {
          reply.header('vary', 'accept-encoding');
          return reply.sendFile(relative, {
            maxAge: isAsset ? 31_536_000_000 : 3_600_000,
            immutable: isAsset,
          });
        }
        if (isAsset) return sendError(request, reply, 'NOT_FOUND', null);
      }
      const nonce = applyHtmlSecurityHeaders(reply);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
      if (acceptsEncoding(request.headers['accept-encoding'], 'gzip')) {
        return reply.header('content-encoding', 'gzip').send(indexPage.gzip(nonce));
      }
      return reply.send(indexPage.identity(nonce));
    },
  });
}
