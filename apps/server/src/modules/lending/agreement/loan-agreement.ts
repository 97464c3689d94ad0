import { createHash } from 'node:crypto';
import {
  LIQUIDATION_DUST_SHARE,
  LIQUIDATION_SHORTFALL_POLICY,
  LOAN_PRICE_MAX_AGE_MS,
  MARGIN_CALL_REPEAT_STEP,
  OVERDUE_DAILY_RATE_MULTIPLIER,
} from '../domain/lending-constants.js';
import { agreementContent, blocksAsLines } from './agreement-content.js';
import { layOutAgreementPdf } from './agreement-pdf.js';
import type { LoanAgreementInput, LoanAgreementTerms } from './loan-agreement-types.js';

export type { LoanAgreementInput, LoanAgreementTerms };

/**
 * The loan agreement (issue 17): the terms the borrower reviews and signs, a canonical text of
 * them and its SHA-256, and the signed agreement as a PDF in the borrower's language. Pure: no
 * database, no clock (the caller passes the signing time); storing and encrypting the PDF is the
 * lending service's job.
 */

/** Names the format of the canonical text; a new format gets a new name, so old hashes stay checkable. */
export const CANONICAL_TERMS_FORMAT = 'openbourse-loan-terms/1';

/**
 * A deterministic canonical text of the terms (stable key order, one line per field, no locale
 * formatting): what the SHA-256 is taken of.
 *
 * Each line is `key=value` with the value as JSON (strings quoted and escaped, so no value can
 * forge a line; numbers bare; absent as null), strings in Unicode NFC so a name typed in another
 * normal form hashes the same. The rules the agreement states (overdue multiplier, margin-call
 * step, liquidation dust share and shortfall policy, price freshness) are part of the terms the
 * borrower signs, so they are hashed too, from the lending domain's constants.
 */
export function canonicalTerms(terms: LoanAgreementTerms): string {
  const collateral = terms.collateral;
  const fields: [string, string | number | null][] = [
    ['loanId', terms.loanId],
    ['kind', terms.kind],
    ['asset', terms.asset],
    ['amount', terms.amount],
    ['termDays', terms.termDays],
    ['dailyRate', terms.dailyRate],
    ['interestFreeDays', terms.interestFreeDays],
    ['interest', terms.interest],
    ['totalRepayable', terms.totalRepayable],
    ['repaymentDate', terms.repaymentDate],
    ['collateral.asset', collateral?.asset ?? null],
    ['collateral.amount', collateral?.amount ?? null],
    ['collateral.initialLtv', collateral?.initialLtv ?? null],
    ['collateral.marginCallLtv', collateral?.marginCallLtv ?? null],
    ['collateral.liquidationLtv', collateral?.liquidationLtv ?? null],
    ['borrower.userId', terms.borrower.userId],
    ['borrower.name', terms.borrower.name],
    ['borrower.verification', terms.borrower.verification],
    ['offeredAt', terms.offeredAt],
    ['rules.overdueDailyRateMultiplier', OVERDUE_DAILY_RATE_MULTIPLIER.toString()],
    ['rules.marginCallRepeatStep', MARGIN_CALL_REPEAT_STEP.toString()],
    ['rules.liquidationDustShare', LIQUIDATION_DUST_SHARE.toString()],
    ['rules.liquidationShortfallPolicy', LIQUIDATION_SHORTFALL_POLICY],
    ['rules.loanPriceMaxAgeMs', LOAN_PRICE_MAX_AGE_MS],
  ];
  const lines = fields.map(([key, value]) => {
    if (typeof value === 'number' && !Number.isSafeInteger(value)) {
      throw new RangeError(`${key} must be a whole number, got ${value}`);
    }
    return `${key}=${JSON.stringify(typeof value === 'string' ? value.normalize('NFC') : value)}`;
  });
  return `${[CANONICAL_TERMS_FORMAT, ...lines].join('\n')}\n`;
}

/** SHA-256 hex of canonicalTerms(terms) (node:crypto). */
export function termsHash(terms: LoanAgreementTerms): string {
  return createHash('sha256').update(canonicalTerms(terms), 'utf8').digest('hex');
}

/**
 * The signed agreement as a PDF: A4 pages in the borrower's language (right to left in Arabic),
 * fonts embedded as subsets, the signature image, page numbers "n / N".
 */
export async function renderLoanAgreementPdf(input: LoanAgreementInput): Promise<Uint8Array> {
  const content = agreementContent({ ...input, termsHash: termsHash(input.terms) });
  return layOutAgreementPdf(content, input);
}

/** The agreement's text lines in a language (what renderLoanAgreementPdf lays out), exported for tests and for the web to show the same words if it wants. */
export function agreementText(input: Omit<LoanAgreementInput, 'signaturePng'> & { termsHash: string }): {
  title: string;
  lines: string[];
} {
  const content = agreementContent(input);
  return { title: content.title, lines: blocksAsLines(content) };
}
