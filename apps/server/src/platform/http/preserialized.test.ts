import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PreserializedData, preferredCoding } from './preserialized.js';

describe('preferredCoding', () => {
  it('prefers br, then gzip, and honours q=0 and *', () => {
    expect(preferredCoding(undefined)).toBe('identity');
    expect(preferredCoding('gzip, deflate, br')).toBe('br');
    expect(preferredCoding('gzip')).toBe('gzip');
    expect(preferredCoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredCoding('br;q=0, gzip;q=0')).toBe('identity');
    expect(preferredCoding('*')).toBe('br');
    expect(preferredCoding('*;q=0')).toBe('identity');
    expect(preferredCoding('deflate')).toBe('identity');
    expect(preferredCoding('GZIP;Q=1')).toBe('gzip');
  });
});

describe('PreserializedData', () => {
  const data = Array.from({ length: 200 }, (_, i) => ({ code: `C${i}`, price: `${100 + i}.25` }));
  const json = JSON.stringify(data);

  it('wraps the data in the envelope with the message in the language asked for', () => {
    const answer = new PreserializedData(json);
    const english = answer.body(200, 'en', 'identity');
    expect(english.coding).toBe('identity');
    expect(JSON.parse(english.bytes.toString('utf8'))).toEqual({ code: 200, data, msg: 'Success' });
    const german = JSON.parse(answer.body(200, 'de', 'identity').bytes.toString('utf8'));
    expect(german.data).toEqual(data);
    expect(german.msg).not.toBe('Success');
    // Built once: the same bytes are sent to every later request.
    expect(answer.body(200, 'en', 'identity').bytes).toBe(english.bytes);
  });

  it('answers gzip at once and brotli once it is compressed, both decoding to the same bytes', async () => {
    const answer = new PreserializedData(json);
    const identity = answer.body(200, 'en', 'identity').bytes;
    const first = answer.body(200, 'en', 'br');
    expect(first.coding).toBe('gzip');
    expect(gunzipSync(first.bytes).equals(identity)).toBe(true);
    await expect.poll(() => answer.body(200, 'en', 'br').coding, { timeout: 2000, interval: 5 }).toBe('br');
    const brotli = answer.body(200, 'en', 'br').bytes;
    expect(brotliDecompressSync(brotli).equals(identity)).toBe(true);
    expect(brotli.length).toBeLessThan(first.bytes.length);
  });

  it('does not compress a small answer', () => {
    const small = new PreserializedData('[]');
    expect(small.body(200, 'en', 'br').coding).toBe('identity');
  });
});
