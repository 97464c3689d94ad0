import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/** Images and multipart bodies for the upload tests (issue 15). */

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 192, g: 64, b: 32 } } });

/** A JPEG carrying EXIF (a copyright and artist), GPS tags and orientation 6 (rotate 90° to view). */
export function jpegWithGps(width = 64, height = 48): Promise<Buffer> {
  return solid(width, height)
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'SECRET-OWNER', Artist: 'Jane Doe' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
        GPSMapDatum: 'SECRET-DATUM',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export const plainPng = (width = 40, height = 30): Promise<Buffer> => solid(width, height).png().toBuffer();
export const plainGif = (): Promise<Buffer> => solid(16, 16).gif().toBuffer();

/** Noise that compresses badly, so a PNG of it is large. */
export function noisyPng(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

function box(type: string, content: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + content.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, content]);
}

const u16 = (value: number) => {
  const bytes = Buffer.alloc(2);
  bytes.writeUInt16BE(value);
  return bytes;
};
const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};

/**
 * A structurally valid JPEG 2000 (JP2) file: signature, file type, header (ihdr, colr), an XML
 * metadata box and a codestream (SOC, SIZ, COD, QCD, a COM comment, one tile-part, EOC). Its
 * tile data is not a decodable image (nothing here decodes JPEG 2000); `afterEnd` is appended
 * inside the last box after EOC, as a polyglot would.
 */
export function jp2Fixture(options: { comment?: string; xml?: string; afterEnd?: Buffer } = {}): Buffer {
  const width = 8;
  const height = 8;
  const siz = Buffer.concat([
    u16(0xff51),
    u16(41),
    u16(0),
    u32(width),
    u32(height),
    u32(0),
    u32(0),
    u32(width),
    u32(height),
    u32(0),
    u32(0),
    u16(1),
    Buffer.from([7, 1, 1]),
  ]);
  const cod = Buffer.concat([u16(0xff52), u16(12), Buffer.from([0, 0, 0, 1, 0, 0, 4, 4, 0, 1])]);
  const qcd = Buffer.concat([u16(0xff5c), u16(4), Buffer.from([0, 0x40])]);
  const text = Buffer.from(options.comment ?? 'made by a camera');
  const com = Buffer.concat([u16(0xff64), u16(4 + text.length), u16(1), text]);
  const tileData = Buffer.from([0x80, 0x80, 0x80, 0x80]);
  const sot = Buffer.concat([u16(0xff90), u16(10), u16(0), u32(12 + 2 + tileData.length), Buffer.from([0, 1])]);
  const codestream = Buffer.concat([
    u16(0xff4f),
    siz,
    cod,
    qcd,
    com,
    sot,
    u16(0xff93),
    tileData,
    u16(0xffd9),
    options.afterEnd ?? Buffer.alloc(0),
  ]);
  const ihdr = Buffer.concat([u32(height), u32(width), u16(1), Buffer.from([7, 7, 0, 0])]);
  const colr = Buffer.from([1, 0, 0, 0, 0, 0, 17]);
  return Buffer.concat([
    box('jP  ', Buffer.from([0x0d, 0x0a, 0x87, 0x0a])),
    box('ftyp', Buffer.concat([Buffer.from('jp2 '), u32(0), Buffer.from('jp2 ')])),
    box('jp2h', Buffer.concat([box('ihdr', ihdr), box('colr', colr)])),
    box('xml ', Buffer.from(options.xml ?? '<gps>51.5 N</gps>')),
    box('jp2c', codestream),
  ]);
}

export type FormPart = { name: string; data: Buffer | string; filename?: string; contentType?: string };

/** A multipart/form-data body as a browser sends it. */
export function multipartBody(parts: FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----openbourse${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(typeof part.data === 'string' ? Buffer.from(part.data) : part.data);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
