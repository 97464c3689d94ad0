/**
 * Options (issue 19; SPEC §4 "Options"): vanilla European calls and puts, priced by Black–Scholes,
 * cash-settled at expiry; the bounds the contracts, the server and the back-office form share.
 */
export const OPTION_TYPES = ['call', 'put'] as const;
export type OptionKind = (typeof OPTION_TYPES)[number];

/**
 * How a product lists its expiries, each at the product's fixed UTC time of day: every day, every
 * Friday, the last Friday of each month. An operator may also list one expiry at a time of their choosing.
 */
export const OPTIONS_EXPIRY_SCHEDULES = ['daily', 'weekly', 'monthly'] as const;
export type OptionsExpirySchedule = (typeof OPTIONS_EXPIRY_SCHEDULES)[number];

/**
 * An order's life: open (held) → closed (sold back before expiry at the bid) or settled (cash at
 * expiry: max(0, S−K) or max(0, K−S) per unit, a call's capped).
 */
export const OPTIONS_ORDER_STATUSES = ['open', 'closed', 'settled'] as const;
export type OptionsOrderStatus = (typeof OPTIONS_ORDER_STATUSES)[number];

/**
 * An expiry's life: listed (its series sell until the cut-off) → settling (the settlement price is
 * fixed and recorded; orders are being paid) → settled. When the underlying's named source has no
 * price for a minute of the settlement window, it waits for an operator's price instead
 * (awaiting_operator, the reason shown), never a guessed one.
 */
export const OPTIONS_EXPIRY_STATUSES = ['listed', 'awaiting_operator', 'settling', 'settled'] as const;
export type OptionsExpiryStatus = (typeof OPTIONS_EXPIRY_STATUSES)[number];

/** Why a chain has no quotes now: the underlying's price is stale, or its market is closed. */
export const OPTIONS_UNQUOTED_REASONS = ['stale', 'closed'] as const;
export type OptionsUnquotedReason = (typeof OPTIONS_UNQUOTED_REASONS)[number];

/** How long a quote holds: within it an order fills at the quoted price or better (never worse). */
export const OPTIONS_QUOTE_VALIDITY_MS = 15_000;
/** Strikes listed on each side of the at-the-money strike, at most. */
export const OPTIONS_MAX_STRIKES_EACH_SIDE = 25;
/** The longest settlement-averaging window and sales cut-off, in minutes. */
export const OPTIONS_MAX_WINDOW_MINUTES = 60;
/** Contracts one order may buy, at most (a product sets its own limit within it). */
export const OPTIONS_MAX_CONTRACTS_PER_ORDER = 10_000;
