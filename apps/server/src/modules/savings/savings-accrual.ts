import { Decimal } from '@openbourse/money';
import type { SavingsContext } from './savings.context.js';
import { earnedDaysAt, earnedInterest } from './savings-math.js';
import { earningOrderIds, lockSavingsOrder, updateSavingsOrder } from './savings-orders.repository.js';
import { settleSavingsOrder } from './settle-savings-order.js';

/** Each transaction of the job walks one order; each page of the worklist this many. */
const PAGE = 500;

export type AccrualResult = { accrued: number; settled: number };

/**
 * The savings accrual (issue 18), run by the `savings.accrual` job: for every order earning, the
 * whole days elapsed since subscription (at most the period) and the interest they earned are
 * written (what `GET /financial/myOrders` shows); an order whose maturity has come is settled —
 * principal and interest to the investor, once, with the "savings matured" notification.
 *
 * Idempotent and restart-safe: the figures are a function of the order and the time, so a second
 * run at the same time writes nothing; each order is changed in its own transaction under its row
 * lock and checked again there (a run cut short leaves every order whole; two runs at once, on one
 * instance or two, settle an order once: the second sees it settled, and the transfers' keys would
 * refuse to move the money twice besides).
 */
export async function runSavingsAccrual(ctx: SavingsContext): Promise<AccrualResult> {
  const result: AccrualResult = { accrued: 0, settled: 0 };
  let after: string | null = null;
  for (;;) {
    const ids = await earningOrderIds(ctx.db, PAGE, after);
    if (ids.length === 0) return result;
    after = ids[ids.length - 1] ?? null;
    for (const id of ids) {
      const change = await ctx.db.transaction().execute(async (trx) => {
        const row = await lockSavingsOrder(trx, id);
        if (row?.status !== 'earning') return null;
        const now = ctx.clock.now();
        if (now.getTime() >= row.matures_at.getTime()) {
          await settleSavingsOrder(trx, row, now);
          return 'settled' as const;
        }
        const days = earnedDaysAt(row.invested_at, row.period_days, now);
        if (days === row.earned_days) return null;
        const earned = earnedInterest(Decimal.parse(row.promised_interest), days, row.period_days, row.asset_decimals);
        await updateSavingsOrder(trx, id, { earned_days: days, earned_interest: earned.toString(), updated_at: now });
        return 'accrued' as const;
      });
      if (change) result[change] += 1;
    }
  }
}
