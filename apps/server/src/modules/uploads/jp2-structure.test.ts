import { describe, expect, it } from 'vitest';
import { jp2Fixture } from '../../test/images.js';
import { cleanJp2 } from './jp2-structure.js';

const has = (bytes: Buffer, text: string) => bytes.includes(Buffer.from(text));

describe('a JPEG 2000 file rebuilt from its boxes', () => {
  it('keeps signature, file type, header and codestream; drops metadata, comments and what follows EOC', () => {
    const input = jp2Fixture({ comment: 'CAMERA-X', xml: '<gps>PLACE</gps>', afterEnd: Buffer.from('<script>') });
    const cleaned = cleanJp2(input);
    expect(cleaned).not.toBeNull();
    const bytes = cleaned as Buffer;
    expect(bytes.subarray(4, 8).toString('latin1')).toBe('jP  ');
    expect(has(bytes, 'ftypjp2 ')).toBe(true);
    expect(has(bytes, 'jp2h')).toBe(true);
    for (const gone of ['CAMERA-X', 'PLACE', 'xml ', '<script>']) expect(has(bytes, gone)).toBe(false);
    // The codestream ends with EOC and the result is itself clean: cleaning it again changes nothing.
    expect(bytes.subarray(-2).equals(Buffer.from([0xff, 0xd9]))).toBe(true);
    expect(cleanJp2(bytes)?.equals(bytes)).toBe(true);
  });

  it('refuses bytes that are not boxes, a missing header or codestream, and a broken codestream', () => {
    const good = jp2Fixture();
    expect(cleanJp2(Buffer.concat([good, Buffer.from('zip!')]))).toBeNull();
    expect(cleanJp2(good.subarray(0, good.length - 5))).toBeNull();
    expect(cleanJp2(Buffer.from('not a jp2 at all'))).toBeNull();
    const withoutHeader = Buffer.from(good);
    withoutHeader.write('jp2x', good.indexOf('jp2h'), 'latin1');
    expect(cleanJp2(withoutHeader)).toBeNull();
    const badCodestream = Buffer.from(good);
    badCodestream.writeUInt16BE(0x1234, good.indexOf('jp2c') + 4);
    expect(cleanJp2(badCodestream)).toBeNull();
  });
});
