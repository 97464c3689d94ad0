import type { OptionKind, TOptionSeriesQuote } from '@openbourse/contracts';
import { OPTIONS_MAX_CONTRACTS_PER_ORDER } from '@openbourse/contracts/constants';
import { Decimal } from '@openbourse/money';

/**
 * The options screens' arithmetic (issue 19), money in exact decimals: what a purchase costs and
 * can lose (premium + fee), where it breaks even at expiry, what it can pay at most, what selling
 * back brings now. The server decides the fee and the fill; these figures are shown before a
 * request, and its answer is what happened. Only the payoff diagram draws with floats.
 */

/** The terms of one series that its payoff depends on (per unit of the underlying). */
export type OptionTerms = {
  type: OptionKind;
  strike: string;
  /** A call's payout cap per unit; null for a put. */
  cap: string | null;
  /** Units of the underlying one contract covers. */
  contractSize: string;
};

export type QuantityProblem =
  | { problem: 'required' }
  | { problem: 'notWhole' }
  | { problem: 'belowOne' }
  | { problem: 'aboveMaximum'; maximum: number }
  | { problem: 'aboveRemaining'; remaining: number };

export const QUANTITY_PROBLEMS: ReadonlyArray<QuantityProblem['problem']> = [
  'required',
  'notWhole',
  'belowOne',
  'aboveMaximum',
  'aboveRemaining',
];

/**
 * The number of contracts typed, or its problem: whole digits only, at least 1, at most the
 * contract's per-order maximum (the product may set a lower one: the server answers 10016) and
 * the contracts the series still sells.
 */
export function readQuantity(
  input: string,
  remaining: number,
): { quantity: number; problem: null } | { quantity: null; problem: QuantityProblem } {
  const text = input.trim();
  if (text === '') return { quantity: null, problem: { problem: 'required' } };
  if (!/^\d{1,9}$/.test(text)) return { quantity: null, problem: { problem: 'notWhole' } };
  const quantity = Number.parseInt(text, 10);
  if (quantity < 1) return { quantity: null, problem: { problem: 'belowOne' } };
  if (quantity > OPTIONS_MAX_CONTRACTS_PER_ORDER) {
    return { quantity: null, problem: { problem: 'aboveMaximum', maximum: OPTIONS_MAX_CONTRACTS_PER_ORDER } };
  }
  if (quantity > remaining) return { quantity: null, problem: { problem: 'aboveRemaining', remaining } };
  return { quantity, problem: null };
}

/** The fee disclosed beside a premium or proceeds: rate × amount, rounded up to the asset's unit (an estimate never below the charge). */
export function feeEstimate(amount: string, feeRate: string, decimals: number): string {
  return Decimal.parse(amount).mul(Decimal.parse(feeRate)).round(decimals, 'ceil').toString();
}

export type BuyFigures = {
  /** ask × quantity. */
  premium: string;
  /** feeRate × premium (an estimate: the server charges the fee). */
  fee: string;
  /** premium + fee: the most the order can lose. */
  maxLoss: string;
  /**
   * The underlying's price at expiry where the payout equals premium + fee (call K + x, put
   * K − x, x = (premium + fee) / (quantity × size)); null when no price gets there (a capped
   * call whose cap is below x, a put whose x is K or more).
   */
  breakEven: string | null;
  /** maxPayout per contract × quantity. */
  maxPayout: string;
  /** maxPayout − maxLoss: negative when even the best case loses. */
  maxProfit: string;
};

/** Digits kept beyond a price's own in a break-even (rounded away from the buyer's favour). */
const BREAK_EVEN_EXTRA_DECIMALS = 4;

/**
 * A purchase's figures. Money is exact; the break-even is rounded against the buyer (up for a
 * call, down for a put), so the price shown is one that does break even.
 */
export function buyFigures(input: {
  terms: OptionTerms;
  ask: string;
  quantity: number;
  feeRate: string;
  decimals: number;
  maxPayoutPerContract: string;
}): BuyFigures {
  const { terms } = input;
  const count = Decimal.fromInteger(input.quantity);
  const premium = Decimal.parse(input.ask).mul(count);
  const fee = Decimal.parse(feeEstimate(premium.toString(), input.feeRate, input.decimals));
  const maxLoss = premium.add(fee);
  const maxPayout = Decimal.parse(input.maxPayoutPerContract).mul(count);
  return {
    premium: premium.toString(),
    fee: fee.toString(),
    maxLoss: maxLoss.toString(),
    breakEven: breakEvenOf(terms, maxLoss.toString(), input.quantity),
    maxPayout: maxPayout.toString(),
    maxProfit: maxPayout.sub(maxLoss).toString(),
  };
}

