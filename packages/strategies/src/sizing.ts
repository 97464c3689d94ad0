import { Decimal } from '@openbourse/money';
import {
  clampLeverage,
  type DecimalInput,
  notionalUsdt,
  requiredMargin,
  type TradingInstrument,
  tradeFee,
  USDT_DECIMALS,
  validateAffordable,
} from '@openbourse/trading-rules';

/** The instrument figures sizing needs (decimal strings, as in the catalogue). */
export type SizingInstrument = Pick<
  TradingInstrument,
  'contractSize' | 'lotStep' | 'minLots' | 'maxLots' | 'leverageCap'
>;

export type SizingInput = {
  /** The plan's equity, USDT minor units: the base of the share committed. */
  equity: bigint;
  /** What is free for a new order (margin + fee must fit), USDT minor units. */
  available: bigint;
  /** The price the order is expected to fill at. */
  price: DecimalInput;
  /** Asked leverage; brought within 1…leverageCap (`clampLeverage`). */
  leverage: number;
  /** Share of equity to commit as margin, a decimal in (0, 1]. */
  marginShare: DecimalInput;
  feeRate: DecimalInput;
  instrument: SizingInstrument;
  /** USDT per unit of the quote currency; 1 for USDT and USD (as USDT) quotes. */
  rateToUsdt?: DecimalInput;
};

export type Sizing =
  | { ok: true; lots: Decimal; leverage: number; notional: Decimal; margin: bigint; fee: bigint }
  | { ok: false; reason: 'below-min-lots'; leverage: number };

/**
 * The lots to open, shared by the backtest and the live runner: the margin is at most
 * `marginShare` of equity, i.e. lots = equity × share × leverage ÷ (price × contractSize),
 * floored to the lot step and capped at maxLots; fewer when the margin and the fee would not fit
 * in `available` (the platform's `validateAffordable`). Below minLots, no order.
 */
export function sizePosition(input: SizingInput): Sizing {
  const { instrument } = input;
  const leverage = clampLeverage(input.leverage, instrument);
  const share = Decimal.from(input.marginShare);
  if (!share.isPositive() || share.gt(Decimal.ONE)) {
    throw new RangeError(`the share of equity committed must be in (0, 1], got ${share}`);
  }
  const feeRate = Decimal.from(input.feeRate);
  const rate = Decimal.from(input.rateToUsdt ?? '1');
  const step = Decimal.parse(instrument.lotStep);
  const minLots = Decimal.parse(instrument.minLots);
  const lever = Decimal.fromInteger(leverage);
  // USDT of notional per lot step.
  const stepValue = step.mul(Decimal.parse(instrument.contractSize)).mul(Decimal.from(input.price)).mul(rate);
  const refuse: Sizing = { ok: false, reason: 'below-min-lots', leverage };
  if (!stepValue.isPositive() || input.equity <= 0n || input.available <= 0n) return refuse;
  const equity = Decimal.fromMinorUnits(input.equity, USDT_DECIMALS);
  const available = Decimal.fromMinorUnits(input.available, USDT_DECIMALS);
  // Steps by the committed share: margin = notional ÷ leverage ≤ equity × share.
  const byShare = equity.mul(share).mul(lever).div(stepValue, 0, 'floor');
  // Steps that stay affordable: notional × (1 ÷ leverage + feeRate) ≤ available.
  const byFunds = available.mul(lever).div(stepValue.mul(Decimal.ONE.add(feeRate.mul(lever))), 0, 'floor');
  const byMax = Decimal.parse(instrument.maxLots).div(step, 0, 'floor');
  let steps = Decimal.min(byShare, byFunds, byMax);
  // Margin and fee are each rounded up to the minor unit: a step or two fewer may be needed.
  while (steps.isPositive()) {
    const lots = steps.mul(step);
    if (lots.lt(minLots)) return refuse;
    const notional = notionalUsdt(lots, input.price, instrument, rate);
    const margin = requiredMargin(notional, leverage, instrument);
    const fee = tradeFee(notional, feeRate);
    if (validateAffordable({ available: input.available, unrealised: 0n }, margin, fee) === null) {
      return { ok: true, lots, leverage, notional, margin, fee };
    }
    steps = steps.sub(Decimal.ONE);
  }
  return refuse;
}
