import { z } from 'zod';
import { ZUploadId } from '../uploads/uploads.contracts.js';
import {
  LOAN_EVENT_KINDS,
  LOAN_STATUSES,
  LOAN_TYPED_NAME_MAX,
  LOAN_VERIFICATION_LEVELS,
  REPAYMENT_APPLICATION_STATUSES,
  REPAYMENT_NOTE_MAX,
} from './lending.constants.js';
import { ZLoanKind } from './lending.contracts.js';

/**
 * Loans of issue 17: applying (`POST /user/loan`), signing, the agreement, repaying from balance
 * or by application, and the borrower's records. Amounts are exact decimal strings in the loan's
 * (or the collateral's) asset, never numbers.
 *
 * The application's fields are loose on purpose (any string, any value): the SPEC's codes say
 * what is wrong in its order (10022, 10027–10032, 10023, 10024), which a schema refusal would
 * hide behind one INVALID_INPUT.
 */

const ZDecimalText = z.string().describe('A decimal string');
const ZIsoTime = z.string().describe('ISO 8601 UTC');

export const ZLoanStatus = z
  .enum(LOAN_STATUSES)
  .describe(
    'awaiting_signature (offered; sign to proceed) → pending_review (the loan queue) → repaying (disbursed) → repaid; overdue past the repayment date; liquidated (collateral sold); rejected; cancelled (not signed)',
  );

export const ZLoanApplyRequest = z.object({
  settingId: z.string().max(20).optional().describe('The loan product (GET /index/listLoanSettings)'),
  amount: z
    .union([z.string().max(40), z.number()])
    .optional()
    .describe("The amount to borrow in the product's asset; empty: 10027, not above 0: 10029"),
  term: z
    .union([z.number(), z.string().max(10)])
    .optional()
    .describe("The term in days, one of the product's terms; empty: 10028, not offered: 10023"),
  collateralAsset: z
    .string()
    .max(12)
    .optional()
    .describe("Crypto-backed: one of the product's collateral assets (locked in the ledger)"),
  collateralAmount: z
    .union([z.string().max(40), z.number()])
    .optional()
    .describe('Crypto-backed: the collateral to lock; it must carry the amount at the initial LTV (10024)'),
  idempotencyKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,100}$/)
    .optional()
    .describe('Optional: the same key again answers the loan it made, and makes nothing'),
});
export type TLoanApplyRequest = z.infer<typeof ZLoanApplyRequest>;

export const ZLoanParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,17}$/, 'a loan id')
    .describe('The loan id'),
});
export type TLoanParams = z.infer<typeof ZLoanParams>;

export const ZLoanSignRequest = z.object({
  signatureFileId: ZUploadId.describe('The drawn signature, a PNG uploaded with POST /upload'),
  typedName: z
    .string()
    .trim()
    .min(1)
    .max(LOAN_TYPED_NAME_MAX)
    .describe('The borrower types their name to confirm; a verified borrower types their verified name'),
});
export type TLoanSignRequest = z.infer<typeof ZLoanSignRequest>;

export const ZRepayLoanQuery = z.object({
  loanId: z.string().max(20).optional().describe('The loan; empty: 10033'),
  amount: z
    .string()
    .max(40)
    .optional()
    .describe("The amount to repay in the loan's asset: interest first, then principal"),
});
export type TRepayLoanQuery = z.infer<typeof ZRepayLoanQuery>;

export const ZRepaymentApplicationRequest = z.object({
  amount: z.string().max(40).describe("The amount in the loan's asset, held from the balance until the review"),
  note: z.string().trim().max(REPAYMENT_NOTE_MAX).optional().describe('A note for the reviewer'),
  proofFileId: ZUploadId.optional().describe('An image uploaded with POST /upload, e.g. a transfer receipt'),
});
export type TRepaymentApplicationRequest = z.infer<typeof ZRepaymentApplicationRequest>;

export const ZAddCollateralRequest = z.object({
  amount: z
    .string()
    .max(40)
    .describe("More of the loan's collateral asset to lock, from the available balance; the LTV falls at once"),
});
export type TAddCollateralRequest = z.infer<typeof ZAddCollateralRequest>;

