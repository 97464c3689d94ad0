import type { TAccountSummary } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import {
  type AccountFunds,
  clampLeverage,
  convertToUsdt,
  DEFAULT_STOP_OUT_LEVEL,
  findQuoteToUsdtRate,
  freeMarginForOrder,
  type LotsInvalidReason,
  notional,
  type PositionSide,
  type RateSource,
  requiredMargin,
  type StopValidationCode,
  stopOutPrice,
  stopProblems as stopRuleProblems,
  type TradingInstrument,
  TradingMathError,
  type TradingRuleProblem,
  tickValueQuote,
  tradeFee,
  USDT_DECIMALS,
  unrealisedPnl,
  validateAffordable,
  validateCloseLots,
  validateEntryPrice,
  validateLeverage,
  validateLots,
  validatePrice,
  validateTrailingDistance,
} from '@openbourse/trading-rules';
import { partsFor } from '../../shared/format/money';

/**
 * The order ticket's side of the trading rules: reading what the user typed and showing live
 * figures. Every rule itself (margin, fee, stop-out, the order checks) is the server's own, from
 * packages/trading-rules, so the ticket refuses as the user types exactly what the server would
 * refuse, with the same catalogue name; the server checks everything again and its figures are
 * the ones that count.
 */

export type Side = PositionSide;
export type OrderType = 'market' | 'limit' | 'stop';

/** The instrument facts the ticket needs (a subset of the market info). */
export type TicketInstrument = Omit<TradingInstrument, 'code'>;

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

/**
 * A typed price for the rules: empty is not set (null); text that is no decimal reads as zero,
 * which no rule accepts as a price, so it is refused as the server refuses a malformed one.
 */
function typedPrice(text: string): Decimal | null {
  if (text.trim() === '') return null;
  return parseInput(text) ?? Decimal.ZERO;
}

// ---------------------------------------------------------------------------------------------
// Lots and leverage

/** An empty lots field asks for a value; anything else the rules refuse is catalogue 10016. */
export type LotsProblem = 'required' | 'PURCHASE_AMOUNT_WRONG';

/** Lots within [minLots, maxLots] and a whole multiple of lotStep (the rules' `validateLots`). */
export function lotsProblem(
  text: string,
  instrument: Pick<TicketInstrument, 'minLots' | 'maxLots' | 'lotStep'>,
): LotsProblem | null {
  if (text.trim() === '') return 'required';
  const lots = parseInput(text);
  if (!lots) return 'PURCHASE_AMOUNT_WRONG';
  const checked = validateLots(lots, instrument);
  return checked.ok ? null : checked.code;
}

/**
 * Lots to close out of a position (the rules' `validateCloseLots`); the lot step when the
 * instrument's info is known.
 */
export function closeLotsProblem(text: string, positionLots: string, lotStep: string | null): LotsProblem | null {
  if (text.trim() === '') return 'required';
  const lots = parseInput(text);
  if (!lots) return 'PURCHASE_AMOUNT_WRONG';
  // The dialog shows no minimum remainder rule; the server answers it if it applies.
  const checked = validateCloseLots(lots, positionLots, { lotStep, minLots: null });
  return checked.ok ? null : checked.code;
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
  return validateLeverage(leverage, { leverageCap: cap });
}

/**
 * Leverage as typed, brought within 1…cap by the rules (`clampLeverage`): above the cap it is
 * the cap, never 1. `clamped` says the typed value was above the cap (the ticket says so).
 */
