import {
  ADJUSTMENT_REJECTION_REASONS,
  type EndpointResponseOf,
  type Language,
  type ReviewKind,
  type ReviewReasonTexts,
  type reviewEndpoints,
} from '@openbourse/contracts/constants';

/** A review item as the queue endpoints answer it. */
export type QueueItem = EndpointResponseOf<typeof reviewEndpoints.approve>;

/**
 * The reasons an operator may reject an item of each kind with, as the contracts list them
 * (the server refuses any other code with 10148). A kind the contracts give no list yet has
 * none here, and its items cannot be rejected from this screen.
 */
const REJECTION_REASONS: Partial<Record<ReviewKind, Readonly<Record<string, ReviewReasonTexts>>>> = {
  adjustment: ADJUSTMENT_REJECTION_REASONS,
};

export type ReasonOption = { value: string; label: string };

/**
 * The kind's rejection reasons in the reader's language: those the server listed with the kind's
 * items (its handler's, #15), else the contracts' list, in its order.
 */
export function rejectionReasons(
  kind: ReviewKind,
  language: Language,
  served: ReadonlyArray<{ code: string; text: string }> = [],
): ReasonOption[] {
  if (served.length > 0) return served.map((reason) => ({ value: reason.code, label: reason.text }));
  const reasons = REJECTION_REASONS[kind];
  if (!reasons) return [];
  return Object.entries(reasons).map(([value, texts]) => ({ value, label: texts[language] }));
}

/** Whether the operator already counts as an approval (their own request counts as one, #14's four-eyes rule). */
export function hasApproved(item: QueueItem, operatorId: string): boolean {
  return item.approvals.some((approval) => approval.operatorId === operatorId);
}

/**
 * What one more approval does to a pending item, as the server decides it (review.service:
 * an approval decides once the approvals reach the required number):
 * - `decides`: it carries the item out; `ordinal` is which approval it is (2 of 2, or 1 of 1);
 * - `records`: it is recorded and more operators must approve after it.
 */
export type ApprovalStep = { effect: 'decides' | 'records'; ordinal: number; required: number };

export function nextApproval(item: QueueItem): ApprovalStep {
  const ordinal = item.approvals.length + 1;
  return {
    effect: ordinal >= item.requiredApprovals ? 'decides' : 'records',
    ordinal,
    required: item.requiredApprovals,
  };
}

/** The operator whose approval came first, on an item still waiting for more. */
export function firstApprover(item: QueueItem): string | null {
  if (item.status !== 'pending' || item.approvals.length === 0) return null;
  if (item.approvals.length >= item.requiredApprovals) return null;
  return item.approvals[0]?.operatorId ?? null;
}
