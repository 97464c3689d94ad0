import type { TAccountSummary } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';

/**
 * The order ticket's arithmetic (SPEC §0.7, §3 Position, §5 Trading): pure functions on
 * decimal strings, never floats. They mirror the server's trading math (apps/server
 * .../trading/trading-math.ts) closely enough for a preview and for validation as the user
 * types; the server checks everything again and its figures are the ones that count.
 */

export type Side = 'long' | 'short';
export type OrderType = 'market' | 'limit' | 'stop';

/** The instrument facts the ticket needs (a subset of the market info). */
export type TicketInstrument = {
  tickSize: string;
  contractSize: string;
  minLots: string;
  maxLots: string;
  lotStep: string;
  leverageCap: number;
  quoteCurrency: string;
};

/** USDT is counted in millionths (SPEC §9). */
export const USDT_DECIMALS = 6;
/** SPEC §0.7: positions are closed when the margin level falls to 50%. */
export const DEFAULT_STOP_OUT_LEVEL = '0.5';
/** The server's wire format for decimals (ZDecimal in the trading contract). */
const WIRE_DECIMAL = /^\d{1,20}(\.\d{1,12})?$/;

// ---------------------------------------------------------------------------------------------
// Reading what the user typed

/**
 * A decimal as typed: spaces dropped, a lone decimal comma read as a point ("0,5" in German or
 * French), at most 20 whole and 12 fraction digits (what the API accepts). Null otherwise.
 */
export function parseInput(text: string): Decimal | null {
  let value = text.trim().replace(/[\s\u00a0\u202f]/g, '');
  if (value.includes(',') && !value.includes('.')) value = value.replace(',', '.');
  if (value.startsWith('.')) value = `0${value}`;
  if (!WIRE_DECIMAL.test(value)) return null;
  return Decimal.parse(value);
}

/** A value for the API: the canonical decimal string ("0.50" → "0.5"). */
export function toWire(value: Decimal): string {
  return value.toString();
}

// ---------------------------------------------------------------------------------------------
// Lots and leverage

export type LotsProblem = 'required' | 'invalid' | 'belowMin' | 'aboveMax' | 'offStep';

/** Lots must be within [minLots, maxLots] and a whole multiple of lotStep (catalogue 10016). */
export function lotsProblem(
  text: string,
  instrument: Pick<TicketInstrument, 'minLots' | 'maxLots' | 'lotStep'>,
): LotsProblem | null {
  if (text.trim() === '') return 'required';
  const lots = parseInput(text);
  if (!lots?.isPositive()) return 'invalid';
  if (lots.lt(Decimal.parse(instrument.minLots))) return 'belowMin';
  if (lots.gt(Decimal.parse(instrument.maxLots))) return 'aboveMax';
  if (!lots.isMultipleOf(Decimal.parse(instrument.lotStep))) return 'offStep';
  return null;
}

/** The lots one step up or down from what is typed, kept within min and max. */
export function stepLots(
  text: string,
  direction: 1 | -1,
  instrument: Pick<TicketInstrument, 'minLots' | 'maxLots' | 'lotStep'>,
): string {
  const min = Decimal.parse(instrument.minLots);
  const max = Decimal.parse(instrument.maxLots);
  const step = Decimal.parse(instrument.lotStep);
  const current = parseInput(text);
  if (!current) return min.toString();
  // Off the step grid: snap to the grid in the direction asked; on it: move one step.
  const moved = current.isMultipleOf(step)
    ? direction > 0
      ? current.add(step)
      : current.sub(step)
    : current.div(step, 0, direction > 0 ? 'ceil' : 'floor').mul(step);
  return Decimal.max(min, Decimal.min(max, moved)).toString();
}

/** A whole leverage from 1 to the cap (catalogue 10139). */
export function leverageProblem(leverage: number, cap: number): 'LEVERAGE_INVALID' | null {
  return Number.isSafeInteger(leverage) && leverage >= 1 && leverage <= cap ? null : 'LEVERAGE_INVALID';
}

/** Slider marks: 1, the usual steps below the cap, and the cap. */
export function leverageMarks(cap: number): number[] {
  // Marks closer than a tenth of the range to an end would print over its label.
  const gap = cap / 10;
  const steps = [2, 5, 10, 20, 50, 100, 200, 500].filter((step) => step - 1 >= gap && cap - step >= gap);
  return [...new Set([1, ...steps, cap])].filter((mark) => mark >= 1 && mark <= cap);
}

// ---------------------------------------------------------------------------------------------
// Prices, stops, entries

