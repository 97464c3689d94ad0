import type { LoanVerificationLevel, TLoanApplyRequest } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import { AppError } from '../../platform/errors/app-error.js';
import { getBalance, transfer } from '../ledger/index.js';
import { maxLoanFor, priceRefusal, promisedInterest } from './domain/index.js';
import type { LoansContext } from './lending.context.js';
import { asLoanBalanceRefusal, assertTreasuryCanFund, minorUnits } from './loan-money.js';
import { termsOf } from './loan-record.js';
import { type LoanSettingRecord, listLoanSettingRecords } from './loan-settings.repository.js';
import {
  findLoanByKey,
  insertLoan,
  insertLoanEvent,
  type LoanRow,
  lockUserLoans,
  updateLoan,
} from './loans.repository.js';

/**
 * Applying for a loan (issue 17; SPEC §5 loans, §8): the checks in the SPEC's order, each with its
 * code, then — in one transaction — the offer (status awaiting_signature, the product's terms
 * copied, the interest promised computed exactly) and, for a crypto-backed loan, its collateral
 * moved from the user's available balance to held. Nothing is paid out before the borrower signs.
 */

/** A decimal typed by a user, or null when it is not one (the caller answers with its code). */
function parseDecimal(raw: string | number | undefined): Decimal | null {
  if (raw === undefined) return null;
  const text = typeof raw === 'number' ? (Number.isFinite(raw) ? String(raw) : '') : raw.trim();
  if (!/^\d{1,20}(\.\d{1,18})?$/.test(text)) return null;
  return Decimal.parse(text);
}

const isEmpty = (raw: unknown) => raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');

/** The limit of the product for a verification level; null when the level may not borrow it. */
function limitFor(setting: LoanSettingRecord, level: LoanVerificationLevel) {
  const limit = level === 'verified' ? setting.verified : setting.unverified;
  return limit ? { min: Decimal.parse(limit.minAmount), max: Decimal.parse(limit.maxAmount) } : null;
}

export type ApplyCaller = { id: string };

export async function applyLoan(ctx: LoansContext, caller: ApplyCaller, input: TLoanApplyRequest): Promise<LoanRow> {
  if (input.idempotencyKey) {
    const earlier = await findLoanByKey(ctx.db, caller.id, input.idempotencyKey);
    if (earlier) return earlier;
  }
  const settings = await listLoanSettingRecords(ctx.db, { enabledOnly: true });
  const setting = settings.find((candidate) => candidate.id === String(input.settingId ?? '').trim());
  if (!setting) throw new AppError('LOAN_SETTING_NOT_FOUND');
  const isVerified = await ctx.kyc.isVerified(caller.id);
  const level: LoanVerificationLevel = isVerified ? 'verified' : 'unverified';
  // 10022 first for an unsecured product (SPEC §5: 'Please perform KYC certification').
  if (setting.kind === 'unsecured' && !isVerified) throw new AppError('NOT_IDENTITY_VERIFIED');

  if (isEmpty(input.amount)) throw new AppError('LOAN_AMOUNT_EMPTY');
  if (isEmpty(input.term)) throw new AppError('LOAN_TERM_EMPTY');
  const amount = parseDecimal(input.amount);
  if (amount === null || !amount.isPositive()) throw new AppError('LOAN_AMOUNT_NOT_POSITIVE');
  const decimals = await ctx.assets.assetDecimals(setting.asset);
  if (decimals === null) throw new AppError('LOAN_TERM_CONFIG_MISSING');
  if (amount.scale > decimals) {
    throw new AppError('AMOUNT_INVALID', {
      data: { issues: [{ path: 'body.amount', message: `at most ${decimals} decimals` }] },
    });
  }
  if (setting.terms.length === 0) throw new AppError('LOAN_TERM_CONFIG_MISSING');
  const term = typeof input.term === 'number' ? input.term : Number(String(input.term).trim());
  if (!Number.isSafeInteger(term) || !setting.terms.includes(term)) throw new AppError('LOAN_PERIOD_WRONG');

  const limit = limitFor(setting, level);
  // A crypto-backed product without an unverified limit needs KYC too.
  if (!limit) throw new AppError('NOT_IDENTITY_VERIFIED');
  const minimum = `${limit.min.toString()} ${setting.asset}`;
  const maximum = `${limit.max.toString()} ${setting.asset}`;
  if (amount.lt(limit.min)) throw new AppError('LOAN_BELOW_MINIMUM', { params: { minimum }, data: { minimum } });
  if (amount.gt(limit.max)) throw new AppError('LOAN_ABOVE_MAXIMUM', { params: { maximum }, data: { maximum } });

  const collateral = setting.kind === 'crypto_backed' ? await checkCollateral(ctx, setting, amount, input) : null;
  const now = ctx.clock.now();
  const promised = promisedInterest({
    principal: amount,
    asset: { code: setting.asset, decimals },
    termDays: term,
    dailyRate: Decimal.parse(setting.dailyRate),
    interestFreeDays: setting.interestFreeDays,
    disbursedAt: now.getTime(),
  });

  return ctx.db.transaction().execute(async (trx) => {
    await lockUserLoans(trx, caller.id);
    if (input.idempotencyKey) {
      const earlier = await findLoanByKey(trx, caller.id, input.idempotencyKey);
      if (earlier) return earlier;
    }
    // The treasury must be able to fund it now; it is checked again when the loan is paid out.
    await assertTreasuryCanFund(trx, setting.asset, minorUnits(amount, decimals));
    if (collateral) {
      const available = await getBalance(trx, 'live', collateral.asset, { kind: 'available', userId: caller.id });
      if (available < minorUnits(collateral.amount, collateral.decimals)) {
        throw new AppError('INSUFFICIENT_ACCOUNT_BALANCE');
      }
    }
    let row = await insertLoan(trx, {
      user_id: caller.id,
      setting_id: setting.id,
      setting_version: setting.version,
      kind: setting.kind,
      status: 'awaiting_signature',
      asset: setting.asset,
      asset_decimals: decimals,
      principal: amount.toString(),
      term_days: term,
      daily_rate: setting.dailyRate,
      interest_free_days: setting.interestFreeDays,
      promised_interest: promised.toString(),
      verification: level,
      collateral_asset: collateral?.asset ?? null,
      collateral_decimals: collateral?.decimals ?? null,
      collateral_initial: collateral?.amount.toString() ?? null,
      collateral_amount: collateral?.amount.toString() ?? null,
      initial_ltv: setting.initialLtv,
      margin_call_ltv: setting.marginCallLtv,
      liquidation_ltv: setting.liquidationLtv,
      principal_outstanding: amount.toString(),
      idempotency_key: input.idempotencyKey ?? null,
      created_at: now,
      updated_at: now,
    });
    if (collateral) {
      // Locked in the ledger at once: available → held, under the loan's key.
      await asLoanBalanceRefusal(() =>
        transfer(trx, {
          book: 'live',
          asset: collateral.asset,
          from: { kind: 'available', userId: caller.id },
          to: { kind: 'held', userId: caller.id },
          amount: minorUnits(collateral.amount, collateral.decimals),
          reason: 'loan_collateral',
          reference: { type: 'loan', id: row.id },
          idempotencyKey: `loan:${row.id}:collateral-lock`,
        }),
      );
      row = await updateLoan(trx, row.id, { updated_at: now });
    }
    await insertLoanEvent(trx, {
      loanId: row.id,
      kind: 'applied',
      amount: row.principal,
      asset: row.asset,
      ltv: collateral?.ltv ?? null,
      price: collateral ? { value: collateral.price, source: collateral.source, time: collateral.priceTime } : null,
      details: collateral ? { collateralAsset: collateral.asset, collateralAmount: collateral.amount.toString() } : {},
      at: now,
    });
    return row;
  });
}

