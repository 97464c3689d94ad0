import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '../../platform/errors/app-error.js';
import { sanitiseImage } from './sanitise-image.js';
import type { UploadsContext } from './uploads.context.js';
import { insertUpload } from './uploads.repository.js';

/**
 * Stores a user's uploaded image (issue 15): checked by content, re-encoded without metadata
 * (`sanitise-image.ts`), sealed in the encrypted file store, and recorded with a random opaque
 * id, its owner, type, size and the SHA-256 of what was stored. Answers the id.
 */
export async function storeUpload(
  ctx: UploadsContext,
  input: { ownerUserId: string; bytes: Buffer },
): Promise<{ id: string }> {
  if (input.bytes.length === 0) throw new AppError('UPLOAD_FILE_MISSING');
  if (input.bytes.length > ctx.maxBytes) throw new AppError('UPLOAD_TOO_LARGE');
  const image = await sanitiseImage(input.bytes);
  const storageKey = await ctx.store.put(image.bytes);
  const id = randomBytes(16).toString('base64url');
  try {
    await insertUpload(ctx.db, {
      id,
      owner_user_id: input.ownerUserId,
      content_type: image.contentType,
      byte_size: image.bytes.length,
      sha256: createHash('sha256').update(image.bytes).digest('hex'),
      storage_key: storageKey,
      created_at: ctx.clock.now(),
    });
  } catch (error) {
    // No row names the sealed file: it must not stay behind.
    await ctx.store.delete(storageKey);
    throw error;
  }
  return { id };
}