/** The catalogue problems of a price field: not a positive tick multiple, or a rule of §5. */
export type PriceProblem =
  | 'PRICE_INVALID'
  | 'TICK'
  | 'STOP_LOSS_UNREASONABLE'
  | 'TAKE_PROFIT_UNREASONABLE'
  | 'STOP_COMBINATION_UNREASONABLE'
  | 'ENTRY_PRICE_UNREASONABLE';

/** A positive price that is a whole number of ticks; its problem otherwise. */
export function readPrice(text: string, tickSize: string): { price: Decimal } | { problem: PriceProblem } {
  const price = parseInput(text);
  if (!price?.isPositive()) return { problem: 'PRICE_INVALID' };
  if (!price.isMultipleOf(Decimal.parse(tickSize))) return { problem: 'TICK' };
  return { price };
}

export type StopProblems = { stopLoss: PriceProblem | null; takeProfit: PriceProblem | null };

/**
 * SPEC §5: long: SL < price < TP; short: TP < price < SL. Empty fields are not set. A pair on the
 * wrong sides of each other is reported on both fields (the pair is the mistake, 10138); then
 * a stop loss on the wrong side of the reference price (10136), a take profit likewise (10137).
 * `reference` is the current price for a market order, the entry price for a pending one;
 * null (no price yet) checks only the format.
 */
export function stopProblems(
  side: Side,
  reference: Decimal | null,
  stopLossText: string,
  takeProfitText: string,
  tickSize: string,
): StopProblems {
  const result: StopProblems = { stopLoss: null, takeProfit: null };
  const sl = stopLossText.trim() === '' ? null : readPrice(stopLossText, tickSize);
  const tp = takeProfitText.trim() === '' ? null : readPrice(takeProfitText, tickSize);
  if (sl && 'problem' in sl) result.stopLoss = sl.problem;
  if (tp && 'problem' in tp) result.takeProfit = tp.problem;
  const slPrice = sl && 'price' in sl ? sl.price : null;
  const tpPrice = tp && 'price' in tp ? tp.price : null;
  // `below(a, b)`: a is on the losing side of b for this position.
  const below = (a: Decimal, b: Decimal) => (side === 'long' ? a.lt(b) : a.gt(b));
  if (slPrice && tpPrice && !below(slPrice, tpPrice)) {
    return { stopLoss: 'STOP_COMBINATION_UNREASONABLE', takeProfit: 'STOP_COMBINATION_UNREASONABLE' };
  }
  if (reference) {
    if (slPrice && !below(slPrice, reference)) result.stopLoss = 'STOP_LOSS_UNREASONABLE';
    if (tpPrice && !below(reference, tpPrice)) result.takeProfit = 'TAKE_PROFIT_UNREASONABLE';
  }
  return result;
}

/**
 * A pending order's entry (catalogue 10143): a limit waits for a better price (a buy below the
 * current price, a sell above it), a stop for a worse one (a buy above, a sell below).
 */
export function entryProblem(
  side: Side,
  type: 'limit' | 'stop',
  entryText: string,
  current: Decimal | null,
  tickSize: string,
): PriceProblem | null {
  const read = readPrice(entryText, tickSize);
  if ('problem' in read) return read.problem;
  if (!current) return null;
  const above = read.price.gt(current);
  const under = read.price.lt(current);
  const ok = type === 'limit' ? (side === 'long' ? under : above) : side === 'long' ? above : under;
  return ok ? null : 'ENTRY_PRICE_UNREASONABLE';
}

/** A trailing distance, in price units: positive and a whole number of ticks; empty is none. */
export function trailingProblem(text: string, tickSize: string): PriceProblem | null {
  if (text.trim() === '') return null;
  const read = readPrice(text, tickSize);
  return 'problem' in read ? read.problem : null;
}

// ---------------------------------------------------------------------------------------------
// Currency conversion

/** The current price of an instrument code, or null. */
export type RateSource = (code: string) => string | null;

/**
 * USDT per one unit of the quote currency, as the server's `quoteToUsdtRate`: USDT → 1; USD → 1
 * when the deployment settles USD as USDT (`usdSettledAsUsdt`, the default), else none; XXX →
 * 1 ÷ USDXXX, else XXXUSD (those two only when USD is USDT), else XXXUSDT, else 1 ÷ USDTXXX.
 * Null when no price converts it.
 */
export function quoteToUsdtRate(quoteCurrency: string, rates: RateSource, usdSettledAsUsdt = true): Decimal | null {
  const currency = quoteCurrency.trim().toUpperCase();
  if (currency === 'USDT') return Decimal.ONE;
  if (currency === 'USD') return usdSettledAsUsdt ? Decimal.ONE : null;
  const price = (code: string) => {
    const text = rates(code);
    const value = text === null ? null : parseInput(text);
    return value?.isPositive() ? value : null;
  };
  if (usdSettledAsUsdt) {
    const perUsd = price(`USD${currency}`);
    if (perUsd) return Decimal.ONE.div(perUsd, 30, 'half-even');
    const inUsd = price(`${currency}USD`);
    if (inUsd) return inUsd;
  }
  const inUsdt = price(`${currency}USDT`);
  if (inUsdt) return inUsdt;
  const perUsdt = price(`USDT${currency}`);
  if (perUsdt) return Decimal.ONE.div(perUsdt, 30, 'half-even');
  return null;
}

