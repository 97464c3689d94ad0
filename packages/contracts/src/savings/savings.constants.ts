/**
 * Fixed-term savings (issue 18; SPEC §3 "Financial product / order", §4 "Financial order"): the
 * bounds the contracts, the server and the back-office form share, and the states as the public
 * API spells them. No zod here (the web's first page may read it).
 */

/**
 * A product's state: on sale, or paused — by an operator, or by itself when the treasury could
 * not fund the interest a subscription would promise (SPEC §0 rule 4); an operator resumes it.
 */
export const SAVINGS_PRODUCT_STATUSES = ['on_sale', 'paused'] as const;
export type SavingsProductStatus = (typeof SAVINGS_PRODUCT_STATUSES)[number];

export const SAVINGS_PAUSE_REASONS = ['operator', 'treasury'] as const;
export type SavingsPauseReason = (typeof SAVINGS_PAUSE_REASONS)[number];

/**
 * An order's life: earning until its maturity → settled (principal and the whole promised
 * interest returned), or redeemed early (principal minus the disclosed penalty returned, the
 * interest accrued so far forfeited, the reserved interest back to the treasury).
 */
export const SAVINGS_ORDER_STATUSES = ['earning', 'settled', 'redeemed_early'] as const;
export type SavingsOrderStatus = (typeof SAVINGS_ORDER_STATUSES)[number];

/** A period is a whole number of days from 1 to this. */
export const SAVINGS_PERIOD_MAX_DAYS = 3650;
/** A daily rate is a ratio from 0 to below this (1% a day), with at most 10 decimals. */
export const SAVINGS_DAILY_RATE_MAX = '0.01';
/** An early-redemption penalty is a share of the principal from 0 to below this. */
export const SAVINGS_PENALTY_RATE_MAX = '0.5';
/** A product's name in one language: at most this many characters. */
export const SAVINGS_NAME_MAX = 80;
/** VIP levels (SPEC §6): 0 Normal, 1–4 VIP1–VIP4; a product may require one. */
export const SAVINGS_MIN_LEVEL_MAX = 4;
/**
 * SPEC §9 "Purchase attempts": once this many subscriptions of one product have failed for a user
 * on one UTC day, the next is refused with 20096 until the day ends.
 */
export const SAVINGS_FAILED_ATTEMPTS_PER_DAY = 2;
/** `GET /financial/myOrders` answers at most this many orders, newest first. */
export const SAVINGS_ORDERS_LIST_MAX = 200;
