/**
 * Smart trading plans (issue 18): the strategies a plan product may run (the identifiers the
 * `npm run backtest -- --strategy NAME` command takes, implemented in packages/strategies) and the
 * bounds the contracts, the server and the back-office form share.
 */
export const SMART_STRATEGIES = ['ma-crossover', 'bollinger-reversion', 'atr-breakout'] as const;
export type SmartStrategy = (typeof SMART_STRATEGIES)[number];

/**
 * A plan's life (SPEC §4 "Smart plan"): running → finished at the end of its days (positions
 * closed, capital + P&L returned) or exited early (positions closed, the disclosed fee charged).
 */
export const SMART_ORDER_STATUSES = ['running', 'finished', 'exited_early'] as const;
export type SmartOrderStatus = (typeof SMART_ORDER_STATUSES)[number];

/**
 * What a backtest ran over: recorded market history (the platform's candles from a live or
 * replayed feed, or a recorded file), or the sandbox simulator's candles, which are not history
 * and are never labelled as such (SPEC §0.2, §0.5).
 */
export const BACKTEST_DATA_KINDS = ['historical', 'sandbox'] as const;
export type BacktestDataKind = (typeof BACKTEST_DATA_KINDS)[number];

/**
 * Why a running plan stopped opening positions (it still closes them and runs to its end):
 * the strategy threw, or the instrument's price was stale when a bar closed.
 */
export const SMART_HALT_REASONS = ['strategy_error', 'stale_price'] as const;
export type SmartHaltReason = (typeof SMART_HALT_REASONS)[number];

/** At most this many durations per product, each 1 to SMART_DAYS_MAX days. */
export const SMART_DAYS_MAX_COUNT = 8;
export const SMART_DAYS_MAX = 365;
/** A plan's bars: 1 to this many minutes each (aggregated from the 1-minute candles). */
export const SMART_INTERVAL_MAX_MINUTES = 1440;
/** The equity curves on the wire hold at most this many points. */
export const SMART_EQUITY_POINTS_MAX = 200;
