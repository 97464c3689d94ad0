import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.js';
import type { FieldCipher } from '../../platform/crypto/field-cipher.js';
import type { DbView } from '../../platform/db/database.js';
import type { PlatformTables } from '../../platform/db/platform.tables.js';
import type { EncryptedFileStore } from '../../platform/files/encrypted-file-store.js';
import type { LedgerTables } from '../ledger/index.js';
import type { NotifyTables } from '../notify/index.js';
import type { ReviewQueue, ReviewTables } from '../review/index.js';
import type { PriceQuote } from './domain/index.js';
import type { LendingTables } from './lending.tables.js';

/**
 * The lending module's view of the database: its tables, and what its workflows write through the
 * other modules' public faces in the same transaction — the ledger's transfers and holds, the
 * review queue (and the audit log), notify's notifications.
 */
export type LendingDbTables = LendingTables & LedgerTables & ReviewTables & NotifyTables & PlatformTables;
export type LendingDb = Kysely<LendingDbTables>;
/** The database or one of its transactions. */
export type LendingView = DbView<LendingDbTables>;

/** What lending reads of the ledger (a port the composition root fills): an asset's decimals, null when unknown. */
export type LendingAssets = { assetDecimals(code: string): Promise<number | null> };

/** What lending asks of identity verification (kyc's service fills it at the root). */
export type LendingKyc = {
  isVerified(userId: string): Promise<boolean>;
  /** The borrower's verified name, for the agreement and the typed-name check; null when not verified. */
  verifiedName(userId: string): Promise<string | null>;
};

/** What lending reads of the uploads (their service fills it): one of the user's own files, or null. */
export type LendingUploads = {
  ownFile(fileId: string, userId: string): Promise<{ bytes: Buffer; contentType: string } | null>;
};

/**
 * The collateral's price in the loan's asset as the market has it now (with its source, its time
 * and whether the market calls it stale), or null when the market has none.
 */
export type LendingPrices = { quote(base: string, quoteAsset: string): PriceQuote | null };

/** The engine's part in a change: a loan's debt or collateral changed, or it closed. */
export type LoanWatch = { loanChanged(loanId: string): void };

export type LendingContext = {
  db: LendingDb;
  assets: LendingAssets;
  clock: Clock;
};

/** What the loans' use cases run with (the settings' need only `LendingContext`). */
export type LoansContext = LendingContext & {
  kyc: LendingKyc;
  uploads: LendingUploads;
  prices: LendingPrices;
  reviews: Pick<ReviewQueue, 'submit' | 'isAboveFourEyes'>;
  /** The agreements, sealed at rest. */
  files: EncryptedFileStore;
  /** Seals the borrower's name and typed name (a key derived for `lending`). */
  cipher: FieldCipher;
  watch: LoanWatch;
};

/** Who acts and from where: what the audit row records besides the change. */
export type OperatorAction = { operatorId: string; requestId: string; ip: string | null };