/** Whether P&L in this quote currency is USDT without a market rate (USD is settled 1:1). */
export function isUsdQuoted(quoteCurrency: string): boolean {
  const currency = quoteCurrency.trim().toUpperCase();
  return currency === 'USD' || currency === 'USDT';
}

// ---------------------------------------------------------------------------------------------
// The preview

export type AccountFigures = { equity: string; usedMargin: string; stopOutLevel: string };

export type PreviewInput = {
  instrument: TicketInstrument;
  side: Side;
  lots: Decimal;
  leverage: number;
  /** The current price for a market order, the entry price for a pending one. */
  price: Decimal;
  /** USDT per unit of the quote currency; null when unknown (USDT figures are then null). */
  rateToUsdt: Decimal | null;
  /** The estimated fee rate (feeSchedule.ts). */
  feeRate: string;
  /** The account now; null when signed out (no stop-out estimate then). */
  account: AccountFigures | null;
};

export type Preview = {
  /** lots × contractSize × price, in the quote currency. */
  notionalQuote: Decimal;
  notionalUsdt: Decimal | null;
  /** notional ÷ leverage, rounded up to the USDT minor unit (as the server holds it). */
  margin: Decimal | null;
  /** notional × rate, rounded up to the USDT minor unit. Estimated. */
  fee: Decimal | null;
  /** What one tick is worth: tickSize × lots × contractSize, in the quote currency. */
  pipValueQuote: Decimal;
  pipValueUsdt: Decimal | null;
  /**
   * The price at which the account's margin level would reach the stop-out level if only this
   * position's price moved; null when no positive price gets there, or without the account.
   */
  stopOutPrice: Decimal | null;
};

export function notionalOf(lots: Decimal, price: Decimal, contractSize: string): Decimal {
  return lots.mul(Decimal.parse(contractSize)).mul(price);
}

function roundUsdt(value: Decimal, rounding: 'ceil' | 'floor'): Decimal {
  return value.round(USDT_DECIMALS, rounding);
}

export function computePreview(input: PreviewInput): Preview {
  const { instrument, lots, price, rateToUsdt } = input;
  const notionalQuote = notionalOf(lots, price, instrument.contractSize);
  const pipValueQuote = Decimal.parse(instrument.tickSize).mul(lots).mul(Decimal.parse(instrument.contractSize));
  const toUsdt = (value: Decimal) => (rateToUsdt ? value.mul(rateToUsdt).round(12, 'half-even') : null);
  const notionalUsdt = toUsdt(notionalQuote);
  const validLeverage = leverageProblem(input.leverage, instrument.leverageCap) === null;
  const margin =
    notionalUsdt && validLeverage
      ? roundUsdt(notionalUsdt.div(Decimal.fromInteger(input.leverage), USDT_DECIMALS, 'ceil'), 'ceil')
      : null;
  const fee = notionalUsdt ? roundUsdt(notionalUsdt.mul(Decimal.parse(input.feeRate)), 'ceil') : null;
  let stopOut: Decimal | null = null;
  if (input.account && margin && fee && rateToUsdt) {
    stopOut = stopOutPrice({
      side: input.side,
      openPrice: price,
      lots,
      contractSize: instrument.contractSize,
      tickSize: instrument.tickSize,
      rateToUsdt,
      // Opening moves the margin from available to held (equity unchanged) and pays the fee.
      equityExcludingThisPosition: Decimal.parse(input.account.equity).sub(fee),
      usedMargin: Decimal.parse(input.account.usedMargin).add(margin),
      stopOutLevel: input.account.stopOutLevel,
    });
  }
  return {
    notionalQuote,
    notionalUsdt,
    margin,
    fee,
    pipValueQuote,
    pipValueUsdt: toUsdt(pipValueQuote),
    stopOutPrice: stopOut,
  };
}

/**
 * The server's `stopOutPrice`: with k = lots × contractSize × rate (USDT per unit of price) and
 * E the equity without this position's P&L,
 *   long:  p = open + (level × used − E) ÷ k, rounded down to a whole tick;
 *   short: p = open − (level × used − E) ÷ k, rounded up to a whole tick.
 * Null when used margin is zero or no positive price reaches the level.
 */
