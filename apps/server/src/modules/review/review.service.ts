import {
  isReviewKind,
  type Language,
  REVIEW_KINDS,
  type ReviewKind,
  type Role,
  type TReviewItem,
  type TReviewListQuery,
  type TReviewListResponse,
} from '@openbourse/contracts';
import type { Kysely } from 'kysely';
import { recordAudit } from '../../platform/audit/audit-log.js';
import type { Clock } from '../../platform/clock.js';
import type { DbView } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';
import * as repository from './review.repository.js';
import type { ReviewTables } from './review.tables.js';
import type {
  ReviewActor,
  ReviewDecisionTables,
  ReviewEffect,
  ReviewItem,
  ReviewItemDescription,
  ReviewKindHandler,
  ReviewQueue,
  ReviewSubmission,
  ReviewTransaction,
  UsdtPriceSource,
  UserNameSource,
} from './review.types.js';
import { describeFromPayload } from './review-describe.js';
import { isAboveUsdt } from './usdt-equivalent.js';

export type ReviewServiceDeps = {
  /** The review tables and the audit log (claims run here; decisions in the kind's transaction). */
  db: Kysely<ReviewDecisionTables>;
  clock: Clock;
  prices: UsdtPriceSource;
  userNames: UserNameSource;
};

/** The framework: queues, claims and decisions for every kind, the kinds' handlers plugged in. */
export type ReviewService = ReviewQueue & {
  /** Plugs a kind's handler in (once per kind, at the composition root). */
  registerHandler(handler: ReviewKindHandler): void;
  queues(): Promise<{ kind: ReviewKind; pending: number }[]>;
  /** The kinds of the items whose payload's `fileIds` holds this upload (#15: uploads' `FileHolders` port). */
  queueKindsHolding(fileId: string): Promise<ReviewKind[]>;
  /** Whether these roles may decide items of the kind (its handler's role, or admin; no handler: no). */
  mayDecide(kind: ReviewKind, roles: readonly Role[]): boolean;
  /** `viewer`: the operator asking; a kind that reveals personal data (kyc) shows it to them, logged. */
  list(kind: string, query: TReviewListQuery, language: Language, viewer?: ReviewActor): Promise<TReviewListResponse>;
  claim(kind: string, id: string, actor: ReviewActor, language: Language): Promise<TReviewItem>;
  approve(kind: string, id: string, actor: ReviewActor, language: Language): Promise<TReviewItem>;
  reject(
    kind: string,
    id: string,
    input: { reason: string; note?: string | undefined },
    actor: ReviewActor,
    language: Language,
  ): Promise<TReviewItem>;
};

/** An amount an item can hold: up to 20 whole digits and 18 places. */
const ITEM_AMOUNT = /^-?\d{1,20}(\.\d{1,18})?$/;

function toItem(row: repository.ItemRow, approvals: repository.ApprovalRow[]): ReviewItem {
  return {
    id: row.id,
    kind: row.kind,
    sourceKey: row.source_key,
    userId: row.user_id,
    summary: row.summary,
    amount: row.amount === null ? null : trimNumeric(row.amount),
    asset: row.asset,
    payload: row.payload,
    status: row.status,
    requiredApprovals: row.required_approvals,
    requestedBy: row.requested_by,
    approvals: approvals
      .filter((approval) => approval.item_id === row.id)
      .map((approval) => ({ operatorId: approval.operator_id, at: approval.approved_at })),
    claimedBy: row.claimed_by,
    claimedAt: row.claimed_at,
    rejectionReason: row.rejection_reason,
    rejectionNote: row.rejection_note,
    decidedBy: row.decided_by,
    decidedAt: row.decided_at,
    createdAt: row.created_at,
  };
}