export function leverageWithinCap(typed: number, cap: number): { leverage: number; clamped: boolean } {
  const leverage = clampLeverage(typed, { leverageCap: cap });
  return { leverage, clamped: typed > cap };
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

/** What the rules answer for a price field. */
export type PriceProblem = Extract<TradingRuleProblem, StopValidationCode | 'ENTRY_PRICE_UNREASONABLE'>;

export type StopProblems = { stopLoss: PriceProblem | null; takeProfit: PriceProblem | null };

/**
 * The stop fields as typed, checked field by field by the rules' `stopProblems` (SPEC §5).
 * `reference` is the current price for a market order, the entry price for a pending one;
 * null (no price yet) checks the stops alone.
 */
export function stopProblems(
  side: Side,
  reference: Decimal | null,
  stopLossText: string,
  takeProfitText: string,
  tickSize: string,
): StopProblems {
  return stopRuleProblems(side, reference, typedPrice(stopLossText), typedPrice(takeProfitText), { tickSize });
}

/** A pending order's entry: a positive whole number of ticks, on the side its type waits for. */
export function entryProblem(
  side: Side,
  type: 'limit' | 'stop',
  entryText: string,
  current: Decimal | null,
  tickSize: string,
): PriceProblem | null {
  const entry = typedPrice(entryText) ?? Decimal.ZERO;
  const problem = validatePrice(entry, { tickSize });
  if (problem || !current) return problem;
  return validateEntryPrice(side, type, entry, current);
}

/** A trailing distance as typed; empty is none. */
export function trailingProblem(text: string, tickSize: string): PriceProblem | null {
  return validateTrailingDistance(typedPrice(text), { tickSize });
}

// ---------------------------------------------------------------------------------------------
// Currency conversion

/**
 * USDT per one unit of the quote currency, converted as the server converts
 * (`quoteToUsdtRate`); null when no price converts it. USD counts as USDT where the deployment
 * settles it so (`usdSettledAsUsdt`, the default).
 */
export function quoteToUsdtRate(quoteCurrency: string, rates: RateSource, usdSettledAsUsdt = true): Decimal | null {
  return findQuoteToUsdtRate(quoteCurrency, rates, usdSettledAsUsdt);
}

export { isUsdQuoted } from '@openbourse/trading-rules';

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

const usdtOf = (minor: bigint) => Decimal.fromMinorUnits(minor, USDT_DECIMALS);

/** The ticket's figures, by the server's rules; null until lots and price are positive. */
export function computePreview(input: PreviewInput): Preview | null {
  const { instrument, lots, price, rateToUsdt } = input;
  if (!lots.isPositive() || !price.isPositive()) return null;
  const notionalQuote = notional(lots, price, instrument);
  const pipValueQuote = tickValueQuote(lots, instrument);
  const notionalUsdt = rateToUsdt ? convertToUsdt(notionalQuote, rateToUsdt) : null;
  const margin =
    notionalUsdt && validateLeverage(input.leverage, instrument) === null
      ? usdtOf(requiredMargin(notionalUsdt, input.leverage, instrument))
      : null;
  const fee = notionalUsdt ? usdtOf(tradeFee(notionalUsdt, input.feeRate)) : null;
  let stopOut: Decimal | null = null;
  if (input.account && margin && fee && rateToUsdt) {
    stopOut = stopOutPrice(
      input.side,
      price,
      lots,
      instrument,
      rateToUsdt,
      // Opening moves the margin from available to held (equity unchanged) and pays the fee.
      Decimal.parse(input.account.equity).sub(fee),
      Decimal.parse(input.account.usedMargin).add(margin),
      input.account.stopOutLevel,
    );
  }
  return {
    notionalQuote,
    notionalUsdt,
    margin,
    fee,
    pipValueQuote,
    pipValueUsdt: rateToUsdt ? convertToUsdt(pipValueQuote, rateToUsdt) : null,
    stopOutPrice: stopOut,
  };
}

// ---------------------------------------------------------------------------------------------
// Open positions: live P&L and the account's figures

/**
 * A USD- or USDT-quoted position's P&L in USDT at a live price, floored as the server does;
 * null when the figures are no position's (a price or lots that are not positive).
 */
export function pnlUsdt(
  side: Side,
  lots: string,
  openPrice: string,
  currentPrice: string,
  contractSize: string,
): Decimal | null {
  try {
    return usdtOf(unrealisedPnl(side, lots, openPrice, currentPrice, { contractSize }, Decimal.ONE));
  } catch (error) {
    if (error instanceof TradingMathError) return null;
    throw error;
  }
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
  if (level.gt(DEFAULT_STOP_OUT_LEVEL)) return 'warning';
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

// ---------------------------------------------------------------------------------------------
// Amount mode, risk and affordability

/**
 * The lots a position value in USDT buys at `price`: value ÷ (contractSize × price × rate),
 * rounded DOWN to the instrument's lot step (never more than asked); zero when the value is
 * below one step. Null without a conversion rate or a positive price.
 */
export function lotsForUsdtAmount(
  amountUsdt: Decimal,
  price: Decimal | null,
  instrument: Pick<TicketInstrument, 'contractSize' | 'lotStep'>,
  rateToUsdt: Decimal | null,
): Decimal | null {
  if (!price?.isPositive() || !rateToUsdt?.isPositive() || amountUsdt.isNegative()) return null;
  // Converted as the server converts (a rate such as 1 ÷ 150 is rounded; the product is not).
  const perLot = convertToUsdt(Decimal.parse(instrument.contractSize).mul(price), rateToUsdt);
  const step = Decimal.parse(instrument.lotStep);
  const steps = amountUsdt.div(perLot.mul(step), 0, 'floor');
  return steps.mul(step);
}

/** Digits a typed amount may have on each side of its decimal mark (far beyond any order). */
const AMOUNT_DIGITS = 30;
/** Arabic-Indic and Eastern Arabic-Indic digits, read as 0–9. */
const EASTERN_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;
/** The Arabic decimal mark '٫': always a decimal mark. */
const ARABIC_DECIMAL = '\u066b';
/** Marks that only ever separate thousands: spaces of any width, apostrophes, the Arabic '٬'. */
const GROUP_ONLY = /[\s\u00a0\u202f'\u2019\u066c]/;
const AMOUNT_CHARS = /^[\d.,\s\u00a0\u202f'\u2019\u066b\u066c]+$/;

function westernDigit(digit: string): string {
  const code = digit.codePointAt(0) ?? 0;
  return String(code - (code >= 0x06f0 ? 0x06f0 : 0x0660));
}

/** Whole digits grouped by thousands: 1–3 digits (no leading zero), then groups of exactly 3. */
function ungroup(groups: string[]): string | null {
  const [first = '', ...rest] = groups;
  if (!/^\d{1,3}$/.test(first) || (first.startsWith('0') && rest.length > 0)) return null;
  return rest.every((group) => /^\d{3}$/.test(group)) ? groups.join('') : null;
}

/** Which mark in `value` is its decimal mark; null when it has none. */
function decimalMarkOf(value: string, localeDecimal: string): string | null {
  if (value.includes(ARABIC_DECIMAL)) return ARABIC_DECIMAL;
  const marks = [...value].filter((char) => char === '.' || char === ',');
  const last = marks.at(-1);
  if (last === undefined) return null;
  // Beside the other mark or a space, the last mark is the decimal one ("1.000,5", "1 000,5").
  if (new Set(marks).size === 2 || GROUP_ONLY.test(value)) return last;
  // The same mark more than once groups thousands ("9,000,000").
  if (marks.length > 1) return null;
  // A lone mark: the locale's decimal mark is one; another mark groups only three digits.
  const at = value.indexOf(last);
  const after = value.slice(at + 1);
  const groupsThousands = /^\d{3}$/.test(after) && ungroup([value.slice(0, at), after]) !== null;
  return last === localeDecimal || !groupsThousands ? last : null;
}

/**
 * A USDT amount as typed in the reader's locale (`locale`, BCP 47), with the marks that locale
 * writes ("9,000,000.50" in English, "9.000.000,50" in German, "9 000 000,50" in French) and
 * Arabic-Indic digits read as Western ones. A mark used more than once, or before the other
 * mark, groups thousands and must group by three; a lone mark is a decimal mark when it is the
 * locale's or cannot group ("0,5"), else it groups ("9,000" is nine thousand in English and
 * nine in German). The amount itself is never sent (it only chooses the lots), so it may have
 * any number of decimals. Null when the text is no amount: a sign, letters, broken grouping.
 */
export function parseAmountInput(text: string, locale: string): Decimal | null {
  const value = text.trim().replace(EASTERN_DIGITS, westernDigit);
  if (!AMOUNT_CHARS.test(value)) return null;
  const decimalMark = decimalMarkOf(value, partsFor(locale).decimal);
  const cut = decimalMark === null ? -1 : value.lastIndexOf(decimalMark);
  const wholeText = cut < 0 ? value : value.slice(0, cut);
  const fraction = cut < 0 ? '' : value.slice(cut + 1);
  if (!/^\d*$/.test(fraction)) return null;
  // The whole part groups with one kind of mark at most (every space counts as the same).
  const marks = new Set([...wholeText].filter((char) => !/\d/.test(char)).map((c) => (GROUP_ONLY.test(c) ? ' ' : c)));
  if (marks.size > 1) return null;
  const whole = marks.size === 0 ? wholeText : ungroup(wholeText.split(/\D/));
  if (whole === null || (whole === '' && fraction === '')) return null;
  if (whole.length > AMOUNT_DIGITS || fraction.length > AMOUNT_DIGITS) return null;
  return Decimal.parse(`${whole || '0'}${fraction ? `.${fraction}` : ''}`);
}

/** An amount carried into the amount field: the locale's decimal mark, no grouping ("1234,5"). */
export function amountForInput(value: Decimal, locale: string): string {
  return value.toString().replace('.', partsFor(locale).decimal);
}

/**
 * What refuses the order's size, in the order the server checks: the field is empty or no
 * number ('required', 'amountRequired', 'amountInvalid'); the lots break the instrument's rules
 * ('lots', catalogue PURCHASE_AMOUNT_WRONG, with why); only then the account cannot pay for
 * them ('afford', INSUFFICIENT_ACCOUNT_BALANCE).
 */
export type SizeProblem =
  | { kind: 'required' }
  | { kind: 'amountRequired' }
  | { kind: 'amountInvalid' }
  | { kind: 'lots'; reason: LotsInvalidReason }
  | { kind: 'afford' };

/**
 * The order's size as typed: the lots it would send (in amount mode the amount's lots, refused
 * or not, so the ticket can show them; null while no price converts it) and what the lots rules
 * refuse about it. A size with `lots` and no `problem` is what the server's `validateLots` takes.
 */
export type TicketSize = { lots: Decimal | null; problem: Exclude<SizeProblem, { kind: 'afford' }> | null };

const sizeOf = (lots: Decimal, instrument: Pick<TicketInstrument, 'minLots' | 'maxLots' | 'lotStep'>): TicketSize => {
  const checked = validateLots(lots, instrument);
  return { lots, problem: checked.ok ? null : { kind: 'lots', reason: checked.reason } };
};

/** The size typed in lots. */
export function lotsSize(
  text: string,
  instrument: Pick<TicketInstrument, 'minLots' | 'maxLots' | 'lotStep'>,
): TicketSize {
  if (text.trim() === '') return { lots: null, problem: { kind: 'required' } };
  const lots = parseInput(text);
  return lots ? sizeOf(lots, instrument) : { lots: null, problem: { kind: 'lots', reason: 'not_a_number' } };
}

/**
 * The size typed as a position value in USDT (read in `locale`), converted at `price` (the
 * current price for a market order, the entry for a pending one) to lots rounded down to the
 * lot step; then checked as those lots. Without a price or a conversion rate the lots are not
 * known and nothing is refused here (the entry field, or the ticket's blocked reason, says why).
 */
export function amountSize(
  text: string,
  locale: string,
  price: Decimal | null,
  instrument: Pick<TicketInstrument, 'contractSize' | 'minLots' | 'maxLots' | 'lotStep'>,
  rateToUsdt: Decimal | null,
): TicketSize {
  if (text.trim() === '') return { lots: null, problem: { kind: 'amountRequired' } };
  const amount = parseAmountInput(text, locale);
  if (!amount) return { lots: null, problem: { kind: 'amountInvalid' } };
  const lots = lotsForUsdtAmount(amount, price, instrument, rateToUsdt);
  return lots ? sizeOf(lots, instrument) : { lots: null, problem: null };
}

/**
 * The ticket's refusal of the size, as the server would refuse the order: the size's own problem
 * first (the server checks the lots before it reserves anything), then affordability
 * (`validateAffordable`) for valid lots priced by `preview`. Null when nothing refuses it.
 */
export function sizeRefusal(
  size: TicketSize,
  funds: AccountFunds | null,
  preview: Pick<Preview, 'margin' | 'fee'> | null,
  isPendingOrder: boolean,
): SizeProblem | null {
  if (size.problem) return size.problem;
  if (!preview) return null;
  return affordabilityProblem(funds, preview.margin, preview.fee, isPendingOrder) ? { kind: 'afford' } : null;
}

/**
 * What the user loses if the stop loss is hit: the P&L at the stop-loss price (floored as the
 * server settles it) plus the fee paid to open, as a positive USDT amount. Null without a stop
 * loss, a conversion rate or the fee.
 */
export function riskAtStopLoss(
  side: Side,
  lots: Decimal,
  entry: Decimal,
  stopLoss: Decimal | null,
  instrument: Pick<TicketInstrument, 'contractSize'>,
  rateToUsdt: Decimal | null,
  fee: Decimal | null,
): Decimal | null {
  if (!stopLoss || !rateToUsdt || !fee) return null;
  try {
    const pnl = usdtOf(unrealisedPnl(side, lots, entry, stopLoss, instrument, rateToUsdt));
    return fee.sub(pnl);
  } catch (error) {
    if (error instanceof TradingMathError) return null;
    throw error;
  }
}

/** The account summary's figures as the rules read them (USDT minor units); null when one is unreadable. */
export function fundsOf(summary: { balance: string; unrealisedPnl: string } | undefined): AccountFunds | null {
  const available = parseSigned(summary?.balance);
  const unrealised = parseSigned(summary?.unrealisedPnl);
  if (!available || !unrealised) return null;
  return {
    available: available.toMinorUnits(USDT_DECIMALS, 'floor'),
    unrealised: unrealised.toMinorUnits(USDT_DECIMALS, 'floor'),
  };
}

/**
 * Whether the account can pay for the order as the server will decide it (the rules'
 * `validateAffordable`): margin and, for a market order, the fee, against the free margin.
 * Null when it can (or when the figures are not known yet: the server decides then).
 */
export function affordabilityProblem(
  funds: AccountFunds | null,
  margin: Decimal | null,
  fee: Decimal | null,
  isPendingOrder: boolean,
): 'INSUFFICIENT_ACCOUNT_BALANCE' | null {
  if (!funds || !margin) return null;
  const feeNow = isPendingOrder || !fee ? 0n : fee.toMinorUnits(USDT_DECIMALS, 'ceil');
  return validateAffordable(funds, margin.toMinorUnits(USDT_DECIMALS, 'ceil'), feeNow);
}

/** The free margin an order may use (available less open losses), as a USDT amount. */
export function freeForOrder(funds: AccountFunds): Decimal {
  return usdtOf(freeMarginForOrder(funds));
}
