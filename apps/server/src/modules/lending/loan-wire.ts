import type { Language, TLoan } from '@openbourse/contracts';
import { LOAN_SIGNATURE_WINDOW_HOURS } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import {
  accrueInterest,
  DAY_MS,
  interestDue,
  ltvOf,
  outstandingOf,
  type PriceQuote,
  priceRefusal,
  triggerPrice,
} from './domain/index.js';
import { LOAN_REJECTION_REASONS, REPAYMENT_REJECTION_REASONS, rejectionText } from './loan-reasons.js';
import { balanceOf, collateralOf, isOwed, termsOf } from './loan-record.js';
import type { LoanEventRow, LoanRow, RepaymentApplicationRow } from './loans.repository.js';

/** A loan as its owner reads it (issue 17): the contract, the balance now, the history. */

const plain = (value: string | null) => (value === null ? null : Decimal.parse(String(value)).toString());
const iso = (value: Date | null) => value?.toISOString() ?? null;

export type LoanView = {
  row: LoanRow;
  events: readonly LoanEventRow[];
  application: RepaymentApplicationRow | undefined;
  /** The collateral's price now (crypto-backed), or null. */
  quote: PriceQuote | null;
  now: Date;
  language: Language;
};

export function toWireLoan(view: LoanView): TLoan {
  const { row, now } = view;
  const principal = Decimal.parse(row.principal);
  const promised = Decimal.parse(row.promised_interest);
  const interestPaid = Decimal.parse(row.interest_paid);
  const owed = isOwed(row);
  const terms = termsOf(row);
  const accrued = owed ? accrueInterest(terms, balanceOf(row), now.getTime()) : balanceOf(row);
  const due = owed ? interestDue(terms, accrued) : Decimal.ZERO;
  const outstanding = owed ? outstandingOf(terms, accrued) : Decimal.ZERO;
  const collateral = collateralOf(row);
  const freshQuote = view.quote && priceRefusal(view.quote, now.getTime()) === null ? view.quote : null;
  const dueDate = row.due_at;
  const interestStarts =
    row.disbursed_at && row.interest_free_days > 0
      ? new Date(row.disbursed_at.getTime() + row.interest_free_days * DAY_MS)
      : null;
  return {
    id: row.id,
    settingId: row.setting_id,
    kind: row.kind,
    status: row.status,
    asset: row.asset,
    amount: principal.toString(),
    term: row.term_days,
    dailyRate: Decimal.parse(row.daily_rate).toString(),
    interestFreeDays: row.interest_free_days,
    interest: promised.toString(),
    totalRepayable: principal.add(promised).toString(),
    interestSoFar: interestPaid.add(due).toString(),
    interestPaid: interestPaid.toString(),
    principalPaid: Decimal.parse(row.principal_paid).toString(),
    outstanding: outstanding.toString(),
    verification: row.verification,
    dueDate: iso(dueDate),
    disbursedAt: iso(row.disbursed_at),
    signedAt: iso(row.signed_at),
    signatureExpiresAt:
      row.status === 'awaiting_signature'
        ? new Date(row.created_at.getTime() + LOAN_SIGNATURE_WINDOW_HOURS * 3_600_000).toISOString()
        : null,
    createdAt: row.created_at.toISOString(),
    termsHash: row.terms_hash,
    agreementAvailable: row.agreement_storage_key !== null,
    rejectionReason: rejectionText(LOAN_REJECTION_REASONS, row.rejection_reason, row.rejection_note, view.language),
    collateral: collateral
      ? {
          asset: collateral.asset.code,
          amount: collateral.amount.toString(),
          initialAmount: plain(row.collateral_initial) ?? collateral.amount.toString(),
          initialLtv: collateral.thresholds.initialLtv.toString(),
          marginCallLtv: collateral.thresholds.marginCallLtv.toString(),
          liquidationLtv: collateral.thresholds.liquidationLtv.toString(),
          ltv:
            freshQuote && owed ? (ltvOf(outstanding, collateral.amount, freshQuote.price)?.toString() ?? null) : null,
          price: freshQuote?.price.toString() ?? null,
          priceSource: freshQuote?.source ?? null,
          priceTime: freshQuote ? new Date(freshQuote.time).toISOString() : null,
          marginCallPrice:
            owed && collateral.amount.isPositive()
              ? (triggerPrice(outstanding, collateral.amount, collateral.thresholds.marginCallLtv)
                  ?.round(8, 'floor')
                  .toString() ?? null)
              : null,
          liquidationPrice:
            owed && collateral.amount.isPositive()
              ? (triggerPrice(outstanding, collateral.amount, collateral.thresholds.liquidationLtv)
                  ?.round(8, 'floor')
                  .toString() ?? null)
              : null,
        }
      : null,
    schedule: [
      ...(interestStarts
        ? [{ kind: 'interest_starts' as const, date: interestStarts.toISOString(), amount: null }]
        : []),
      ...(dueDate
        ? [{ kind: 'repayment_due' as const, date: dueDate.toISOString(), amount: principal.add(promised).toString() }]
        : []),
    ],
    events: view.events.map((event) => ({
      kind: event.kind,
      at: event.created_at.toISOString(),
      amount: plain(event.amount),
      asset: event.asset,
      ltv: plain(event.ltv),
      price: plain(event.price),
      priceSource: event.price_source,
    })),
    repaymentApplication: view.application
      ? {
          id: view.application.id,
          amount: Decimal.parse(view.application.amount).toString(),
          note: view.application.note,
          status: view.application.status,
          reason: rejectionText(
            REPAYMENT_REJECTION_REASONS,
            view.application.reason,
            view.application.reason_note,
            view.language,
          ),
          createdAt: view.application.created_at.toISOString(),
          decidedAt: iso(view.application.decided_at),
        }
      : null,
    canRepay: owed && view.application?.status !== 'under_review',
  };
}
