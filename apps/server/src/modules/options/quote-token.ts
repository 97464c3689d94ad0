import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A quote's id is the quote itself, signed (HMAC-SHA256 under a key only the servers hold): the
 * series, the bid and ask per contract, and until when it holds. Any instance can check one
 * without a database row per quote (a chain shows dozens each few seconds), and a client cannot
 * make up a better price: a changed field fails the signature.
 */
export type SignedQuote = { seriesId: string; bid: string; ask: string; validUntil: number };

export type QuoteSigner = {
  sign(quote: SignedQuote): string;
  /** The quote, or null when the id is not one this platform signed. */
  verify(quoteId: string): SignedQuote | null;
};

const SEPARATOR = '~';
const FIELD = /^[0-9.]{1,40}$/;

export function createQuoteSigner(key: Buffer): QuoteSigner {
  if (key.length < 32) throw new Error('the quote key must be at least 32 bytes');
  const mac = (body: string) => createHmac('sha256', key).update(body).digest().subarray(0, 18).toString('base64url');
  return {
    sign(quote) {
      const body = ['q1', quote.seriesId, quote.bid, quote.ask, String(quote.validUntil)].join(SEPARATOR);
      return `${body}${SEPARATOR}${mac(body)}`;
    },
    verify(quoteId) {
      const parts = quoteId.split(SEPARATOR);
      if (parts.length !== 6 || parts[0] !== 'q1') return null;
      const [, seriesId = '', bid = '', ask = '', validUntil = '', signature = ''] = parts;
      if (![seriesId, bid, ask, validUntil].every((field) => FIELD.test(field))) return null;
      const expected = Buffer.from(mac(parts.slice(0, 5).join(SEPARATOR)));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return { seriesId, bid, ask, validUntil: Number.parseInt(validUntil, 10) };
    },
  };
}
