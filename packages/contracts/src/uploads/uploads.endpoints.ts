import { endpoint, type InputOf, type NoInput, type OutputOf } from '../http/endpoint.js';
import type { ZUploadParams, ZUploadResponse } from './uploads.contracts.js';

type FileInput = { params: InputOf<typeof ZUploadParams> };

/**
 * The upload endpoints as clients see them (types only). `upload` takes multipart/form-data with
 * one file field `file` (the web posts it with `uploadImage`, not `callApi`); the reads answer
 * the image's bytes.
 */
export const uploadsEndpoints = {
  upload: endpoint<NoInput, OutputOf<typeof ZUploadResponse>, 'user'>('POST', '/swx/customer/upload', 'user'),
  ownFile: endpoint<FileInput, Blob, 'user'>('GET', '/swx/customer/upload/:id', 'user'),
  operatorFile: endpoint<FileInput, Blob, 'reviewer'>('GET', '/swx/admin/uploads/:id', 'reviewer'),
};

/** The server's default UPLOAD_MAX_BYTES (2 MiB): the web downsizes photos above it before sending. */
export const UPLOAD_DEFAULT_MAX_BYTES = 2_097_152;
