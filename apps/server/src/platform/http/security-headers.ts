import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/**
 * Security headers, computed once at start. Two sets, after the OWASP REST and secure-headers
 * guidance: every response (JSON, assets) gets the short set that matters for non-HTML; HTML
 * pages add the document policies and a Content-Security-Policy with a fresh style nonce.
 * Sending the document set on every JSON answer cost measurable throughput for no protection
 * (see docs/BENCHMARKS.md).
 */
const EVERY_RESPONSE: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};

// Only our own scripts, styles, images, fonts and connections; no plugins or framing; inline
// script and <style> tags only with this response's nonce (index.html's theme boot script sets
// the light or dark theme before the first paint). Images may also be `blob:` object URLs, which
// only this origin's scripts can make: the preview of a photo chosen for upload, a KYC review's
// thumbnails and signature, and the back office's reads of uploaded proofs (#15, #17).
const HTML_CSP_WITHOUT_STYLE = [
  "default-src 'self'",
  "script-src-attr 'none'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const HTML_DOCUMENT: Record<string, string> = {
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  'x-dns-prefetch-control': 'off',
  'x-permitted-cross-domain-policies': 'none',
};

/** The headers every response carries (app.ts sets them first thing, before anything can fail). */
export function everyResponseHeaders(options: { isProduction: boolean }): Readonly<Record<string, string>> {
  const headers = { ...EVERY_RESPONSE };
  if (options.isProduction) headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
  return headers;
}

/** For an HTML page: the document headers and a CSP whose style nonce is returned. */
export function applyHtmlSecurityHeaders(reply: FastifyReply): string {
  const nonce = randomBytes(16).toString('base64');
  reply.headers(HTML_DOCUMENT);
  reply.header(
    'content-security-policy',
    `${HTML_CSP_WITHOUT_STYLE}; script-src 'self' 'nonce-${nonce}'; style-src 'self' 'nonce-${nonce}'`,
  );
  return nonce;
}
