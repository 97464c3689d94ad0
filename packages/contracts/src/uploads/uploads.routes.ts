import { declareRoute } from '../http/route-declaration.js';
import { ZUploadBytes, ZUploadParams, ZUploadResponse } from './uploads.contracts.js';
import { uploadsEndpoints } from './uploads.endpoints.js';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/jp2'] as const;

/** The upload routes as the server declares them (issue 15). */
export const uploadsRoutes = {
  upload: declareRoute(uploadsEndpoints.upload, {
    summary:
      'Upload one image (multipart field `file`; JPEG, JPEG 2000 or PNG by content, at most UPLOAD_MAX_BYTES); ' +
      'it is re-encoded without its metadata and stored encrypted. Answers its id',
    tags: ['uploads'],
    owner: 'caller',
    multipart: { files: ['file'] },
    response: ZUploadResponse,
    rateLimit: { max: 30, timeWindow: '1 minute' },
  }),
  ownFile: declareRoute(uploadsEndpoints.ownFile, {
    summary: "One of the caller's uploads, as its image bytes (another's or an unknown id: 10185)",
    tags: ['uploads'],
    // The id names a file that must be the caller's: anyone else's answers 10185 as an unknown id.
    owner: { record: 'upload', at: 'params.id' },
    params: ZUploadParams,
    response: ZUploadBytes,
    answerTypes: IMAGE_TYPES,
  }),
  operatorFile: declareRoute(uploadsEndpoints.operatorFile, {
    summary:
      'An uploaded image, for an operator who may decide a review queue item holding it (each view audit-logged)',
    tags: ['admin'],
    owner: 'operator',
    params: ZUploadParams,
    response: ZUploadBytes,
    answerTypes: IMAGE_TYPES,
  }),
};
