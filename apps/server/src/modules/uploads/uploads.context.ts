import type { ReviewKind, Role } from '@openbourse/contracts';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.js';
import type { PlatformTables } from '../../platform/db/platform.tables.js';
import type { EncryptedFileStore } from '../../platform/files/encrypted-file-store.js';
import type { UploadsTables } from './uploads.tables.js';

/**
 * Which review queues hold a file (a port the composition root fills with the review service):
 * an operator may look at an upload only while an item they may decide holds it (e.g. a manual
 * deposit claim whose payload's `fileIds` names its proof).
 */
export type FileHolders = {
  /** The kinds of the review items (any status) whose payload's `fileIds` contains this id. */
  queueKindsHolding(fileId: string): Promise<ReviewKind[]>;
  /** Whether an operator with these roles may decide items of this kind. */
  mayDecide(kind: ReviewKind, roles: readonly Role[]): boolean;
};

/** What the uploads use cases run with. */
export type UploadsContext = {
  /** The uploads table and the audit log (operator views are audited). */
  db: Kysely<UploadsTables & PlatformTables>;
  store: EncryptedFileStore;
  clock: Clock;
  /** The largest upload accepted, in bytes (UPLOAD_MAX_BYTES). */
  maxBytes: number;
  fileHolders: FileHolders;
};