export function stopOutPrice(input: {
  side: Side;
  openPrice: Decimal;
  lots: Decimal;
  contractSize: string;
  tickSize: string;
  rateToUsdt: Decimal;
  equityExcludingThisPosition: Decimal;
  usedMargin: Decimal;
  stopOutLevel: string;
}): Decimal | null {
  if (!input.usedMargin.isPositive() || !input.lots.isPositive() || !input.rateToUsdt.isPositive()) return null;
  const tick = Decimal.parse(input.tickSize);
  const k = input.lots.mul(Decimal.parse(input.contractSize)).mul(input.rateToUsdt);
  const shortfall = Decimal.parse(input.stopOutLevel).mul(input.usedMargin).sub(input.equityExcludingThisPosition);
  const numerator =
    input.side === 'long' ? input.openPrice.mul(k).add(shortfall) : input.openPrice.mul(k).sub(shortfall);
  const ticks = numerator.div(k.mul(tick), 0, input.side === 'long' ? 'floor' : 'ceil');
  if (!ticks.isPositive()) return null;
  return ticks.mul(tick);
}

// ---------------------------------------------------------------------------------------------
// Open positions

/**
 * Unrealised P&L of an open position in its quote currency: (current − open) × lots ×
 * contractSize, negated for a short. For a USD or USDT quote it is USDT at 1:1; the server
 * rounds it down to the USDT minor unit (floor), and so does `pnlUsdt`.
 */
export function unrealisedQuote(
  side: Side,
  lots: string,
  openPrice: string,
  currentPrice: string,
  contractSize: string,
): Decimal {
  const move = Decimal.parse(currentPrice).sub(Decimal.parse(openPrice));
  const value = move.mul(Decimal.parse(lots)).mul(Decimal.parse(contractSize));
  return side === 'long' ? value : value.neg();
}

/** A USD- or USDT-quoted position's P&L in USDT, floored to the minor unit as the server does. */
export function pnlUsdt(side: Side, lots: string, openPrice: string, currentPrice: string, contractSize: string) {
  return unrealisedQuote(side, lots, openPrice, currentPrice, contractSize).round(USDT_DECIMALS, 'floor');
}

export type MarginBand = 'none' | 'safe' | 'watch' | 'warning' | 'danger';

/**
 * The margin level's risk band: green above 200%, yellow from 100% to 200%, orange between
 * 50% and 100%, red at 50% and below (the stop-out level). Null (no positions) is 'none'.
 */
export function marginBand(ratio: string | null): MarginBand {
  if (ratio === null) return 'none';
  const level = parseSigned(ratio);
  if (!level) return 'none';
  if (level.gt(Decimal.fromInteger(2))) return 'safe';
  if (level.gte(Decimal.ONE)) return 'watch';
  if (level.gt(Decimal.parse(DEFAULT_STOP_OUT_LEVEL))) return 'warning';
  return 'danger';
}

/** A signed decimal string from the server, or null. */
export function parseSigned(text: string | null | undefined): Decimal | null {
  if (text === null || text === undefined) return null;
  try {
    return Decimal.parse(text.trim());
  } catch {
    return null;
  }
}

/** Lots to close: positive, at most the position's lots, a whole multiple of the lot step. */
export function closeLotsProblem(text: string, positionLots: string, lotStep: string | null): LotsProblem | null {
  if (text.trim() === '') return 'required';
  const lots = parseInput(text);
  if (!lots?.isPositive()) return 'invalid';
  if (lots.gt(Decimal.parse(positionLots))) return 'aboveMax';
  if (lotStep && !lots.isMultipleOf(Decimal.parse(lotStep))) return 'offStep';
  return null;
}

/**
 * The account summary with the server's unrealised P&L replaced by the live one (the open
 * positions' P&L at the socket's prices), so equity, free margin and margin level move with the
 * prices the rows show between the server's figures, which are read every few seconds. Null
 * (some position's P&L unknown, or not every open position listed) keeps the server's summary.
 */
export function withLivePnl(summary: TAccountSummary, livePnl: Decimal | null): TAccountSummary {
  const serverPnl = parseSigned(summary.unrealisedPnl);
  const serverEquity = parseSigned(summary.equity);
  const used = parseSigned(summary.usedMargin);
  if (livePnl === null || serverPnl === null || serverEquity === null || used === null) return summary;
  // Exact: every term is a whole number of USDT minor units (six places), so is the result.
  const equity = serverEquity.sub(serverPnl).add(livePnl);
  return {
    ...summary,
    equity: equity.toString(),
    freeMargin: equity.sub(used).toString(),
    unrealisedPnl: livePnl.toString(),
    // As the server states it: equity ÷ used margin, a ratio to six places, rounded down.
    marginLevel: used.isPositive() ? equity.div(used, 6, 'floor').toString() : null,
  };
}
