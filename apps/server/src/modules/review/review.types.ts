import type { Language, ReviewKind, ReviewReasonTexts, ReviewStatus, Role, TReviewItem } from '@openbourse/contracts';
import type { Transaction } from 'kysely';
import type { DbView } from '../../platform/db/database.js';
import type { PlatformTables } from '../../platform/db/platform.tables.js';
import type { ReviewTables } from './review.tables.js';

/** The tables a decision writes: the review tables and the audit log. */
export type ReviewDecisionTables = ReviewTables & PlatformTables;
export type ReviewTransaction = Transaction<ReviewDecisionTables>;

/** An item as the framework and the kinds' handlers see it (the wire shape adds texts). */
export type ReviewItem = {
  id: string;
  kind: ReviewKind;
  sourceKey: string;
  userId: string;
  summary: string;
  amount: string | null;
  asset: string | null;
  payload: Record<string, unknown>;
  status: ReviewStatus;
  requiredApprovals: number;
  requestedBy: string | null;
  approvals: { operatorId: string; at: Date }[];
  claimedBy: string | null;
  claimedAt: Date | null;
  rejectionReason: string | null;
  rejectionNote: string | null;
  decidedBy: string | null;
  decidedAt: Date | null;
  createdAt: Date;
};

/** Who decides, and the request it came in (for the audit row). */
export type ReviewActor = { operatorId: string; roles: readonly Role[]; requestId: string; ip: string | null };

/** What carrying an item's decision out did, written into the decision's audit row. */
export type ReviewEffect = { before?: unknown; after?: unknown; details?: Record<string, unknown> };

/** What a kind's module does when the framework has recorded a final decision. */
export type ReviewKindActions = {
  /** Carries the approved item out (the adjustment's transfer), in the decision's transaction. */
  approved(item: ReviewItem, actor: ReviewActor): Promise<ReviewEffect>;
  /** Undoes what queuing set aside (a withdrawal's hold, later); nothing for an adjustment. */
  rejected(item: ReviewItem, actor: ReviewActor): Promise<ReviewEffect>;
};

/**
 * A queue kind's owner plugs this into the framework (at the composition root). The framework
 * records claims and decisions; the handler opens the decision's transaction on its own module's
 * view of the database (which must include the review tables and the audit log), so that what
 * the decision does happens in the same transaction as the decision, with no SQL of one module on
 * another's tables and no module importing another beyond its index.
 */
export type ReviewKindHandler = {
  kind: ReviewKind;
  /** The role an operator needs to claim, approve or reject items of this kind (routes admit `reviewer`). */
  decideRole: Exclude<Role, 'user'>;
  /** The reasons an operator may reject with, each with its text in every language (shown to the user). */
  reasons: Readonly<Record<string, ReviewReasonTexts>>;
  /** Runs `work` in one transaction on the owner's view, with its actions bound to that transaction. */
  inDecisionTransaction<T>(work: (trx: ReviewTransaction, actions: ReviewKindActions) => Promise<T>): Promise<T>;
  /**
   * What the queue shows of an item beside its summary: the facts an operator decides on and the
   * uploaded files it holds. Without it, `describeFromPayload` (review-describe.ts) is used.
   */
  describe?(item: ReviewItem): ReviewItemDescription;
  /**
   * For a kind whose facts are personal data its module keeps sealed (kyc, #17): the items'
   * descriptions for this operator, opened by the owning module, which records each opening in
   * the audit log (SPEC §6: every view logged). Used instead of `describe` whenever the framework
   * answers an operator who may decide the kind (the queue listing, a claim, a decision); the
   * payload itself holds no personal data.
   */
  reveal?(items: readonly ReviewItem[], viewer: ReviewActor): Promise<Map<string, ReviewItemDescription>>;
};

/** An item's facts for the operator (key: a word the back office translates, else shows as is) and its files. */
export type ReviewItemDescription = { details: { key: string; value: string }[]; fileIds: string[] };

/** What a module queues: the item, unique per kind by `sourceKey`. */
export type ReviewSubmission = {
  kind: ReviewKind;
  sourceKey: string;
  userId: string;
  summary: string;
  amount: string | null;
  asset: string | null;
  payload: Record<string, unknown>;
  /** The operator who asked for it (their request counts as the first approval), or null. */
  requestedBy: string | null;
  requestId: string;
  ip: string | null;
};

/**
 * What a kind's module asks of the framework, inside its own transaction (a port its deps
 * declare, filled at the root with the review service).
 */
export type ReviewQueue = {
  /** Queues the item and writes its one audit row; a source already queued answers that item. */
  submit(
    trx: DbView<ReviewDecisionTables>,
    submission: ReviewSubmission,
  ): Promise<{ item: ReviewItem; isNew: boolean }>;
  /** The item a source was queued as, if it was. */
  findBySource(db: DbView<ReviewTables>, kind: ReviewKind, sourceKey: string): Promise<ReviewItem | null>;
  /**
   * Whether `amount` of `asset` is above the kind's four-eyes threshold in USDT equivalent (a
   * stale or missing price: yes; a kind without a threshold: no): what would need two operators.
   */
  isAboveFourEyes(db: DbView<ReviewTables>, kind: ReviewKind, asset: string, amount: string): Promise<boolean>;
  /** Whether `amount` of `asset` is above `thresholdUsdt` in USDT equivalent (a stale or missing price: yes). */
  isAboveUsdt(asset: string, amount: string, thresholdUsdt: string): boolean;
  /** The item as the API answers it, texts in `language`. */
  toWire(item: ReviewItem, language: Language): TReviewItem;
};

/**
 * The prices the USDT equivalent is taken at: the market hub (its public face) satisfies it.
 * An instrument `<ASSET>USDT` prices an asset.
 */
/** User names by id (identity's, through a port the root fills): the queues show names, not ids. */
export type UserNameSource = { namesOf(userIds: readonly string[]): Promise<Map<string, string>> };

export type UsdtPriceSource = {
  state(code: string): { price: string | null } | undefined;
  isStale(code: string): boolean;
};
