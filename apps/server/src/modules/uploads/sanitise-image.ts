import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from '../../platform/errors/app-error.js';
import { cleanJp2 } from './jp2-structure.js';
import type { UploadContentType } from './uploads.tables.js';

/**
 * What is kept of an uploaded image (issue 15). The type is read from the content (`file-type`),
 * never from the name or the declared type. JPEG and PNG are decoded and encoded again by sharp:
 * only the decoded pixels survive, so metadata (EXIF, GPS, XMP, ICC, comments) and anything
 * appended or hidden in the file (a ZIP, HTML or script after the image: a polyglot) are gone;
 * `rotate()` first applies the EXIF orientation, so the picture stays upright without it.
 *
 * JPEG 2000: this build of sharp (libvips without OpenJPEG) cannot decode it, so a JP2 is not
 * re-encoded: its box structure is checked and rebuilt from the boxes a JP2 needs (signature,
 * file type, header, one codestream), dropping metadata boxes, codestream comments and any byte
 * after the codestream's end (`jp2-structure.ts`).
 */

/** Larger pictures are refused before decoding (a decompression bomb is small on the wire). */
const MAX_PIXELS = 40_000_000;
const JPEG_QUALITY = 90;

export type SanitisedImage = { bytes: Buffer; contentType: UploadContentType };

export async function sanitiseImage(input: Buffer): Promise<SanitisedImage> {
  const detected = await fileTypeFromBuffer(input);
  const contentType = detected?.mime;
  if (contentType === 'image/jp2') {
    const cleaned = cleanJp2(input);
    if (!cleaned) throw new AppError('UPLOAD_UNREADABLE');
    return { bytes: cleaned, contentType: 'image/jp2' };
  }
  if (contentType !== 'image/jpeg' && contentType !== 'image/png') throw new AppError('UPLOAD_TYPE_UNSUPPORTED');

  const format = contentType === 'image/jpeg' ? 'jpeg' : 'png';
  let metadata: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    metadata = await sharp(input, { failOn: 'error' }).metadata();
  } catch {
    throw new AppError('UPLOAD_UNREADABLE');
  }
  // What sharp reads must be what the magic bytes said (a PNG signature on another format: refused).
  if (metadata.format !== format) throw new AppError('UPLOAD_UNREADABLE');
  if (!metadata.width || !metadata.height) throw new AppError('UPLOAD_UNREADABLE');
  if (metadata.width * metadata.height > MAX_PIXELS) throw new AppError('UPLOAD_TOO_LARGE');

  try {
    const pipeline = sharp(input, { failOn: 'error', limitInputPixels: MAX_PIXELS, pages: 1 }).rotate();
    const bytes =
      format === 'jpeg'
        ? await pipeline.jpeg({ quality: JPEG_QUALITY }).toBuffer()
        : await pipeline.png({ compressionLevel: 9 }).toBuffer();
    return { bytes, contentType };
  } catch {
    throw new AppError('UPLOAD_UNREADABLE');
  }
}
