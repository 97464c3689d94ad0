import { createHash } from 'node:crypto';
import type { Language, TLoanSignRequest } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import { AppError } from '../../platform/errors/app-error.js';
import { type LoanAgreementTerms, renderLoanAgreementPdf, termsHash } from './agreement/index.js';
import { disburseLoan } from './disburse-loan.js';
import { DAY_MS, ltvOf, maxLoanFor, type PriceQuote, priceRefusal } from './domain/index.js';
import type { LoansContext } from './lending.context.js';
import { collateralOf } from './loan-record.js';
import { findLoan, insertLoanEvent, type LoanRow, lockLoan, updateLoan } from './loans.repository.js';
import { ownLoan } from './own-loan.js';

/**
 * Signing a loan offer (issue 17): the drawn signature (a PNG the borrower uploaded) and the typed
 * name — a verified borrower types their verified name — are bound to the terms by the agreement:
 * a PDF with the terms, the signature, the borrower's name and the SHA-256 of the terms, sealed in
 * the file store. Then, in one transaction: an unsecured loan, or one above the loan four-eyes
 * threshold, goes to the `loan` queue; a crypto-backed one within it is paid out at once, its
 * initial LTV checked again at a fresh price.
 */

/** Names compared as people type them: Unicode-normalised, spaces collapsed, case ignored. */
export function sameName(typed: string, verified: string): boolean {
  const fold = (text: string) => text.normalize('NFKC').trim().replace(/\s+/gu, ' ').toLocaleLowerCase('und');
  return fold(typed) === fold(verified);
}

export async function signLoan(
  ctx: LoansContext,
  caller: { id: string },
  loanId: string,
  input: TLoanSignRequest,
  language: Language,
): Promise<LoanRow> {
  const row = await ownLoan(ctx.db, loanId, caller.id);
  if (row.status !== 'awaiting_signature') throw new AppError('LOAN_NOT_AWAITING_SIGNATURE');
  const signature = await ctx.uploads.ownFile(input.signatureFileId, caller.id);
  if (signature?.contentType !== 'image/png') throw new AppError('LOAN_SIGNATURE_INVALID');
  const verifiedName = row.verification === 'verified' ? await ctx.kyc.verifiedName(caller.id) : null;
  if (verifiedName !== null && !sameName(input.typedName, verifiedName)) {
    throw new AppError('LOAN_SIGNATURE_NAME_MISMATCH');
  }
  const borrowerName = verifiedName ?? input.typedName.trim();

  const now = ctx.clock.now();
  const collateral = collateralOf(row);
  let quote: PriceQuote | null = null;
  if (collateral) {
    quote = ctx.prices.quote(collateral.asset.code, row.asset);
    if (!quote || priceRefusal(quote, now.getTime()) !== null) {
      throw new AppError('LOAN_PRICE_UNAVAILABLE', { params: { asset: collateral.asset.code } });
    }
    const allowed = maxLoanFor(collateral.amount, quote.price, collateral.thresholds.initialLtv, {
      code: row.asset,
      decimals: row.asset_decimals,
    });
    if (Decimal.parse(row.principal).gt(allowed)) {
      const maximum = `${allowed.toString()} ${row.asset}`;
      throw new AppError('LOAN_AMOUNT_OUT_OF_RANGE', { params: { maximum }, data: { maximum } });
    }
  }
  const queued =
    row.kind === 'unsecured' || (await ctx.reviews.isAboveFourEyes(ctx.db, 'loan', row.asset, row.principal));
  const terms = agreementTermsOf(row, borrowerName, queued ? null : new Date(now.getTime() + row.term_days * DAY_MS));
  const hash = termsHash(terms);
  const pdf = await renderLoanAgreementPdf({
    terms,
    signaturePng: signature.bytes,
    typedName: input.typedName.trim(),
    signedAt: now,
    language,
  });
  const storageKey = await ctx.files.put(pdf);
  let signed: LoanRow;
  try {
    signed = await ctx.db.transaction().execute(async (trx) => {
      const locked = await lockLoan(trx, row.id);
      if (locked?.status !== 'awaiting_signature') throw new AppError('LOAN_NOT_AWAITING_SIGNATURE');
      let after = await updateLoan(trx, row.id, {
        borrower_name_sealed: ctx.cipher.seal(borrowerName, `lending_loans/${row.id}/borrower_name`),
        typed_name_sealed: ctx.cipher.seal(input.typedName.trim(), `lending_loans/${row.id}/typed_name`),
        signature_file_id: input.signatureFileId,
        signed_at: now,
        terms_hash: hash,
        agreement_storage_key: storageKey,
        agreement_sha256: createHash('sha256').update(pdf).digest('hex'),
        status: queued ? 'pending_review' : 'awaiting_signature',
        updated_at: now,
      });
      await insertLoanEvent(trx, { loanId: row.id, kind: 'signed', details: { termsHash: hash }, at: now });
      if (queued) {
        await ctx.reviews.submit(trx, {
          kind: 'loan',
          sourceKey: `loan:${row.id}`,
          userId: row.user_id,
          summary: `${row.kind === 'unsecured' ? 'Unsecured' : 'Crypto-backed'} loan ${row.id}: ${row.principal} ${row.asset} for ${row.term_days} days`,
          amount: row.principal,
          asset: row.asset,
          payload: { ...loanItemFacts(row, quote), fileIds: [input.signatureFileId] },
          requestedBy: null,
          requestId: `loan:${row.id}:sign`,
          ip: null,
        });
      } else {
        after = await disburseLoan(trx, after, now, quote);
      }
      return after;
    });
  } catch (error) {
    // No row names the sealed agreement: it must not stay behind.
    await ctx.files.delete(storageKey);
    throw error;
  }
  if (signed.status === 'repaying') ctx.watch.loanChanged(signed.id);
  return (await findLoan(ctx.db, signed.id)) ?? signed;
}