/** See BuyFigures.breakEven. */
export function breakEvenOf(terms: OptionTerms, cost: string, quantity: number): string | null {
  const strike = Decimal.parse(terms.strike);
  const units = Decimal.parse(terms.contractSize).mul(Decimal.fromInteger(quantity));
  if (!units.isPositive()) return null;
  const scale = Math.max(strike.scale, 2) + BREAK_EVEN_EXTRA_DECIMALS;
  if (terms.type === 'call') {
    const perUnit = Decimal.parse(cost).div(units, scale, 'ceil');
    if (terms.cap !== null && perUnit.gt(Decimal.parse(terms.cap))) return null;
    return strike.add(perUnit).toString();
  }
  const perUnit = Decimal.parse(cost).div(units, scale, 'floor');
  const price = strike.sub(perUnit);
  return price.isPositive() ? price.toString() : null;
}

export type SaleFigures = {
  /** bid × quantity. */
  proceeds: string;
  /** feeRate × proceeds (an estimate). */
  fee: string;
  /** proceeds − fee, never below 0: what comes back. */
  receive: string;
  /** receive − premium − the fee paid when bought. */
  pnl: string;
};

/** Selling an order back at `bid` per contract. */
export function saleFigures(input: {
  bid: string;
  quantity: number;
  feeRate: string;
  decimals: number;
  premium: string;
  buyFee: string;
}): SaleFigures {
  const proceeds = Decimal.parse(input.bid).mul(Decimal.fromInteger(input.quantity));
  const fee = Decimal.parse(feeEstimate(proceeds.toString(), input.feeRate, input.decimals));
  const receive = Decimal.max(Decimal.ZERO, proceeds.sub(fee));
  const pnl = receive.sub(Decimal.parse(input.premium)).sub(Decimal.parse(input.buyFee));
  return { proceeds: proceeds.toString(), fee: fee.toString(), receive: receive.toString(), pnl: pnl.toString() };
}

/** -1, 0 or 1: the sign of a decimal string (a P&L), 0 for null. */
export function signOf(value: string | null): -1 | 0 | 1 {
  return value === null ? 0 : Decimal.parse(value).sign();
}

// ——— The chain's layout ———

export type ChainRow = {
  strike: string;
  call: TOptionSeriesQuote | null;
  put: TOptionSeriesQuote | null;
  /** The strike nearest the underlying's price (the lower one on a tie). */
  isNearest: boolean;
};

/** The strike of `strikes` nearest `spot`, the lower one on a tie; null without a spot or strikes. */
export function nearestStrike(strikes: readonly string[], spot: string | null): string | null {
  if (spot === null || strikes.length === 0) return null;
  const price = Decimal.parse(spot);
  let best: { strike: string; distance: Decimal; value: Decimal } | null = null;
  for (const strike of strikes) {
    const value = Decimal.parse(strike);
    const distance = value.sub(price).abs();
    const cmp = best === null ? -1 : distance.cmp(best.distance);
    if (best === null || cmp < 0 || (cmp === 0 && value.lt(best.value))) best = { strike, distance, value };
  }
  return best?.strike ?? null;
}

/** One expiry's series as rows: a strike each (ascending), its call and its put side by side. */
export function chainRows(series: readonly TOptionSeriesQuote[], spot: string | null): ChainRow[] {
  const byStrike = new Map<
    string,
    { strike: string; value: Decimal; call: TOptionSeriesQuote | null; put: TOptionSeriesQuote | null }
  >();
  for (const quote of series) {
    const value = Decimal.parse(quote.strike);
    // '60000' and '60000.0' are one strike.
    const key = value.toString();
    const row = byStrike.get(key) ?? { strike: quote.strike, value, call: null, put: null };
    if (quote.type === 'call') row.call = quote;
    else row.put = quote;
    byStrike.set(key, row);
  }
  const rows = [...byStrike.values()].sort((a, b) => a.value.cmp(b.value));
  const nearest = nearestStrike(
    rows.map((row) => row.strike),
    spot,
  );
  return rows.map(({ strike, call, put }) => ({ strike, call, put, isNearest: strike === nearest }));
}

/** A series sells when it is quoted (an ask and a quote id) and has contracts left. */
export function isBuyable(quote: TOptionSeriesQuote, quoted: boolean): boolean {
  return quoted && quote.ask !== null && quote.quoteId !== null && quote.remainingContracts > 0;
}

// ——— Time ———

export type Countdown = { days: number; hours: number; minutes: number; seconds: number; isPast: boolean };

/** The time from `now` to `until` in whole days, hours, minutes and seconds (all 0 once past). */
export function countdown(until: string, now: number): Countdown {
  const left = Math.max(0, Math.floor((Date.parse(until) - now) / 1000));
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
    isPast: left === 0,
  };
}

/** Whether a quote still holds at `now` (a quote without an end does not). */
export function isQuoteLive(quote: TOptionSeriesQuote, now: number): boolean {
  return quote.quoteId !== null && quote.quoteValidUntil !== null && Date.parse(quote.quoteValidUntil) > now;
}

/** Where a capped call stops paying more (strike + cap), exactly; null for a put or an uncapped call. */
export function capEndOf(terms: Pick<OptionTerms, 'type' | 'strike' | 'cap'>): string | null {
  if (terms.type !== 'call' || terms.cap === null) return null;
  return Decimal.parse(terms.strike).add(Decimal.parse(terms.cap)).toString();
}
