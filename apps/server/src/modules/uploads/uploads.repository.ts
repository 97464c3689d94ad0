import type { Selectable } from 'kysely';
import type { UploadsDb as Db, UploadsTables } from './uploads.tables.js';

/** The only SQL of the uploads module's own table. */

export type UploadRow = Selectable<UploadsTables['uploads_files']>;

export async function insertUpload(db: Db, row: UploadRow): Promise<void> {
  await db.insertInto('uploads_files').values(row).execute();
}

export async function findUpload(db: Db, id: string): Promise<UploadRow | undefined> {
  return db.selectFrom('uploads_files').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Removes the rows of these uploads; answers the rows removed (their storage keys). */
export async function deleteUploads(db: Db, ids: readonly string[]): Promise<UploadRow[]> {
  if (ids.length === 0) return [];
  return db.deleteFrom('uploads_files').where('id', 'in', ids).returningAll().execute();
}

export async function findUploads(db: Db, ids: readonly string[]): Promise<UploadRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('uploads_files').selectAll().where('id', 'in', ids).execute();
}

/** The file if it is this user's; undefined for an unknown id and for another user's alike. */
export async function findOwnUpload(db: Db, id: string, ownerUserId: string): Promise<UploadRow | undefined> {
  return db
    .selectFrom('uploads_files')
    .selectAll()
    .where('id', '=', id)
    .where('owner_user_id', '=', ownerUserId)
    .executeTakeFirst();
}
