import type { TEnvelope } from '@openbourse/contracts';
import { isSuccessCode, UPLOAD_DEFAULT_MAX_BYTES, uploadsEndpoints } from '@openbourse/contracts/constants';
import { ApiError, CLIENT_CODES, REQUEST_TIMEOUT_MS, reactToSessionCode, sessionHeaders } from '../api/client';

/**
 * Uploading an image (issue 15), for every screen that asks for one (a payment proof, a KYC
 * document): large photos are made smaller in the browser first, then the file is posted as
 * multipart/form-data (field `file`) with the session's headers, like every API call. Answers
 * the upload's id; a refusal throws ApiError with the catalogue code (10183–10187).
 */

/** The longest side a photo is reduced to before sending. */
export const MAX_IMAGE_SIDE = 2000;
const JPEG_QUALITY = 0.85;
/** What the browser can decode and re-draw; a JPEG 2000 is sent as it is. */
const DRAWABLE_TYPES = new Set(['image/jpeg', 'image/png']);

export type UploadOptions = {
  /** Called with 0…1 as the bytes go out. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** The server's limit, when known; the default UPLOAD_MAX_BYTES otherwise. */
  maxBytes?: number;
  /** The longest side a photo is reduced to; MAX_IMAGE_SIDE when absent. */
  maxSide?: number;
  /**
   * Draw every JPEG and PNG again, even a small one (a KYC photo, #17): what leaves the device
   * is then only the pixels, never the camera's EXIF (its GPS position among them).
   */
  reencode?: boolean;
};

/**
 * The size a `width` × `height` image is drawn at so its longest side is at most `maxSide`:
 * scaled by one factor (the proportions kept), rounded to whole pixels, never enlarged and never
 * below 1 px.
 */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/**
 * The file as it will be sent: a JPEG or PNG larger than the limit or than `maxSide` (by default
 * MAX_IMAGE_SIDE) on its longest side, or any JPEG or PNG when `reencode` is asked, is drawn again
 * at most `maxSide` px (orientation applied) as a JPEG at 0.85; anything else, or a photo the
 * browser cannot decode, is sent unchanged (the server decides).
 */
export async function prepareImage(
  file: Blob,
  maxBytes = UPLOAD_DEFAULT_MAX_BYTES,
  options: { maxSide?: number; reencode?: boolean } = {},
): Promise<Blob> {
  const maxSide = options.maxSide ?? MAX_IMAGE_SIDE;
  if (!DRAWABLE_TYPES.has(file.type) || typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const longest = Math.max(bitmap.width, bitmap.height);
    if (!options.reencode && file.size <= maxBytes && longest <= maxSide) return file;
    const { width, height } = fitWithin(bitmap.width, bitmap.height, maxSide);
    const reduced = await drawAsJpeg(bitmap, width, height);
    return reduced ?? file;
  } finally {
    bitmap.close();
  }
}

async function drawAsJpeg(bitmap: ImageBitmap, width: number, height: number): Promise<Blob | null> {
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(bitmap, 0, 0, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
}

/** The name the file travels with (the server ignores it; a reduced photo becomes a .jpg). */
function sentName(original: File | Blob, sent: Blob): string {
  const name = original instanceof File && original.name ? original.name : 'image';
  return sent === original ? name : `${name.replace(/\.[^.]*$/, '')}.jpg`;
}

/** Prepares and uploads one image; answers its id. */
export async function uploadImage(file: File | Blob, options: UploadOptions = {}): Promise<{ id: string }> {
  const prepared = await prepareImage(file, options.maxBytes, { maxSide: options.maxSide, reencode: options.reencode });
  const form = new FormData();
  form.append('file', prepared, sentName(file, prepared));
  const path = uploadsEndpoints.upload.path;

  const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.timeout = REQUEST_TIMEOUT_MS;
    for (const [name, value] of Object.entries(sessionHeaders())) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    request.onload = () => resolve({ status: request.status, text: request.responseText });
    request.onerror = () => reject(new ApiError(CLIENT_CODES.NETWORK, ''));
    request.ontimeout = () => reject(new ApiError(CLIENT_CODES.TIMEOUT, ''));
    request.onabort = () => reject(options.signal?.reason ?? new DOMException('aborted', 'AbortError'));
    if (options.signal?.aborted) {
      reject(options.signal.reason);
      return;
    }
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });

  let envelope: Partial<TEnvelope<{ id: string }>>;
  try {
    envelope = JSON.parse(answer.text) as Partial<TEnvelope<{ id: string }>>;
  } catch {
    throw new ApiError(CLIENT_CODES.BAD_RESPONSE, '');
  }
  const code = typeof envelope.code === 'number' ? envelope.code : CLIENT_CODES.BAD_RESPONSE;
  reactToSessionCode(code, answer.status, path);
  if (!isSuccessCode(code) || !envelope.data) throw new ApiError(code, envelope.msg ?? '', envelope.data ?? null);
  options.onProgress?.(1);
  return envelope.data;
}
