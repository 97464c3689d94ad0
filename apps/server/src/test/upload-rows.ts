import { randomBytes } from 'node:crypto';
import { multipartBody } from './images.js';
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

/**
 * Uploads an image as the user of `token` through `POST /upload` (multipart field `file`), as a
 * client does; fails the test unless it is stored. Answers the upload's id.
 */
export async function uploadImage(testApp: TestApp, token: string, data: Buffer, filename: string): Promise<string> {
  const form = multipartBody([{ name: 'file', data, filename }]);
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/swx/customer/upload',
    headers: { ...form.headers, authorization: token },
    payload: form.payload,
  });
  const answer = response.json() as { code: number; data: { id: string } | null; msg: string };
  if (answer.code !== 200 || !answer.data) throw new Error(`upload refused: ${answer.code} ${answer.msg}`);
  return answer.data.id;
}
