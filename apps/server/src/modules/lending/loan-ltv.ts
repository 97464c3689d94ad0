import { Decimal } from '@openbourse/money';
import { notifyUser } from '../notify/index.js';
import { assessLtv, LTV_DISPLAY_SCALE, nextWarningLtv, type PriceQuote, planLiquidation } from './domain/index.js';
import type { LoansContext } from './lending.context.js';
import { carryOut } from './loan-money.js';
import { balanceColumns, balanceOf, collateralOf, isOwed, outstandingAt, termsOf } from './loan-record.js';
import { insertLoanEvent, lockLoan, updateLoan } from './loans.repository.js';

/**
 * What the LTV engine does when a price crosses a loan's threshold (issue 17), each in one
 * transaction on the locked loan, decided again there at the price given (the engine's view may
 * be a moment old): a margin-call warning, or a liquidation through the ledger. A price the market
 * calls stale, or older than LOAN_PRICE_MAX_AGE_MS, acts on nothing.
 */

export type LtvOutcome = 'none' | 'warned' | 'liquidated' | 'price_refused';

/** LTV as a percentage for the notification ("72.5" for 0.725). */
const percent = (ltv: Decimal) =>
  ltv
    .mul(Decimal.fromInteger(100))
    .round(LTV_DISPLAY_SCALE - 2, 'ceil')
    .toString();

const priceOf = (quote: PriceQuote) => ({
  value: quote.price.toString(),
  source: quote.source,
  time: new Date(quote.time),
});

/** A margin call at `quote` if the loan's LTV has reached its next warning; a liquidation if it reached that. */
export async function checkLoanAt(
  ctx: Omit<LoansContext, 'watch'>,
  loanId: string,
  quote: PriceQuote,
): Promise<LtvOutcome> {
  const now = ctx.clock.now();
  const outcome = await ctx.db.transaction().execute(async (trx): Promise<LtvOutcome | 'liquidate'> => {
    const row = await lockLoan(trx, loanId);
    const collateral = row ? collateralOf(row) : null;
    if (!row || !collateral || !isOwed(row)) return 'none';
    const debt = outstandingAt(row, now.getTime());
    const assessment = assessLtv({
      debt,
      collateral: collateral.amount,
      quote,
      thresholds: collateral.thresholds,
      now: now.getTime(),
    });
    if (assessment.state === 'price_refused') return 'price_refused';
    if (assessment.state === 'liquidation') return 'liquidate';
    const warnAt =
      row.next_warning_ltv === null ? collateral.thresholds.marginCallLtv : Decimal.parse(row.next_warning_ltv);
    if (assessment.state !== 'margin_call' || assessment.ltv === null || assessment.ltv.lt(warnAt)) {
      // Below the next warning (the price came back): the warning stays armed where it was.
      return 'none';
    }
    await updateLoan(trx, row.id, {
      next_warning_ltv: nextWarningLtv(collateral.thresholds, assessment.ltv)?.toString() ?? null,
      updated_at: now,
    });
    await insertLoanEvent(trx, {
      loanId: row.id,
      kind: 'margin_call',
      amount: debt.toString(),
      asset: row.asset,
      ltv: assessment.ltv.toString(),
      price: priceOf(quote),
      at: now,
    });
    await notifyUser(trx, {
      userId: row.user_id,
      template: 'loan_margin_call',
      params: { loanId: row.id, ltv: percent(assessment.ltv) },
    });
    return 'warned';
  });
  if (outcome === 'liquidate') return liquidateLoan(ctx, loanId, quote);
  return outcome;
}

/**
 * Liquidates at `quote` (the domain's `planLiquidation`: partial back to the initial LTV, or full
 * with the surplus and the collateral not sold returned): the collateral sold goes held → treasury
 * at the market price, the debt is reduced by the proceeds, every step is recorded with the price
 * and its source, and the borrower is told. The step's idempotency keys carry the liquidation's
 * number, so a retry of the same liquidation moves nothing twice.
 */
export async function liquidateLoan(
  ctx: Omit<LoansContext, 'watch'>,
  loanId: string,
  quote: PriceQuote,
): Promise<LtvOutcome> {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx): Promise<LtvOutcome> => {
    const row = await lockLoan(trx, loanId);
    const collateral = row ? collateralOf(row) : null;
    if (!row || !collateral || !isOwed(row)) return 'none';
    const step = { loanId: row.id, userId: row.user_id, step: `liquidation-${row.liquidations + 1}` };
    const plan = planLiquidation({
      terms: termsOf(row),
      balance: balanceOf(row),
      collateralAsset: collateral.asset,
      collateral: collateral.amount,
      thresholds: collateral.thresholds,
      quote,
      now: now.getTime(),
      step,
    });
    if (!plan.ok) return plan.reason === 'price_refused' ? 'price_refused' : 'none';
    const decimalsOf = (asset: string) => (asset === row.asset ? row.asset_decimals : collateral.asset.decimals);
    await carryOut(trx, plan.transfers, decimalsOf, row.id);
    const full = plan.kind === 'full';
    await updateLoan(trx, row.id, {
      ...balanceColumns(plan.balance),
      collateral_amount: plan.collateralAfter.toString(),
      interest_paid: Decimal.parse(row.interest_paid).add(plan.interestPaid).toString(),
      principal_paid: Decimal.parse(row.principal_paid).add(plan.principalPaid).toString(),
      written_off: Decimal.parse(row.written_off).add(plan.shortfall).toString(),
      liquidations: row.liquidations + 1,
      next_warning_ltv: full ? null : (nextWarningLtv(collateral.thresholds, plan.ltvAfter)?.toString() ?? null),
      ...(full ? { status: 'liquidated' as const } : {}),
      updated_at: now,
    });
    await insertLoanEvent(trx, {
      loanId: row.id,
      kind: 'liquidation',
      amount: plan.collateralSold.toString(),
      asset: collateral.asset.code,
      ltv: plan.ltvBefore?.toString() ?? null,
      price: priceOf(quote),
      details: {
        kind: plan.kind,
        proceeds: plan.proceeds.toString(),
        interestPaid: plan.interestPaid.toString(),
        principalPaid: plan.principalPaid.toString(),
        surplus: plan.surplus.toString(),
        collateralReleased: plan.collateralReleased.toString(),
        collateralAfter: plan.collateralAfter.toString(),
        shortfall: plan.shortfall.toString(),
        debtBefore: plan.debtBefore.toString(),
        debtAfter: plan.debtAfter.toString(),
        ltvAfter: plan.ltvAfter?.toString() ?? null,
      },
      at: now,
    });
    await notifyUser(trx, {
      userId: row.user_id,
      template: 'loan_liquidated',
      params: { loanId: row.id, amount: plan.collateralSold.toString(), asset: collateral.asset.code },
    });
    return 'liquidated';
  });
}