type CheckedCollateral = {
  asset: string;
  decimals: number;
  amount: Decimal;
  price: string;
  source: string;
  priceTime: Date;
  ltv: string;
};

/**
 * A crypto-backed application's collateral: named and accepted, a positive amount at the asset's
 * precision, a fresh price with its source, and enough of it for the amount at the initial LTV
 * (10024 otherwise).
 */
async function checkCollateral(
  ctx: LoansContext,
  setting: LoanSettingRecord,
  amount: Decimal,
  input: TLoanApplyRequest,
): Promise<CheckedCollateral> {
  if (isEmpty(input.collateralAsset) || isEmpty(input.collateralAmount)) throw new AppError('LOAN_INPUT_INCOMPLETE');
  const asset = String(input.collateralAsset).trim().toUpperCase();
  if (!setting.collateralAssets.includes(asset)) {
    throw new AppError('LOAN_COLLATERAL_NOT_ACCEPTED', { params: { asset }, data: { asset } });
  }
  const decimals = await ctx.assets.assetDecimals(asset);
  const collateralAmount = parseDecimal(input.collateralAmount);
  if (decimals === null || collateralAmount === null || !collateralAmount.isPositive()) {
    throw new AppError('LOAN_INPUT_INCOMPLETE');
  }
  if (collateralAmount.scale > decimals) {
    throw new AppError('AMOUNT_INVALID', {
      data: { issues: [{ path: 'body.collateralAmount', message: `at most ${decimals} decimals` }] },
    });
  }
  const quote = ctx.prices.quote(asset, setting.asset);
  const now = ctx.clock.now().getTime();
  if (!quote || priceRefusal(quote, now) !== null) {
    throw new AppError('LOAN_PRICE_UNAVAILABLE', { params: { asset }, data: { asset } });
  }
  const initialLtv = Decimal.parse(setting.initialLtv ?? '0');
  const allowed = maxLoanFor(collateralAmount, quote.price, initialLtv, {
    code: setting.asset,
    decimals: await loanDecimals(ctx, setting.asset),
  });
  if (amount.gt(allowed)) {
    const maximum = `${allowed.toString()} ${setting.asset}`;
    throw new AppError('LOAN_AMOUNT_OUT_OF_RANGE', {
      params: { maximum },
      data: { maximum, price: quote.price.toString(), source: quote.source },
    });
  }
  return {
    asset,
    decimals,
    amount: collateralAmount,
    price: quote.price.toString(),
    source: quote.source,
    priceTime: new Date(quote.time),
    ltv: amount.div(collateralAmount.mul(quote.price), 6, 'ceil').toString(),
  };
}

async function loanDecimals(ctx: LoansContext, asset: string): Promise<number> {
  const decimals = await ctx.assets.assetDecimals(asset);
  if (decimals === null) throw new AppError('LOAN_TERM_CONFIG_MISSING');
  return decimals;
}

/** The promised interest of a loan row (recomputed from its terms; what the offer stored). */
export function promisedInterestOf(row: LoanRow): Decimal {
  return promisedInterest(termsOf(row, 0));
}
