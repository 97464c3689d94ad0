import { type Book, isLanguage, type Language, languageFromAcceptHeader } from '@openbourse/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language answers are written in (SPEC §7). */
    language: Language;
    /** The ledger book selected by the `virtually` header: demo for YES, live otherwise. */
    book: Book;
  }
}

/**
 * Reads the `lang` header (must be one of ours: an unknown one is an error, so a client bug
 * shows instead of silently answering in English), else Accept-Language, else the default.
 * Always sets a usable language first, so even the error about `lang` is readable.
 */
export function resolveRequestContext(request: FastifyRequest, defaultLanguage: Language): void {
  const accepted = languageFromAcceptHeader(headerValue(request, 'accept-language'));
  request.language = accepted ?? defaultLanguage;
  request.book = 'live';

  const explicit = headerValue(request, 'lang');
  if (explicit !== undefined) {
    if (!isLanguage(explicit)) throw new AppError('UNSUPPORTED_LANGUAGE', { data: { lang: explicit.slice(0, 16) } });
    request.language = explicit;
  }

  const virtually = headerValue(request, 'virtually');
  if (virtually !== undefined) {
    const normalised = virtually.toUpperCase();
    if (normalised !== 'YES' && normalised !== 'NO') {
      throw new AppError('INVALID_INPUT', {
        data: { issues: [{ path: 'headers.virtually', message: 'must be YES or NO' }] },
      });
    }
    request.book = normalised === 'YES' ? 'demo' : 'live';
  }
}

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  const single = Array.isArray(value) ? value[0] : value;
  return single === undefined || single === '' ? undefined : single;
}