/** NUMERIC(38,18) comes back with all 18 places; the item shows the amount as it was asked. */
function trimNumeric(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

/** What the audit row shows of an item: its state, without the handler's payload. */
function auditView(item: ReviewItem) {
  return {
    status: item.status,
    approvals: item.approvals.map((approval) => approval.operatorId),
    claimedBy: item.claimedBy,
    decidedBy: item.decidedBy,
  };
}

export function createReviewService(deps: ReviewServiceDeps): ReviewService {
  const handlers = new Map<ReviewKind, ReviewKindHandler>();

  const loadItem = async (db: DbView<ReviewTables>, row: repository.ItemRow) =>
    toItem(row, await repository.approvalsOf(db, [row.id]));

  /** The kind's own description of an item, or the payload's known facts and files. */
  const describe = (item: ReviewItem): ReviewItemDescription => {
    const described = handlers.get(item.kind)?.describe?.(item) ?? describeFromPayload(item);
    return { details: described.details, fileIds: described.fileIds };
  };

  const toWire = (item: ReviewItem, language: Language): TReviewItem => {
    const texts = item.rejectionReason ? handlers.get(item.kind)?.reasons[item.rejectionReason] : undefined;
    return {
      id: item.id,
      kind: item.kind,
      userId: item.userId,
      summary: item.summary,
      amount: item.amount,
      asset: item.asset,
      status: item.status,
      requiredApprovals: item.requiredApprovals,
      requestedBy: item.requestedBy,
      approvals: item.approvals.map((approval) => ({ operatorId: approval.operatorId, at: approval.at.toISOString() })),
      claimedBy: item.claimedBy,
      claimedAt: item.claimedAt?.toISOString() ?? null,
      rejection: item.rejectionReason
        ? {
            reason: item.rejectionReason,
            reasonText: texts ? texts[language] : item.rejectionReason,
            note: item.rejectionNote,
          }
        : null,
      decidedBy: item.decidedBy,
      decidedAt: item.decidedAt?.toISOString() ?? null,
      createdAt: item.createdAt.toISOString(),
      ...describe(item),
    };
  };

  /**
   * Items as an operator is answered: a kind with `reveal` opens its sealed facts for an operator
   * who may decide it (logging the opening); everyone else sees the payload's description.
   */
  const toWireFor = async (
    items: readonly ReviewItem[],
    language: Language,
    viewer: ReviewActor | undefined,
  ): Promise<TReviewItem[]> => {
    const wires = items.map((item) => toWire(item, language));
    const kind = items[0]?.kind;
    const handler = kind ? handlers.get(kind) : undefined;
    if (!viewer || !handler?.reveal || !service.mayDecide(handler.kind, viewer.roles)) return wires;
    const revealed = await handler.reveal(
      items.filter((item) => item.kind === handler.kind),
      viewer,
    );
    return wires.map((wire) => {
      const description = revealed.get(wire.id);
      return description ? { ...wire, details: description.details, fileIds: description.fileIds } : wire;
    });
  };
  const oneToWireFor = async (item: ReviewItem, language: Language, viewer: ReviewActor): Promise<TReviewItem> => {
    const [wire] = await toWireFor([item], language, viewer);
    if (!wire) throw new Error('review item lost on its way to the wire');
    return wire;
  };

  /** The kind named in a path: unknown → 10145. */
  const kindOf = (kind: string): ReviewKind => {
    if (!isReviewKind(kind)) throw new AppError('REVIEW_KIND_UNKNOWN');
    return kind;
  };

  /** The handler of a kind that may hold items, after checking the caller may decide them. */
  const handlerFor = (kind: string, actor: ReviewActor): ReviewKindHandler => {
    const known = kindOf(kind);
    const handler = handlers.get(known);
    // A kind nobody has plugged in yet holds no items: any id is not in its queue.
    if (!handler) throw new AppError('REVIEW_ITEM_NOT_FOUND');
    if (!actor.roles.includes(handler.decideRole) && !actor.roles.includes('admin')) throw new AppError('FORBIDDEN');
    return handler;
  };

  const pendingItem = async (trx: ReviewTransaction, kind: ReviewKind, id: string) => {
    const row = await repository.itemOfKind(trx, kind, id, true);
    if (!row) throw new AppError('REVIEW_ITEM_NOT_FOUND');
    const item = await loadItem(trx, row);
    if (item.status !== 'pending') throw new AppError('REVIEW_ITEM_DECIDED');
    return item;
  };

  const audit = (
    trx: ReviewTransaction,
    action: string,
    actor: ReviewActor,
    item: ReviewItem,
    before: ReviewItem | null,
    extra: { reason?: string | null; effect?: ReviewEffect; details?: Record<string, unknown> } = {},
  ) =>
    recordAudit(trx, {
      actorUserId: actor.operatorId,
      action,
      targetType: `review.${item.kind}`,
      targetId: item.id,
      before: extra.effect?.before ?? (before ? auditView(before) : null),
      after: extra.effect?.after ?? auditView(item),
      reason: extra.reason ?? null,
      details: {
        userId: item.userId,
        summary: item.summary,
        amount: item.amount,
        asset: item.asset,
        ...extra.details,
        ...extra.effect?.details,
      },
      requestId: actor.requestId,
      ip: actor.ip,
    });

  const service: ReviewService = {
    registerHandler(handler) {
      if (handlers.has(handler.kind)) throw new Error(`review kind ${handler.kind} has a handler already`);
      handlers.set(handler.kind, handler);
    },

    isAboveUsdt: (asset, amount, thresholdUsdt) => isAboveUsdt(deps.prices, asset, amount, thresholdUsdt),

    toWire,

    async findBySource(db, kind, sourceKey) {
      const row = await repository.itemBySource(db, kind, sourceKey);
      return row ? loadItem(db, row) : null;
    },

    async isAboveFourEyes(db, kind, asset, amount) {
      const threshold = await repository.fourEyesThreshold(db, kind);
      return threshold !== null && isAboveUsdt(deps.prices, asset, amount, threshold);
    },

    async submit(trx, submission: ReviewSubmission) {
      // What review_items.amount (NUMERIC(38, 18)) holds; a larger amount is no real request.
      if (submission.amount !== null && !ITEM_AMOUNT.test(submission.amount)) throw new AppError('AMOUNT_INVALID');
      const existing = await repository.itemBySource(trx, submission.kind, submission.sourceKey);
      if (existing) return { item: await loadItem(trx, existing), isNew: false };
      // Four-eyes (SPEC §7): above the kind's threshold two different operators approve, below it
      // one. An operator's own request counts as the first approval, and an item an operator asked
      // for is never decided without someone else: it always needs a second.
      const threshold = await repository.fourEyesThreshold(trx, submission.kind);
      const aboveFourEyes =
        threshold !== null &&
        (submission.amount === null || submission.asset === null
          ? true
          : isAboveUsdt(deps.prices, submission.asset, submission.amount, threshold));
      const required = aboveFourEyes || submission.requestedBy !== null ? 2 : 1;
      const now = deps.clock.now();
      const row = await repository.insertItem(trx, {
        kind: submission.kind,
        source_key: submission.sourceKey,
        user_id: submission.userId,
        summary: submission.summary,
        amount: submission.amount,
        asset: submission.asset,
        payload: submission.payload,
        required_approvals: required,
        requested_by: submission.requestedBy,
        created_at: now,
      });
      if (!row) {
        // Queued by a concurrent request between the look-up and the insert: answer that one.
        const raced = await repository.itemBySource(trx, submission.kind, submission.sourceKey);
        if (!raced) throw new Error('review item vanished');
        return { item: await loadItem(trx, raced), isNew: false };
      }
      if (submission.requestedBy !== null) {
        await repository.insertApproval(trx, {
          item_id: row.id,
          operator_id: submission.requestedBy,
          approved_at: now,
        });
      }
      const item = await loadItem(trx, row);
      await recordAudit(trx, {
        actorUserId: submission.requestedBy,
        action: 'review.submit',
        targetType: `review.${item.kind}`,
        targetId: item.id,
        before: null,
        after: auditView(item),
        reason: null,
        details: {
          userId: item.userId,
          summary: item.summary,
          amount: item.amount,
          asset: item.asset,
          requiredApprovals: item.requiredApprovals,
        },
        requestId: submission.requestId,
        ip: submission.ip,
      });
      return { item, isNew: true };
    },

    queueKindsHolding: (fileId) => repository.kindsHoldingFile(deps.db, fileId),

    mayDecide(kind, roles) {
      const handler = handlers.get(kind);
      return handler !== undefined && (roles.includes(handler.decideRole) || roles.includes('admin'));
    },

    async queues() {
      const counts = await repository.pendingCounts(deps.db);
      return REVIEW_KINDS.map((kind) => ({ kind, pending: counts.get(kind) ?? 0 }));
    },

    async list(kind, query, language, viewer) {
      const known = kindOf(kind);
      const { rows, total } = await repository.listItems(deps.db, {
        kind: known,
        status: query.status,
        page: query.page,
        size: query.size,
      });
      const approvals = await repository.approvalsOf(
        deps.db,
        rows.map((row) => row.id),
      );
      const items = await toWireFor(
        rows.map((row) => toItem(row, approvals)),
        language,
        viewer,
      );
      const named = new Set<string>();
      for (const item of items) {
        for (const id of [item.userId, item.requestedBy, item.claimedBy, item.decidedBy]) if (id) named.add(id);
        for (const approval of item.approvals) named.add(approval.operatorId);
      }
      const names = await deps.userNames.namesOf([...named]);
      // The kind's reasons travel with its items: the back office offers exactly what the server admits.
      const reasons = Object.entries(handlers.get(known)?.reasons ?? {}).map(([code, texts]) => ({
        code,
        text: texts[language],
      }));
      return { items, total, page: query.page, size: query.size, names: Object.fromEntries(names), reasons };
    },

    async claim(kind, id, actor, language) {
      const handler = handlerFor(kind, actor);
      const item = await deps.db.transaction().execute(async (trx) => {
        const before = await pendingItem(trx, handler.kind, id);
        const row = await repository.updateItem(trx, id, {
          claimed_by: actor.operatorId,
          claimed_at: deps.clock.now(),
        });
        const after = await loadItem(trx, row);
        await audit(trx, 'review.claim', actor, after, before);
        return after;
      });
      return oneToWireFor(item, language, actor);
    },

    async approve(kind, id, actor, language) {
      const handler = handlerFor(kind, actor);
      const item = await handler.inDecisionTransaction(async (trx, actions) => {
        const before = await pendingItem(trx, handler.kind, id);
        if (before.approvals.some((approval) => approval.operatorId === actor.operatorId)) {
          throw new AppError('REVIEW_SECOND_OPERATOR_REQUIRED');
        }
        const now = deps.clock.now();
        await repository.insertApproval(trx, { item_id: id, operator_id: actor.operatorId, approved_at: now });
        const decides = before.approvals.length + 1 >= before.requiredApprovals;
        let row = await repository.itemOfKind(trx, handler.kind, id, false);
        if (decides) {
          row = await repository.updateItem(trx, id, {
            status: 'approved',
            decided_by: actor.operatorId,
            decided_at: now,
          });
        }
        if (!row) throw new AppError('REVIEW_ITEM_NOT_FOUND');
        const after = await loadItem(trx, row);
        const effect = decides ? await actions.approved(after, actor) : undefined;
        await audit(trx, 'review.approve', actor, after, before, {
          effect,
          details: { decided: decides, approvals: after.approvals.length, requiredApprovals: after.requiredApprovals },
        });
        return after;
      });
      return oneToWireFor(item, language, actor);
    },

    async reject(kind, id, input, actor, language) {
      const handler = handlerFor(kind, actor);
      if (!Object.hasOwn(handler.reasons, input.reason)) throw new AppError('REVIEW_REASON_INVALID');
      const note = input.note && input.note.length > 0 ? input.note : null;
      const item = await handler.inDecisionTransaction(async (trx, actions) => {
        const before = await pendingItem(trx, handler.kind, id);
        const row = await repository.updateItem(trx, id, {
          status: 'rejected',
          rejection_reason: input.reason,
          rejection_note: note,
          decided_by: actor.operatorId,
          decided_at: deps.clock.now(),
        });
        const after = await loadItem(trx, row);
        const effect = await actions.rejected(after, actor);
        await audit(trx, 'review.reject', actor, after, before, {
          reason: note,
          effect,
          details: { rejectionReason: input.reason },
        });
        return after;
      });
      return oneToWireFor(item, language, actor);
    },
  };
  return service;
}
