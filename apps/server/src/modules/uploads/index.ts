export {
  type OperatorView,
  ownUploadType,
  readOwnUpload,
  readUploadForOperator,
  type UploadBytes,
  uploadBelongsTo,
} from './read-upload.js';
export { storeUpload } from './store-upload.js';
export type { FileHolders, UploadsContext } from './uploads.context.js';
export { createUploadsModule, type UploadsModuleDeps, type UploadsService } from './uploads.module.js';
export type { UploadContentType, UploadsTables } from './uploads.tables.js';