/**
 * What the loan queue shows an operator of the loan (no personal data: the borrower's name stays
 * sealed; the queue names the user): the terms, the borrower's verification, the collateral and
 * its LTV at the price with its source.
 */
export function loanItemFacts(row: LoanRow, quote: PriceQuote | null): Record<string, string> {
  const collateral = collateralOf(row);
  const interest = Decimal.parse(row.promised_interest);
  const facts: Record<string, string> = {
    loanId: row.id,
    loanKind: row.kind,
    term: String(row.term_days),
    dailyRate: Decimal.parse(row.daily_rate).toString(),
    interestFreeDays: String(row.interest_free_days),
    interest: `${interest.toString()} ${row.asset}`,
    totalRepayable: `${Decimal.parse(row.principal).add(interest).toString()} ${row.asset}`,
    verification: row.verification,
  };
  if (collateral) {
    facts.collateral = `${collateral.amount.toString()} ${collateral.asset.code}`;
    if (quote) {
      const ltv = ltvOf(Decimal.parse(row.principal), collateral.amount, quote.price);
      if (ltv) facts.ltv = ltv.toString();
      facts.priceSource = `${quote.source} ${quote.price.toString()} @ ${new Date(quote.time).toISOString()}`;
    }
  }
  return facts;
}

/** The terms as the agreement states them and the hash covers them. */
export function agreementTermsOf(row: LoanRow, borrowerName: string, repaymentDate: Date | null): LoanAgreementTerms {
  const collateral = collateralOf(row);
  const interest = Decimal.parse(row.promised_interest);
  return {
    loanId: row.id,
    kind: row.kind,
    asset: row.asset,
    amount: Decimal.parse(row.principal).toString(),
    termDays: row.term_days,
    dailyRate: Decimal.parse(row.daily_rate).toString(),
    interestFreeDays: row.interest_free_days,
    interest: interest.toString(),
    totalRepayable: Decimal.parse(row.principal).add(interest).toString(),
    repaymentDate: repaymentDate?.toISOString() ?? null,
    collateral: collateral
      ? {
          asset: collateral.asset.code,
          amount: collateral.amount.toString(),
          initialLtv: collateral.thresholds.initialLtv.toString(),
          marginCallLtv: collateral.thresholds.marginCallLtv.toString(),
          liquidationLtv: collateral.thresholds.liquidationLtv.toString(),
        }
      : null,
    borrower: { userId: row.user_id, name: borrowerName, verification: row.verification },
    offeredAt: row.created_at.toISOString(),
  };
}
