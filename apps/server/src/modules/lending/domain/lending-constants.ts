import { Decimal } from '@openbourse/money';

/**
 * The lending rules a careful broker publishes (issue 17; SPEC §4 "Loans", §9). Each is shown in
 * the loan agreement, so changing one changes what new agreements say, never an old one.
 */

/** One day of a loan: interest accrues per whole day elapsed since disbursement (UTC, 24 h). */
export const DAY_MS = 86_400_000;

/**
 * The overdue rule. After the repayment date the contractual daily rate keeps running on the
 * principal still outstanding, multiplied by this factor: 1, i.e. no penalty rate and no
 * compounding (unpaid interest never bears interest). The loan's status becomes overdue the
 * first moment after its repayment date while anything is outstanding.
 */
export const OVERDUE_DAILY_RATE_MULTIPLIER = Decimal.ONE;

/**
 * A price older than this (its feed time against the clock) never moves a loan: no margin call
 * and no liquidation. The market's own stale limit defaults to the same 15 s
 * (MARKET_STALE_AFTER_MS); a source the market marks stale is refused whatever its age.
 */
export const LOAN_PRICE_MAX_AGE_MS = 15_000;
/** A price stamped further than this in the future (clock skew) is refused as well. */
export const LOAN_PRICE_MAX_FUTURE_SKEW_MS = 2_000;

/**
 * Margin calls repeat while the LTV keeps rising: the first warning at the setting's margin-call
 * LTV, then one each time the LTV passes another step of this size above it (0.05 = five
 * percentage points), until the liquidation LTV.
 */
export const MARGIN_CALL_REPEAT_STEP = Decimal.parse('0.05');

/**
 * Liquidation. At the liquidation LTV just enough collateral is sold at the market price to bring
 * the loan back to its initial LTV (partial). The whole debt is settled instead (full) when that
 * is not reachable (the collateral is worth less than the debt) or when the debt left would be
 * dust: below this share of the debt before the liquidation (1%), or no collateral would be left.
 * A full liquidation sells only the collateral that covers the debt and returns the rest, in
 * kind, to the user's available balance.
 */
export const LIQUIDATION_DUST_SHARE = Decimal.parse('0.01');

/**
 * What happens when the collateral is worth less than the debt at the liquidation price (a gap):
 * all of it is sold, the proceeds settle what they can and the rest is written off by the
 * operator; the user is never left owing on a crypto-backed loan after its collateral is gone.
 */
export const LIQUIDATION_SHORTFALL_POLICY = 'written_off' as const;

/**
 * Fraction digits of prices inside the LTV monitor (the wire's decimal strings carry at most 18).
 * Trigger prices are rounded down to this many digits, which keeps "price ≤ trigger" exact for
 * any price with at most as many digits.
 */
export const TRIGGER_PRICE_SCALE = 18;

/** LTVs shown and recorded (history, notifications) carry this many digits, rounded up. */
export const LTV_DISPLAY_SCALE = 6;
