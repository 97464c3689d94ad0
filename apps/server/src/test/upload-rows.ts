import { randomBytes } from 'node:crypto';
import type { TestApp } from './test-app.js';

/**
 * A proof upload's row owned by `userId`, for tests of what refers to uploads (manual deposit
 * claims): the row only, no stored file. Answers its id.
 */
export async function insertUploadRow(testApp: TestApp, userId: string): Promise<string> {
  const fileId = randomBytes(16).toString('base64url');
  await testApp.database.db
    .insertInto('uploads_files' as never)
    .values({
      id: fileId,
      owner_user_id: userId,
      content_type: 'image/png',
      byte_size: 10,
      sha256: 'a'.repeat(64),
      storage_key: `test/${fileId}`,
      created_at: new Date(),
    } as never)
    .execute();
  return fileId;
}
