import { brotliCompress, gzipSync, constants as zlibConstants } from 'node:zlib';
import type { Language } from '@openbourse/contracts';
import { envelope } from '../errors/envelope.js';

/** A content coding this server can answer a hot, preserialised route in. */
export type ContentCoding = 'br' | 'gzip' | 'identity';

// Brotli at quality 10 makes the 32 KB crypto list about 4.9 KB (gzip: 6.2 KB) but takes about
// 14 ms, so it runs on libuv's thread pool and gzip (1.4 ms) answers until it is ready.
const BROTLI_QUALITY = 10;
const GZIP_LEVEL = 6;
/** Below this, compressing costs more than the bytes it saves. */
const MIN_COMPRESSED_BYTES = 1024;

/**
 * A route's data already serialised, for hot answers that many clients read between changes
 * (the market list: rebuilt at most once a second). Create one per change and reuse it: it
 * builds each whole answer (envelope included) once per language and content coding, and every
 * later request sends those bytes as they are.
 */
export class PreserializedData<T> {
  declare readonly shape?: T;
  /** The answers of one language (a route answers with one success code, kept with them). */
  private readonly byLanguage = new Map<Language, LanguageBodies>();

  constructor(readonly json: string) {}

  /** The whole answer in `coding`, or in the best coding ready now (br falls back to gzip). */
  body(successCode: number, language: Language, coding: ContentCoding): { coding: ContentCoding; bytes: Buffer } {
    // Looked up without building a key string: this runs on every request of a hot route.
    let bodies = this.byLanguage.get(language);
    if (!bodies || bodies.successCode !== successCode) {
      bodies = this.buildIdentity(successCode, language);
      this.byLanguage.set(language, bodies);
    }
    const identity = bodies.identity;
    if (coding === 'identity' || identity.length < MIN_COMPRESSED_BYTES) return { coding: 'identity', bytes: identity };
    if (coding === 'br') {
      if (bodies.br) return bodies.br;
      if (!bodies.brotliStarted) {
        bodies.brotliStarted = true;
        const ready = bodies;
        brotliCompress(
          identity,
          {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length,
            },
          },
          (error, compressed) => {
            // On failure gzip keeps answering; nothing is lost but bytes.
            if (!error) ready.br = { coding: 'br', bytes: compressed };
          },
        );
      }
    }
    bodies.gzip ??= { coding: 'gzip', bytes: gzipSync(identity, { level: GZIP_LEVEL }) };
    return bodies.gzip;
  }

  private buildIdentity(successCode: number, language: Language): LanguageBodies {
    const { msg } = envelope(successCode, null, language);
    const identity = Buffer.from(`{"code":${successCode},"data":${this.json},"msg":${JSON.stringify(msg)}}`);
    return { successCode, identity, brotliStarted: false };
  }
}

type EncodedBody = { coding: ContentCoding; bytes: Buffer };

type LanguageBodies = {
  successCode: number;
  identity: Buffer;
  gzip?: EncodedBody;
  br?: EncodedBody;
  brotliStarted: boolean;
};

/**
 * The best coding the client accepts (RFC 9110 §12.5.3): br, then gzip, else identity. A coding
 * listed with q=0 is refused; `*` stands for any coding not listed.
 */
export function preferredCoding(acceptEncoding: string | undefined): ContentCoding {
  if (!acceptEncoding) return 'identity';
  // Browsers send a handful of distinct values: parse each once (a bounded memo on a hot path).
  const known = codingByHeader.get(acceptEncoding);
  if (known) return known;
  const coding = parseAcceptEncoding(acceptEncoding);
  if (codingByHeader.size < MAX_REMEMBERED_HEADERS) codingByHeader.set(acceptEncoding, coding);
  return coding;
}

const MAX_REMEMBERED_HEADERS = 64;
const codingByHeader = new Map<string, ContentCoding>();

function parseAcceptEncoding(acceptEncoding: string): ContentCoding {
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (coding: string) => (weights.get(coding) ?? weights.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return 'identity';
}
