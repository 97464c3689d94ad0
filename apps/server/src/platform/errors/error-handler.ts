import type { CatalogueName } from '@openbourse/contracts';
import { CATALOGUE } from '@openbourse/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';
import { envelope } from './envelope.js';

// Fastify's own errors that are the client's fault, mapped onto catalogue codes.
const FASTIFY_CODE_MAP: Record<string, CatalogueName> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'INVALID_INPUT',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_INPUT',
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_INPUT',
  FST_ERR_BAD_URL: 'INVALID_INPUT',
  FST_ERR_ASYNC_CONSTRAINT: 'INVALID_INPUT',
};

const STATUS_MAP: Record<number, CatalogueName> = {
  400: 'INVALID_INPUT',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/**
 * The one place errors become responses. AppError carries its code; Fastify's client errors
 * map onto the catalogue; anything else is logged with its stack and answered as a generic
 * 500 with the request id — never a stack or SQL text.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      return sendError(request, reply, error.catalogueName, error.details.data, error.details.params);
    }
    const fastifyError = error as FastifyError;
    const mapped =
      (fastifyError.code && FASTIFY_CODE_MAP[fastifyError.code]) ||
      (fastifyError.statusCode ? STATUS_MAP[fastifyError.statusCode] : undefined) ||
      (error instanceof SyntaxError && fastifyError.statusCode === 400 ? 'INVALID_INPUT' : undefined);
    if (mapped) {
      request.log.info({ err: { code: fastifyError.code, message: error.message } }, 'client error');
      const data =
        mapped === 'INVALID_INPUT' ? { issues: [{ path: 'body', message: clientSafeMessage(fastifyError) }] } : null;
      return sendError(request, reply, mapped, data);
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendError(request, reply, 'INTERNAL_ERROR', { requestId: request.id });
  });

  app.setNotFoundHandler((request, reply) => sendError(request, reply, 'NOT_FOUND', null));
}

/**
 * Fastify's `frameworkErrors` option: errors the router finds before any hook or handler runs
 * (a malformed percent-encoding in a path, FST_ERR_BAD_URL) go through the same catalogue and
 * envelope instead of Fastify's own answer (#13).
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.log.info({ err: { code: error.code, message: error.message } }, 'client error before routing');
  return sendError(request, reply, FASTIFY_CODE_MAP[error.code] ?? 'INVALID_INPUT', null);
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  name: CatalogueName,
  data: unknown,
  params?: Record<string, string | number>,
) {
  const { code, status } = CATALOGUE[name];
  // The language hook may not have run (e.g. a body error found before it): fall back safely.
  const language = request.language ?? 'en';
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send(envelope(code, data ?? null, language, params));
}

// Fastify's parser messages name the problem without echoing the body; keep them short.
function clientSafeMessage(error: FastifyError): string {
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'body must not be empty';
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) return 'body is not valid JSON';
  return 'request is malformed';
}
