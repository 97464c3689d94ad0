import { Decimal } from '@openbourse/money';
import { AppError } from '../../platform/errors/app-error.js';
import type { SavingsContext } from './savings.context.js';
import { earlyRedemptionPenalty, earnedDaysAt, earnedInterest, minorUnits } from './savings-math.js';
import { moveForOrder, SAVINGS_ESCROW } from './savings-money.js';
import { lockSavingsOrder, type SavingsOrderRow, updateSavingsOrder } from './savings-orders.repository.js';
import { settleSavingsOrder } from './settle-savings-order.js';

/**
 * Early redemption (`POST /financial/redeem {orderId}`; SPEC §4 "Financial order": earning →
 * redeemed early), in one transaction with the order locked:
 * - only the owner's order: another's and an unknown id answer 10035 alike (revealing nothing);
 * - only an order earning (10215 otherwise); one already matured (the accrual job not yet round)
 *   is settled in full instead — the investor is owed the whole promise by then;
 * - penalty = principal × the penalty rate disclosed at subscription, rounded down; the principal
 *   less it goes escrow → the investor's available balance (`savings_payout`), the penalty escrow →
 *   treasury (`savings_penalty`; savings-money.ts says why the treasury), and the whole reserved
 *   interest escrow → treasury (`savings_interest_return`): the interest earned so far is forfeited
 *   (SPEC §4), recorded on the order as what was forfeited.
 */
export async function redeemSavingsOrder(
  ctx: SavingsContext,
  caller: { id: string },
  orderId: string,
): Promise<SavingsOrderRow> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await lockSavingsOrder(trx, orderId);
    if (!row || row.user_id !== caller.id) throw new AppError('NO_PERMISSION_ON_RECORD');
    if (row.status !== 'earning') throw new AppError('SAVINGS_ORDER_NOT_EARNING');
    const now = ctx.clock.now();
    if (now.getTime() >= row.matures_at.getTime()) return settleSavingsOrder(trx, row, now);

    const decimals = row.asset_decimals;
    const principal = Decimal.parse(row.principal);
    const promised = Decimal.parse(row.promised_interest);
    const penalty = earlyRedemptionPenalty(principal, Decimal.parse(row.penalty_rate), decimals);
    const returned = principal.sub(penalty);
    await moveForOrder(trx, { id: row.id, asset: row.asset }, [
      {
        from: SAVINGS_ESCROW,
        to: { kind: 'available', userId: row.user_id },
        amount: minorUnits(returned, decimals),
        reason: 'savings_payout',
        step: 'payout',
      },
      {
        from: SAVINGS_ESCROW,
        to: { kind: 'treasury' },
        amount: minorUnits(penalty, decimals),
        reason: 'savings_penalty',
        step: 'penalty',
      },
      {
        from: SAVINGS_ESCROW,
        to: { kind: 'treasury' },
        amount: minorUnits(promised, decimals),
        reason: 'savings_interest_return',
        step: 'interest-return',
      },
    ]);
    // What had been earned when it was given up, kept on the order (the investor is not paid it).
    const earnedDays = earnedDaysAt(row.invested_at, row.period_days, now);
    return updateSavingsOrder(trx, row.id, {
      status: 'redeemed_early',
      earned_days: earnedDays,
      earned_interest: earnedInterest(promised, earnedDays, row.period_days, decimals).toString(),
      closed_at: now,
      returned: returned.toString(),
      penalty: penalty.toString(),
      updated_at: now,
    });
  });
}
