import { Decimal } from '@openbourse/money';

/**
 * The arithmetic of a fixed-term savings order (issue 18; SPEC §4 "Financial order"), pure and
 * exact (Decimal, never a JS number): simple interest on the principal, promised whole at
 * subscription and earned day by day.
 *
 * Rounding, each to the asset's smallest unit:
 * - the promised interest (principal × daily rate × period days) is rounded DOWN: that is the
 *   amount reserved from the treasury and paid at maturity, no more than the rate promises;
 * - the interest earned so far (promised × earned days ÷ period days) is rounded DOWN, so it
 *   never runs ahead of what maturity pays, and reaches the promise exactly on the last day;
 * - the early-redemption penalty (principal × penalty rate) is rounded DOWN: the user's favour.
 */

export const DAY_MS = 86_400_000;

export type SavingsTerms = {
  principal: Decimal;
  dailyRate: Decimal;
  periodDays: number;
  /** The asset's decimals (USDT: 6). */
  decimals: number;
};

function assertWholeDays(days: number, name: string): void {
  if (!Number.isSafeInteger(days) || days < 0) throw new RangeError(`${name} must be a whole number of days ≥ 0`);
}

/** The whole interest promised at maturity: principal × daily rate × period days, rounded down. */
export function promisedInterest(terms: SavingsTerms): Decimal {
  assertWholeDays(terms.periodDays, 'the period');
  if (terms.periodDays < 1) throw new RangeError('the period must be at least one day');
  return terms.principal.mul(terms.dailyRate).mul(Decimal.fromInteger(terms.periodDays)).round(terms.decimals, 'floor');
}

/** When an order subscribed at `investedAt` matures: `periodDays` whole days later. */
export function maturityOf(investedAt: Date, periodDays: number): Date {
  return new Date(investedAt.getTime() + periodDays * DAY_MS);
}

/** Whole days earned at `at`: the days fully elapsed since subscription, at most the period. */
export function earnedDaysAt(investedAt: Date, periodDays: number, at: Date): number {
  const elapsed = at.getTime() - investedAt.getTime();
  if (elapsed <= 0) return 0;
  return Math.min(periodDays, Math.floor(elapsed / DAY_MS));
}

/** Interest earned after `earnedDays`: promised × earnedDays ÷ periodDays, rounded down. */
export function earnedInterest(promised: Decimal, earnedDays: number, periodDays: number, decimals: number): Decimal {
  assertWholeDays(earnedDays, 'earned days');
  if (earnedDays >= periodDays) return promised;
  return promised.mul(Decimal.fromInteger(earnedDays)).div(Decimal.fromInteger(periodDays), decimals, 'floor');
}

/** What an early redemption keeps: principal × penalty rate, rounded down. */
export function earlyRedemptionPenalty(principal: Decimal, penaltyRate: Decimal, decimals: number): Decimal {
  return principal.mul(penaltyRate).round(decimals, 'floor');
}

/** An amount at an asset's precision as ledger minor units; a finer amount is a bug, never rounded here. */
export function minorUnits(amount: Decimal, decimals: number): bigint {
  if (amount.scale > decimals) throw new RangeError(`${amount.toString()} has more than ${decimals} decimals`);
  return amount.toMinorUnits(decimals, 'down');
}
