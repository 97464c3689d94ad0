import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { acceptsEncoding, prepareIndexPage } from './index-page.js';

const INDEX = `<!doctype html><html lang="en"><head><meta name="csp-nonce" content="__CSP_NONCE__" />
<meta name="ob-default-language" content="__DEFAULT_LANGUAGE__" />
<style nonce="__CSP_NONCE__">body{margin:0}</style></head><body><div id="root"></div>
<script type="module" src="/assets/index-abc123.js"></script></body></html>`;
const SCRIPT = `export const texts = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `text number ${i}`))};\n`;
const STYLE = `.a{color:red}\n`.repeat(100);

/** A web build as the web's Vite build writes it: assets with their .br/.gz copies. */
function writeBuild(dir: string): void {
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  writeFileSync(path.join(dir, 'assets/index-abc123.js'), SCRIPT);
  writeFileSync(path.join(dir, 'assets/index-abc123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(dir, 'assets/index-abc123.js.gz'), gzipSync(SCRIPT));
  // Only a gzip copy: a brotli-first client gets gzip, not an error.
  writeFileSync(path.join(dir, 'assets/only-gzip-abc123.css'), STYLE);
  writeFileSync(path.join(dir, 'assets/only-gzip-abc123.css.gz'), gzipSync(STYLE));
  // No copies at all (too small to be worth one, or an image): sent as it is.
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
}

describe('the web app, sent precompressed', () => {
  let dist: string;
  let testApp: TestApp;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'ob-web-'));
    writeBuild(dist);
    testApp = await createTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(dist, { recursive: true, force: true });
  });
  const get = (url: string, acceptEncoding?: string) =>
    testApp.app.inject({ url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('sends the brotli copy to a browser that accepts it, with the JavaScript type and long caching', async () => {
    const response = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/javascript; charset=utf-8|^application\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy when brotli is not accepted', async () => {
    for (const header of ['gzip', 'gzip, br;q=0', 'deflate, gzip;q=0.5']) {
      const response = await get('/assets/index-abc123.js', header);
      expect(response.headers['content-encoding'], header).toBe('gzip');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
    }
  });

  it('sends the file itself without Accept-Encoding, or when no accepted copy exists', async () => {
    for (const header of [undefined, 'identity', 'deflate', 'br;q=0, gzip;q=0']) {
      const response = await get('/assets/index-abc123.js', header);
      expect(response.headers['content-encoding'], String(header)).toBeUndefined();
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.body).toBe(SCRIPT);
    }
  });

  it('falls back to the next encoding, then to the file, when a precompressed copy is missing', async () => {
    const gzipped = await get('/assets/only-gzip-abc123.css', 'br, gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(STYLE);

    const onlyBrotli = await get('/assets/only-gzip-abc123.css', 'br');
    expect(onlyBrotli.headers['content-encoding']).toBeUndefined();
    expect(onlyBrotli.body).toBe(STYLE);

    const icon = await get('/favicon.svg', 'br, gzip');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    // Not under assets/: not content-hashed, so cached for an hour, not for ever.
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it("answers a missing asset 404, whatever the encoding asked, and never sends a copy's raw bytes as text", async () => {
    expect((await get('/assets/missing-abc123.js', 'br, gzip')).statusCode).toBe(404);
    expect((await get('/assets/missing-abc123.js')).statusCode).toBe(404);
  });

  it('sends index.html gzipped with this answer’s nonce, spliced into parts compressed at start', async () => {
    const first = await get('/market', 'gzip, deflate, br');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.vary).toMatch(/accept-encoding/i);
    const html = gunzipSync(first.rawPayload).toString();
    const nonce = /'nonce-([^']+)'/.exec(String(first.headers['content-security-policy']))?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/=]{24}$/);
    expect(html).toBe(INDEX.replaceAll('__CSP_NONCE__', nonce ?? '').replace('__DEFAULT_LANGUAGE__', 'en'));

    const second = await get('/market', 'gzip');
    const secondNonce = /'nonce-([^']+)'/.exec(String(second.headers['content-security-policy']))?.[1];
    expect(secondNonce).not.toBe(nonce);
    expect(gunzipSync(second.rawPayload).toString()).toContain(`nonce="${secondNonce}"`);
  });

  it('sends index.html as it is to a client that takes no gzip', async () => {
    for (const header of [undefined, 'br', 'identity', 'gzip;q=0, *;q=1']) {
      const response = await get('/', header);
      expect(response.headers['content-encoding'], String(header)).toBeUndefined();
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      const nonce = /'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1];
      expect(response.body).toContain(`<meta name="csp-nonce" content="${nonce}" />`);
      expect(response.body).not.toContain('__CSP_NONCE__');
    }
  });
});

describe('the index page splice', () => {
  it('makes a valid gzip member for any nonce, with or without placeholders, of any size', () => {
    const templates = [
      '',
      'no placeholder at all',
      '__CSP_NONCE__',
      `a__CSP_NONCE__b__CSP_NONCE__`,
      'x'.repeat(100_000),
    ];
    for (const template of templates) {
      const page = prepareIndexPage(template);
      for (const nonce of ['', 'abc', 'Zm9vYmFyYmF6cXV4MTIzNA==']) {
        const expected = template.replaceAll('__CSP_NONCE__', nonce);
        expect(page.identity(nonce).toString()).toBe(expected);
        expect(gunzipSync(page.gzip(nonce)).toString()).toBe(expected);
      }
    }
  });

  it('reads Accept-Encoding as RFC 9110 does', () => {
    expect(acceptsEncoding(undefined, 'gzip')).toBe(false);
    expect(acceptsEncoding('gzip', 'gzip')).toBe(true);
    expect(acceptsEncoding('GZip;Q=0.3', 'gzip')).toBe(true);
    expect(acceptsEncoding('gzip;q=0', 'gzip')).toBe(false);
    expect(acceptsEncoding('br, *', 'gzip')).toBe(true);
    expect(acceptsEncoding('*;q=0', 'gzip')).toBe(false);
    expect(acceptsEncoding('gzip;q=0, *', 'gzip')).toBe(false);
    expect(acceptsEncoding('br, deflate', 'gzip')).toBe(false);
  });
});
