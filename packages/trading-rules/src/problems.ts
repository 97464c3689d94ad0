/**
 * What the trading rules answer when an input breaks one: names of the error catalogue
 * (packages/contracts, `CATALOGUE`), so the server throws them as they are and the web shows
 * the catalogue's message for them — one vocabulary (issue 12). This package does not depend
 * on contracts (it is loaded by the web's order ticket, which keeps zod out of its chunk);
 * problems.test.ts checks every name against the catalogue instead.
 */
export type TradingRuleProblem =
  /** Lots off the instrument's range or step (catalogue 10016). */
  | 'PURCHASE_AMOUNT_WRONG'
  /** Leverage not a whole number from 1 to the cap (10139). */
  | 'LEVERAGE_INVALID'
  /** A price that is not positive or not a whole number of ticks (10140). */
  | 'PRICE_INVALID'
  /** No market price converts the quote currency to USDT (10015). */
  | 'NOT_TRADABLE_NOW'
  | 'STOP_LOSS_UNREASONABLE'
  | 'TAKE_PROFIT_UNREASONABLE'
  | 'STOP_COMBINATION_UNREASONABLE'
  /** A pending order's entry on the wrong side of the current price (10143). */
  | 'ENTRY_PRICE_UNREASONABLE'
  /** The free margin does not cover the order's margin and fee (10037). */
  | 'INSUFFICIENT_ACCOUNT_BALANCE';

/** Every name the rules can answer, for the catalogue check. */
export const TRADING_RULE_PROBLEMS: readonly TradingRuleProblem[] = [
  'PURCHASE_AMOUNT_WRONG',
  'LEVERAGE_INVALID',
  'PRICE_INVALID',
  'NOT_TRADABLE_NOW',
  'STOP_LOSS_UNREASONABLE',
  'TAKE_PROFIT_UNREASONABLE',
  'STOP_COMBINATION_UNREASONABLE',
  'ENTRY_PRICE_UNREASONABLE',
  'INSUFFICIENT_ACCOUNT_BALANCE',
];

/** The problems a figure can throw with (the validators return theirs instead). */
export type TradingMathErrorCode = Extract<
  TradingRuleProblem,
  'NOT_TRADABLE_NOW' | 'PURCHASE_AMOUNT_WRONG' | 'LEVERAGE_INVALID' | 'PRICE_INVALID'
>;

/** Thrown when an input makes a figure impossible to compute; `code` is the catalogue name. */
export class TradingMathError extends Error {
  constructor(
    readonly code: TradingMathErrorCode,
    readonly detail: string,
  ) {
    super(`${code}: ${detail}`);
    this.name = 'TradingMathError';
  }
}
