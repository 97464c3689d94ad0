import { Decimal } from '@openbourse/money';
import { type DecimalInput, type PositionSide, readDecimal, type TradingInstrument } from './instrument.js';

/**
 * The checks an order passes before anything moves (SPEC §0.7, §5). The server runs them on a
 * request and throws the name each returns; the web runs the same ones as the user types and
 * shows the catalogue's message for that name.
 */

// ---------------------------------------------------------------------------------------------
// Lots and leverage

export type LotsInvalidReason = 'not_a_number' | 'not_positive' | 'below_min' | 'above_max' | 'off_step';

export type LotsValidation =
  | { ok: true; lots: Decimal }
  | { ok: false; code: 'PURCHASE_AMOUNT_WRONG'; reason: LotsInvalidReason };

const invalidLots = (reason: LotsInvalidReason): LotsValidation => ({
  ok: false,
  code: 'PURCHASE_AMOUNT_WRONG',
  reason,
});

/**
 * Lots must be a plain decimal, positive, within [minLots, maxLots] and a whole multiple of
 * lotStep. The parsed lots come back with `ok: true`.
 */
export function validateLots(
  lots: DecimalInput,
  instrument: Pick<TradingInstrument, 'minLots' | 'maxLots' | 'lotStep'>,
): LotsValidation {
  const value = readDecimal(lots);
  if (!value) return invalidLots('not_a_number');
  if (!value.isPositive()) return invalidLots('not_positive');
  if (value.lt(Decimal.parse(instrument.minLots))) return invalidLots('below_min');
  if (value.gt(Decimal.parse(instrument.maxLots))) return invalidLots('above_max');
  if (!value.isMultipleOf(Decimal.parse(instrument.lotStep))) return invalidLots('off_step');
  return { ok: true, lots: value };
}

/**
 * Lots to close out of an open position: positive, a whole multiple of the lot step, at most
 * the position's lots ('above_max'), and leaving either nothing or at least the minimum
 * ('below_min'). A rule given as null is not known to the caller and not checked (the web's
 * close dialog may not have the instrument's figures; the server always has them).
 */
export function validateCloseLots(
  lots: DecimalInput,
  positionLots: DecimalInput,
  instrument: { lotStep: string | null; minLots: string | null },
): LotsValidation {
  const closing = readDecimal(lots);
  if (!closing) return invalidLots('not_a_number');
  if (!closing.isPositive()) return invalidLots('not_positive');
  const remaining = Decimal.from(positionLots).sub(closing);
  if (remaining.isNegative()) return invalidLots('above_max');
  if (instrument.lotStep !== null && !closing.isMultipleOf(Decimal.parse(instrument.lotStep))) {
    return invalidLots('off_step');
  }
  if (instrument.minLots !== null && remaining.isPositive() && remaining.lt(Decimal.parse(instrument.minLots))) {
    return invalidLots('below_min');
  }
  return { ok: true, lots: closing };
}

/** Leverage is a whole number from 1 to the instrument's cap (SPEC §0.7). */
export function validateLeverage(
  leverage: number,
  instrument: Pick<TradingInstrument, 'leverageCap'>,
): 'LEVERAGE_INVALID' | null {
  if (!Number.isSafeInteger(leverage) || leverage < 1) return 'LEVERAGE_INVALID';
  if (!Number.isSafeInteger(instrument.leverageCap) || leverage > instrument.leverageCap) return 'LEVERAGE_INVALID';
  return null;
}

// ---------------------------------------------------------------------------------------------
// Prices, stop loss and take profit

/** A positive price, or undefined when the input is not one. */
function positivePriceOrNothing(input: DecimalInput): Decimal | undefined {
  const price = readDecimal(input);
  return price?.isPositive() ? price : undefined;
}

/** A price level (a stop, an entry, a trailing distance) is positive and a whole number of ticks. */
export function validatePrice(
  price: DecimalInput,
  instrument: Pick<TradingInstrument, 'tickSize'>,
): 'PRICE_INVALID' | null {
  const value = positivePriceOrNothing(price);
  return value?.isMultipleOf(Decimal.parse(instrument.tickSize)) ? null : 'PRICE_INVALID';
}

/** A stop as typed by the user; null or undefined means not set. */
export type StopInput = DecimalInput | null | undefined;

export type StopValidationCode =
  | 'PRICE_INVALID'
  | 'STOP_LOSS_UNREASONABLE'
  | 'TAKE_PROFIT_UNREASONABLE'
  | 'STOP_COMBINATION_UNREASONABLE';

/** The problem of each stop field, for a form that marks the field at fault. */
export type StopProblems = { stopLoss: StopValidationCode | null; takeProfit: StopValidationCode | null };

/**
 * SPEC §5: long: SL < price < TP; short: TP < price < SL. Field by field:
 * 1. a stop that is not a positive whole number of ticks → PRICE_INVALID on that field;
 * 2. both readable and on the wrong sides of each other (long: TP ≤ SL; short: TP ≥ SL) →
 *    STOP_COMBINATION_UNREASONABLE on both (such a pair always has one of them on the wrong
 *    side of the price too, and the pair is the real mistake);
 * 3. with a reference price (the current price for a market order or an open position, the
 *    entry for a pending one): a stop loss on the wrong side of it (or on it) →
 *    STOP_LOSS_UNREASONABLE, a take profit likewise → TAKE_PROFIT_UNREASONABLE.
 * `reference` null (no price known yet) checks the stops alone.
 */
