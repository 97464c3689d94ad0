import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.js';
import type { FieldCipher } from '../../platform/crypto/field-cipher.js';
import type { IdentityTables } from '../identity/index.js';
import type { NotifyTables } from '../notify/index.js';
import type { ReviewDecisionTables, ReviewQueue } from '../review/index.js';
import type { UploadsTables } from '../uploads/index.js';
import type { KycTables } from './kyc.tables.js';

/**
 * The kyc module's view of the database: its submissions, and what its workflows write through
 * the other modules' public faces in the same transaction — the review queue (and the audit log),
 * notify's notifications, identity's verification status — and what it reads of the uploads (whose
 * file a photo is) through theirs.
 */
export type KycDb = Kysely<KycTables & ReviewDecisionTables & NotifyTables & IdentityTables & UploadsTables>;

/** What kyc asks of identity after a commit (a port identity's service fills at the root). */
export type KycIdentity = {
  /** The user's verification status changed: every instance forgets their cached sessions. */
  forgetUserSessions(userId: string): void;
};

/** What the retention job asks of the uploads module (its service fills it at the root). */
export type KycUploads = { purgeUploads(ids: readonly string[]): Promise<number> };

export type KycContext = {
  db: KycDb;
  clock: Clock;
  /** Seals the personal fields (a key derived from FILE_STORE_KEY for `kyc`). */
  cipher: FieldCipher;
  reviews: Pick<ReviewQueue, 'submit'>;
  identity: KycIdentity;
  uploads: KycUploads;
  /** A refused submission's personal fields and photos are deleted this many days after the decision. */
  retentionDays: number;
};

/** Who asks, for the audit rows: the request's id and address. */
export type KycRequestMeta = { requestId: string | null; ip: string | null };

/** An operator opening personal data (a reviewer in the queue, an admin on the user page). */
export type KycViewer = {
  operatorId: string;
  requestId: string | null;
  ip: string | null;
  /** Where the name is shown (the audit row's `via`): the back office's user page unless said. */
  via?: 'admin.user' | 'support.context';
};