export const ZLoanCollateral = z.object({
  asset: z.string().describe('The collateral asset'),
  amount: ZDecimalText.describe('Collateral held for the loan now'),
  initialAmount: ZDecimalText.describe('Collateral locked when the loan was taken'),
  initialLtv: ZDecimalText,
  marginCallLtv: ZDecimalText,
  liquidationLtv: ZDecimalText,
  ltv: ZDecimalText.nullable().describe('The LTV at the latest fresh price; null without one'),
  price: ZDecimalText.nullable().describe('The collateral price in the loan asset the LTV is at'),
  priceSource: z.string().nullable().describe('Where the price came from (SPEC §0)'),
  priceTime: ZIsoTime.nullable(),
  marginCallPrice: ZDecimalText.nullable().describe('The price at which the margin-call LTV is reached'),
  liquidationPrice: ZDecimalText.nullable().describe('The price at which the collateral is liquidated'),
});

export const ZLoanEvent = z.object({
  kind: z.enum(LOAN_EVENT_KINDS),
  at: ZIsoTime,
  amount: ZDecimalText.nullable().describe('The amount concerned, in `asset`'),
  asset: z.string().nullable(),
  ltv: ZDecimalText.nullable().describe('Crypto-backed: the LTV at the event'),
  price: ZDecimalText.nullable(),
  priceSource: z.string().nullable(),
});

export const ZRepaymentApplication = z.object({
  id: z.string(),
  amount: ZDecimalText,
  note: z.string().nullable(),
  status: z.enum(REPAYMENT_APPLICATION_STATUSES),
  reason: z.string().nullable().describe("The reviewer's reason for a rejection, in the reader's language"),
  createdAt: ZIsoTime,
  decidedAt: ZIsoTime.nullable(),
});

export const ZLoanScheduleItem = z.object({
  kind: z.enum(['interest_starts', 'repayment_due']),
  date: ZIsoTime,
  amount: ZDecimalText.nullable().describe('repayment_due: principal + promised interest'),
});

export const ZLoan = z.object({
  id: z.string(),
  settingId: z.string(),
  kind: ZLoanKind,
  status: ZLoanStatus,
  asset: z.string().describe('The asset lent'),
  amount: ZDecimalText.describe('The principal lent'),
  term: z.number().int().describe('Days'),
  dailyRate: ZDecimalText,
  interestFreeDays: z.number().int(),
  interest: ZDecimalText.describe('The interest promised: interest-free days, then the daily rate, to the due date'),
  totalRepayable: ZDecimalText.describe('amount + interest'),
  interestSoFar: ZDecimalText.describe('Interest accrued to now (paid and unpaid)'),
  interestPaid: ZDecimalText,
  principalPaid: ZDecimalText,
  outstanding: ZDecimalText.describe('Principal outstanding + interest due now'),
  verification: z.enum(LOAN_VERIFICATION_LEVELS).describe("The borrower's verification when applying"),
  dueDate: ZIsoTime.nullable().describe('The repayment date; null before disbursement'),
  disbursedAt: ZIsoTime.nullable(),
  signedAt: ZIsoTime.nullable(),
  signatureExpiresAt: ZIsoTime.nullable().describe('awaiting_signature: when the offer lapses'),
  createdAt: ZIsoTime,
  termsHash: z.string().nullable().describe('SHA-256 (hex) of the terms signed, printed in the agreement'),
  agreementAvailable: z.boolean().describe('GET /user/loan/{id}/agreement.pdf answers the signed agreement'),
  rejectionReason: z.string().nullable(),
  collateral: ZLoanCollateral.nullable(),
  schedule: z.array(ZLoanScheduleItem),
  events: z.array(ZLoanEvent).describe('The history, oldest first; the LTV history for crypto-backed loans'),
  repaymentApplication: ZRepaymentApplication.nullable().describe('The latest repayment application'),
  canRepay: z.boolean(),
});
export type TLoan = z.infer<typeof ZLoan>;

export const ZLoanList = z.object({ items: z.array(ZLoan).describe("The caller's loans, newest first") });
export type TLoanList = z.infer<typeof ZLoanList>;

export const ZLoanAgreementBytes = z.string().describe('The signed agreement (application/pdf)');