export function stopProblems(
  side: PositionSide,
  reference: Decimal | null,
  stopLoss: StopInput,
  takeProfit: StopInput,
  instrument: Pick<TradingInstrument, 'tickSize'>,
): StopProblems {
  const read = (input: StopInput) => {
    if (input === null || input === undefined) return { price: null, problem: null };
    const problem = validatePrice(input, instrument);
    return problem ? { price: null, problem } : { price: Decimal.from(input), problem };
  };
  const sl = read(stopLoss);
  const tp = read(takeProfit);
  // `below(a, b)`: a is on the loss side of b for this position.
  const below = (a: Decimal, b: Decimal) => (side === 'long' ? a.lt(b) : a.gt(b));
  if (sl.price && tp.price && !below(sl.price, tp.price)) {
    return { stopLoss: 'STOP_COMBINATION_UNREASONABLE', takeProfit: 'STOP_COMBINATION_UNREASONABLE' };
  }
  const result: StopProblems = { stopLoss: sl.problem, takeProfit: tp.problem };
  if (reference) {
    if (sl.price && !below(sl.price, reference)) result.stopLoss = 'STOP_LOSS_UNREASONABLE';
    if (tp.price && !below(reference, tp.price)) result.takeProfit = 'TAKE_PROFIT_UNREASONABLE';
  }
  return result;
}

/**
 * The stops of an order or a position as one answer, in the order a request is refused: a
 * reference price or a stop that is not a positive price (stops also in whole ticks) →
 * PRICE_INVALID; then the pair (STOP_COMBINATION_UNREASONABLE); then the stop loss; then the
 * take profit (see `stopProblems`). Null when the stops are acceptable.
 */
export function validateStops(
  side: PositionSide,
  referencePrice: DecimalInput,
  stopLoss: StopInput,
  takeProfit: StopInput,
  instrument: Pick<TradingInstrument, 'tickSize'>,
): StopValidationCode | null {
  const price = positivePriceOrNothing(referencePrice);
  if (!price) return 'PRICE_INVALID';
  const problems = stopProblems(side, price, stopLoss, takeProfit, instrument);
  if (problems.stopLoss === 'PRICE_INVALID' || problems.takeProfit === 'PRICE_INVALID') return 'PRICE_INVALID';
  return problems.stopLoss ?? problems.takeProfit;
}

// ---------------------------------------------------------------------------------------------
// Pending orders and trailing stops

/**
 * A pending order's entry (catalogue 10143): a limit waits for a better price (a buy below the
 * current price, a sell above it), a stop for a worse one (a buy above, a sell below). The
 * entry's own format is `validatePrice`'s.
 */
export function validateEntryPrice(
  side: PositionSide,
  type: 'limit' | 'stop',
  entry: DecimalInput,
  current: DecimalInput,
): 'ENTRY_PRICE_UNREASONABLE' | null {
  const price = Decimal.from(entry);
  const now = Decimal.from(current);
  const above = price.gt(now);
  const under = price.lt(now);
  const waitsForLower = (type === 'limit') === (side === 'long');
  return (waitsForLower ? under : above) ? null : 'ENTRY_PRICE_UNREASONABLE';
}

/** A trailing distance, in price units: positive and a whole number of ticks; not set is none. */
export function validateTrailingDistance(
  distance: StopInput,
  instrument: Pick<TradingInstrument, 'tickSize'>,
): 'PRICE_INVALID' | null {
  if (distance === null || distance === undefined) return null;
  return validatePrice(distance, instrument);
}

// ---------------------------------------------------------------------------------------------
// Affordability

/** What the account has for a new order, in USDT minor units (the account summary's figures). */
export type AccountFunds = {
  /** The balance not held as margin (the summary's `balance`). */
  available: bigint;
  /** The open positions' unrealised P&L (a loss is negative). */
  unrealised: bigint;
};

/**
 * The free margin a new order may use: what is available, less the open positions' unrealised
 * loss (an unrealised gain is not money yet and does not count).
 */
export function freeMarginForOrder(funds: AccountFunds): bigint {
  return funds.available + (funds.unrealised < 0n ? funds.unrealised : 0n);
}

/**
 * An order is refused (catalogue 10037) when the free margin does not cover its margin and its
 * fee (a market order pays the fee at once; a pending order pays it when it fills, so its fee
 * here is 0). The server asks this as it reserves the margin; the ticket asks it as the user
 * types, with the account summary's figures.
 */
export function validateAffordable(
  funds: AccountFunds,
  margin: bigint,
  fee: bigint,
): 'INSUFFICIENT_ACCOUNT_BALANCE' | null {
  return freeMarginForOrder(funds) >= margin + fee ? null : 'INSUFFICIENT_ACCOUNT_BALANCE';
}

/**
 * A leverage as typed, brought within the rules: a whole number from 1 to the cap. Above the
 * cap is the cap (never 1: the user asked for more, the most allowed is nearest); below 1 or
 * not a number is 1; a fraction is rounded down.
 */
export function clampLeverage(leverage: number, instrument: Pick<TradingInstrument, 'leverageCap'>): number {
  const cap = Math.max(1, Math.floor(instrument.leverageCap));
  if (Number.isNaN(leverage) || leverage < 1) return 1;
  if (leverage > cap) return cap;
  return Math.floor(leverage);
}
