/**
 * A JPEG 2000 (JP2, ISO/IEC 15444-1 annex I) file checked and rebuilt from its boxes, for a
 * server that cannot decode it (sharp here has no OpenJPEG): the file must be a clean sequence of
 * boxes — signature, file type naming `jp2 `, one header box (`ihdr` first), one contiguous
 * codestream whose tile-parts lead exactly to its end-of-codestream marker. What is kept: those
 * boxes only, with the header's image boxes only (`ihdr`, `bpcc`, `colr`, `pclr`, `cmap`, `cdef`,
 * `res `) and the codestream without comment segments (COM) and without any byte after EOC.
 * Metadata boxes (`xml `, `uuid`, `uinf`, …) and anything appended are dropped; bytes that are
 * not boxes make the file refused (null).
 */

type Box = { type: string; content: Buffer };

const SIGNATURE = Buffer.from([0x0d, 0x0a, 0x87, 0x0a]);
const HEADER_BOXES = new Set(['ihdr', 'bpcc', 'colr', 'pclr', 'cmap', 'cdef', 'res ']);
const MAX_PIXELS = 40_000_000;

const SOC = 0xff4f;
const SIZ = 0xff51;
const COM = 0xff64;
const SOT = 0xff90;
const EOC = 0xffd9;

/** The boxes of `data`, or null when its bytes are not a sequence of whole boxes. */
function readBoxes(data: Buffer): Box[] | null {
  const boxes: Box[] = [];
  let offset = 0;
  while (offset < data.length) {
    if (data.length - offset < 8) return null;
    let length = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    let header = 8;
    if (length === 1) {
      if (data.length - offset < 16) return null;
      const extended = data.readBigUInt64BE(offset + 8);
      if (extended > BigInt(data.length - offset)) return null;
      length = Number(extended);
      header = 16;
    } else if (length === 0) {
      length = data.length - offset;
    }
    if (length < header || offset + length > data.length) return null;
    boxes.push({ type, content: data.subarray(offset + header, offset + length) });
    offset += length;
  }
  return boxes;
}

function box(type: string, content: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + content.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, content]);
}

/** The codestream without COM segments and without anything after EOC; null when malformed. */
function cleanCodestream(stream: Buffer): Buffer | null {
  if (stream.length < 8 || stream.readUInt16BE(0) !== SOC || stream.readUInt16BE(2) !== SIZ) return null;
  const kept: Buffer[] = [stream.subarray(0, 2)];
  let offset = 2;
  // The main header: marker segments up to the first tile-part.
  for (;;) {
    if (offset + 4 > stream.length) return null;
    const marker = stream.readUInt16BE(offset);
    if (marker === SOT) break;
    if (marker < 0xff30) return null;
    const length = stream.readUInt16BE(offset + 2);
    if (length < 2 || offset + 2 + length > stream.length) return null;
    if (marker !== COM) kept.push(stream.subarray(offset, offset + 2 + length));
    offset += 2 + length;
  }
  // Tile-parts, each as long as its SOT says; the last one may run to EOC (Psot 0).
  const tilesStart = offset;
  for (;;) {
    if (offset + 2 > stream.length) return null;
    const marker = stream.readUInt16BE(offset);
    if (marker === EOC) break;
    if (offset + 12 > stream.length) return null;
    if (marker !== SOT || stream.readUInt16BE(offset + 2) !== 10) return null;
    const tilePartLength = stream.readUInt32BE(offset + 6);
    if (tilePartLength === 0) {
      // Runs to the end of the codestream, which must be EOC.
      if (stream.readUInt16BE(stream.length - 2) !== EOC) return null;
      offset = stream.length - 2;
      break;
    }
    if (tilePartLength < 14 || offset + tilePartLength + 2 > stream.length) return null;
    offset += tilePartLength;
  }
  if (offset === tilesStart) return null;
  kept.push(stream.subarray(tilesStart, offset + 2));
  return Buffer.concat(kept);
}

/** The file rebuilt from what a JP2 needs, or null when it is not a well-formed JP2. */
export function cleanJp2(input: Buffer): Buffer | null {
  const boxes = readBoxes(input);
  if (!boxes || boxes.length < 4) return null;
  const [signature, fileType] = boxes as [Box, Box];
  if (signature.type !== 'jP  ' || !signature.content.equals(SIGNATURE)) return null;
  if (fileType.type !== 'ftyp' || fileType.content.length < 8 || fileType.content.length % 4 !== 0) return null;
  const brands = [];
  for (let at = 8; at < fileType.content.length; at += 4) brands.push(fileType.content.toString('latin1', at, at + 4));
  if (fileType.content.toString('latin1', 0, 4) !== 'jp2 ' && !brands.includes('jp2 ')) return null;

  const headers = boxes.filter((item) => item.type === 'jp2h');
  const codestreams = boxes.filter((item) => item.type === 'jp2c');
  if (headers.length !== 1 || codestreams.length !== 1) return null;
  const header = headers[0] as Box;
  if (boxes.indexOf(header) > boxes.indexOf(codestreams[0] as Box)) return null;

  const headerBoxes = readBoxes(header.content);
  const imageHeader = headerBoxes?.[0];
  if (!headerBoxes || imageHeader?.type !== 'ihdr' || imageHeader.content.length !== 14) return null;
  const height = imageHeader.content.readUInt32BE(0);
  const width = imageHeader.content.readUInt32BE(4);
  if (width === 0 || height === 0 || width * height > MAX_PIXELS) return null;
  if (headerBoxes.filter((item) => item.type === 'ihdr').length !== 1) return null;
  if (!headerBoxes.some((item) => item.type === 'colr')) return null;

  const codestream = cleanCodestream((codestreams[0] as Box).content);
  if (!codestream) return null;

  const fileTypeContent = Buffer.alloc(12);
  fileTypeContent.write('jp2 ', 0, 'latin1');
  fileTypeContent.write('jp2 ', 8, 'latin1');
  return Buffer.concat([
    box('jP  ', SIGNATURE),
    box('ftyp', fileTypeContent),
    box(
      'jp2h',
      Buffer.concat(
        headerBoxes.filter((item) => HEADER_BOXES.has(item.type)).map((item) => box(item.type, item.content)),
      ),
    ),
    box('jp2c', codestream),
  ]);
}
