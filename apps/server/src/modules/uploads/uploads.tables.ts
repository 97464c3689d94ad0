import type { DbView } from '../../platform/db/database.js';

/** What the uploads module owns (migration 0018): one row per stored image; the bytes are in the file store. */
export type UploadsTables = {
  uploads_files: {
    id: string;
    /** BIGINT: arrives as a string. */
    owner_user_id: string;
    content_type: UploadContentType;
    byte_size: number;
    sha256: string;
    storage_key: string;
    created_at: Date;
  };
};

export type UploadContentType = 'image/jpeg' | 'image/png' | 'image/jp2';

export type UploadsDb = DbView<UploadsTables>;
