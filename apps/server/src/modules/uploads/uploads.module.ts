import type { AppModule } from '../../platform/module.js';
import { purgeUploads } from './purge-uploads.js';
import { readOwnUpload, readUploadFor, type UploadBytes, uploadBelongsTo } from './read-upload.js';
import type { UploadsContext } from './uploads.context.js';
import { uploadsAdminPlugin, uploadsPlugin } from './uploads.routes.js';

/** What other modules ask of the uploads beyond reading a row (kyc's retention job deletes its photos). */
export type UploadsService = {
  purgeUploads(ids: readonly string[]): Promise<number>;
  /** One of the user's own files (lending reads a drawn signature); null for an unknown id and another's alike. */
  ownFile(id: string, userId: string): Promise<UploadBytes | null>;
  /** Whether the file is this user's upload (the support chat checks an attachment with it). */
  belongsTo(id: string, userId: string): Promise<boolean>;
  /**
   * A file's bytes for a module that decided who may see it (the support chat's attachments):
   * 10185 for an unknown id.
   */
  fileBytes(id: string): Promise<UploadBytes>;
};

export type UploadsModuleDeps = UploadsContext & { apiPrefix: string; adminPrefix: string };

/**
 * Uploads (issue 15): images users send (KYC documents, payment proofs), checked by content,
 * re-encoded without metadata, sealed in the encrypted file store, readable by their owner and by
 * an operator deciding a review item that holds them (audited). Other modules check a file id
 * with `uploadBelongsTo`.
 */
export function createUploadsModule(deps: UploadsModuleDeps): AppModule<UploadsService> {
  const { apiPrefix, adminPrefix, ...ctx } = deps;
  return {
    name: 'uploads',
    service: {
      purgeUploads: (ids) => purgeUploads(ctx, ids),
      ownFile: async (id, userId) => {
        if (!(await uploadBelongsTo(ctx.db, id, userId))) return null;
        return readOwnUpload(ctx, id, userId);
      },
      belongsTo: (id, userId) => uploadBelongsTo(ctx.db, id, userId),
      fileBytes: (id) => readUploadFor(ctx, id),
    },
    register: async (app) => {
      await app.register(uploadsPlugin, { prefix: apiPrefix, ctx });
      await app.register(uploadsAdminPlugin, { prefix: adminPrefix, ctx });
    },
    start: async () => {},
    stop: async () => {},
    publishes: [],
    subscribes: [],
  };
}
