export { type OperatorView, readOwnUpload, readUploadForOperator, uploadBelongsTo } from './read-upload.js';
export { storeUpload } from './store-upload.js';
export type { FileHolders, UploadsContext } from './uploads.context.js';
export { createUploadsModule, type UploadsModuleDeps } from './uploads.module.js';
export type { UploadContentType, UploadsTables } from './uploads.tables.js';
