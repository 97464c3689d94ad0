import { z } from 'zod';
import { REVIEW_KINDS, REVIEW_STATUSES } from './review.constants.js';

export const ZReviewKind = z.enum(REVIEW_KINDS);
export const ZReviewStatus = z.enum(REVIEW_STATUSES);

/** Any kind-shaped word: an unknown kind reaches the server and is answered 10145, not 10100. */
const ZKindParam = z
  .string()
  .regex(/^[a-z_]{1,32}$/)
  .describe('A queue kind: adjustment, deposit, withdrawal, kyc, loan or repayment');

export const ZReviewQueuesResponse = z.array(z.object({ kind: ZReviewKind, pending: z.number().int().min(0) }));
export type TReviewQueuesResponse = z.infer<typeof ZReviewQueuesResponse>;

export const ZReviewKindParams = z.object({ kind: ZKindParam });
export const ZReviewItemParams = z.object({
  kind: ZKindParam,
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

export const ZReviewListQuery = z.object({
  status: ZReviewStatus.optional().describe('Only items in this status; all when absent'),
  page: z.coerce.number().int().min(1).max(100_000).default(1).describe('Page number, from 1'),
  size: z.coerce.number().int().min(1).max(100).default(20).describe('Rows per page, 1 to 100'),
});
export type TReviewListQuery = z.infer<typeof ZReviewListQuery>;

export const ZReviewItem = z.object({
  id: z.string(),
  kind: ZReviewKind,
  userId: z.string().describe('The user the item is about'),
  summary: z.string(),
  amount: z.string().nullable(),
  asset: z.string().nullable(),
  status: ZReviewStatus,
  requiredApprovals: z.number().int().describe('Approvals that decide it: 2 above the four-eyes threshold'),
  requestedBy: z.string().nullable().describe('The operator who asked for it; their request counts as an approval'),
  approvals: z.array(z.object({ operatorId: z.string(), at: z.string() })),
  claimedBy: z.string().nullable(),
  claimedAt: z.string().nullable(),
  rejection: z
    .object({
      reason: z.string(),
      reasonText: z.string().describe("The reason in the request's language, as the user is shown it"),
      note: z.string().nullable(),
    })
    .nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
  details: z
    .array(z.object({ key: z.string(), value: z.string() }))
    .describe(
      "The facts an operator needs to decide (a deposit's network and transaction hash…), as the kind chooses them",
    ),
  fileIds: z
    .array(z.string())
    .describe("Uploaded files the item holds (a deposit claim's proof): read them at GET /swx/admin/uploads/{id}"),
});
export type TReviewItem = z.infer<typeof ZReviewItem>;

export const ZReviewListResponse = z.object({
  items: z.array(ZReviewItem),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  names: z
    .record(z.string(), z.string())
    .describe(
      'The user name of every user and operator the page names (userId, requestedBy, approvals, claimedBy, decidedBy), by id',
    ),
  reasons: z
    .array(z.object({ code: z.string(), text: z.string() }))
    .describe("The codes an item of this kind may be rejected with, each with its text in the request's language"),
});
export type TReviewListResponse = z.infer<typeof ZReviewListResponse>;

export const ZReviewRejectRequest = z.object({
  reason: z
    .string()
    .regex(/^[a-z_]{1,64}$/)
    .describe("A reason code from the kind's list"),
  note: z.string().trim().max(1000).optional().describe('Free text for the record; not shown to the user'),
});
export type TReviewRejectRequest = z.infer<typeof ZReviewRejectRequest>;
