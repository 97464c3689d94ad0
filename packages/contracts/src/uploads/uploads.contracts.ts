import { z } from 'zod';

/**
 * Uploads (issue 15): images a user sends once (a KYC document, a payment proof) and other
 * requests name by id. The body of the upload is multipart, not JSON (the declaration's
 * `multipart` says so); a file is read back as its image bytes.
 */

/** The image types accepted, recognised by content (never by name or declared type). */
export const UPLOAD_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/jp2'] as const;
export type UploadContentType = (typeof UPLOAD_CONTENT_TYPES)[number];

/** An upload's id: random and opaque, 22 URL-safe base64 characters. */
export const ZUploadId = z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'not an upload id');

export const ZUploadParams = z.object({ id: ZUploadId });
export type TUploadParams = z.infer<typeof ZUploadParams>;

export const ZUploadResponse = z.object({ id: ZUploadId });
export type TUploadResponse = z.infer<typeof ZUploadResponse>;

/** What a file read answers on success: the image's bytes with its content type, not the envelope. */
export const ZUploadBytes = z.string().describe('The image bytes (image/jpeg, image/png or image/jp2)');
