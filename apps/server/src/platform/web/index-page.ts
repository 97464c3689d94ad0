import { constants, crc32, deflateRawSync } from 'node:zlib';

const NONCE_PLACEHOLDER = '__CSP_NONCE__';
// gzip member header: magic, deflate, no flags, no time, no extra flags, unknown OS (RFC 1952).
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
// The last deflate block: final, stored, empty (RFC 1951 §3.2.4).
const FINAL_EMPTY_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

/**
 * CRC-32 continued over `data`. An empty Buffer is skipped: Node's zlib.crc32 answers 0 for an
 * empty Buffer with no backing store (Buffer.from('')) whatever the running value.
 */
function crcOver(data: Buffer, running: number): number {
  return data.length === 0 ? running : crc32(data, running);
}

/** A non-final stored deflate block holding `data` (at most 65,535 bytes), byte-aligned. */
function storedBlock(data: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header[0] = 0x00;
  header.writeUInt16LE(data.length, 1);
  header.writeUInt16LE(~data.length & 0xffff, 3);
  return Buffer.concat([header, data]);
}

export interface IndexPage {
  /** The page with this request's nonce, as UTF-8. */
  identity(nonce: string): Buffer;
  /** The same page as one gzip member, built from parts compressed at start. */
  gzip(nonce: string): Buffer;
}

/**
 * index.html carries a fresh CSP nonce on every answer, so it cannot be compressed at build
 * time, and compressing it per request is what precompression avoids. Instead its fixed parts
 * (the text between the nonce placeholders, deployment facts already written in) are deflated
 * once, here, each ending on a byte boundary (a sync flush); an answer splices them with the
 * nonce as stored (uncompressed) deflate blocks and closes the gzip member with the CRC-32 and
 * length of the whole page. Per request: a CRC-32 over a few kilobytes, no compression.
 * Brotli has no such splice, so a client accepting both gets gzip for this one small page.
 */
export function prepareIndexPage(template: string): IndexPage {
  const parts = template.split(NONCE_PLACEHOLDER).map((part) => Buffer.from(part, 'utf8'));
  const deflated = parts.map((part) =>
    deflateRawSync(part, { level: constants.Z_BEST_COMPRESSION, finishFlush: constants.Z_SYNC_FLUSH }),
  );
  const firstCrc = crcOver(parts[0] ?? Buffer.alloc(0), 0);
  const fixedLength = parts.reduce((sum, part) => sum + part.length, 0);

  const identity = (nonce: string): Buffer => {
    const value = Buffer.from(nonce, 'utf8');
    const pieces: Buffer[] = [];
    parts.forEach((part, index) => {
      if (index > 0) pieces.push(value);
      pieces.push(part);
    });
    return Buffer.concat(pieces);
  };

  const gzip = (nonce: string): Buffer => {
    const value = Buffer.from(nonce, 'utf8');
    const pieces: Buffer[] = [GZIP_HEADER];
    let crc = firstCrc;
    deflated.forEach((block, index) => {
      if (index > 0) {
        pieces.push(storedBlock(value));
        crc = crcOver(value, crc);
        crc = crcOver(parts[index] as Buffer, crc);
      }
      pieces.push(block);
    });
    pieces.push(FINAL_EMPTY_BLOCK);
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc >>> 0, 0);
    trailer.writeUInt32LE((fixedLength + value.length * (parts.length - 1)) >>> 0, 4);
    pieces.push(trailer);
    return Buffer.concat(pieces);
  };

  return { identity, gzip };
}

/**
 * Whether the Accept-Encoding header accepts `coding` (by name or `*`) with a quality above 0
 * (RFC 9110 §12.5.3). A name listed explicitly wins over `*`.
 */
export function acceptsEncoding(header: string | undefined, coding: string): boolean {
  if (!header) return false;
  let wildcard: boolean | undefined;
  for (const item of header.split(',')) {
    const [rawName, ...params] = item.trim().toLowerCase().split(';');
    const name = rawName?.trim();
    if (!name) continue;
    const qParam = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const quality = qParam === undefined ? 1 : Number(qParam.slice(2));
    const accepted = Number.isFinite(quality) && quality > 0;
    if (name === coding) return accepted;
    if (name === '*') wildcard = accepted;
  }
  return wildcard ?? false;
}
