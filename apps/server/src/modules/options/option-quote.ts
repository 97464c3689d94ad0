import type { OptionKind } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import { type Greeks, optionGreeks, yearsBetween } from '@openbourse/options-pricing';

/**
 * From the Black–Scholes value (float64, packages/options-pricing) to the prices money moves at
 * (exact decimals), per contract:
 *   mid = value per unit × contract size (kept at 12 decimals);
 *   ask = mid × (1 + spread/2), rounded UP to the asset's unit, at least the product's minimum
 *         premium and one unit, at most the contract's maximum payout;
 *   bid = mid × (1 − spread/2), rounded DOWN, never negative, never above the ask.
 * Rounding is in the platform's favour by at most one unit of the asset, as the product discloses.
 */

export type SeriesTerms = {
  type: OptionKind;
  strike: Decimal;
  cap: Decimal | null;
  contractSize: Decimal;
  maxPayout: Decimal;
  expiresAt: number;
};

export type PricingTerms = {
  spreadRate: Decimal;
  minPremium: Decimal;
  rate: number;
  decimals: number;
};

export type SeriesPrice = { mid: Decimal; bid: Decimal; ask: Decimal; greeks: Greeks };

const VALUE_SCALE = 12;

/** A float statistic as a decimal at `scale` places (finite, non-negative values only). */
export function decimalOf(value: number, scale: number): Decimal {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`not a finite non-negative value: ${value}`);
  return Decimal.parse(value.toFixed(scale));
}

/** A decimal's float value for the pricing model (strikes, spot, contract size; not a balance). */
export const floatOf = (value: Decimal): number => Number.parseFloat(value.toString());

export function priceSeries(
  series: SeriesTerms,
  pricing: PricingTerms,
  spot: number,
  volatility: number,
  nowMs: number,
): SeriesPrice {
  const greeks = optionGreeks(
    series.type,
    {
      spot,
      strike: floatOf(series.strike),
      years: yearsBetween(nowMs, series.expiresAt),
      rate: pricing.rate,
      volatility,
    },
    series.cap === null ? null : floatOf(series.cap),
  );
  const mid = decimalOf(Math.max(0, greeks.price), VALUE_SCALE)
    .mul(series.contractSize)
    .round(VALUE_SCALE, 'half-even');
  const half = pricing.spreadRate.div(Decimal.fromInteger(2), VALUE_SCALE + 2, 'half-even');
  const unit = Decimal.fromMinorUnits(1n, pricing.decimals);
  let ask = mid.mul(Decimal.ONE.add(half)).round(pricing.decimals, 'up');
  ask = Decimal.max(ask, pricing.minPremium.round(pricing.decimals, 'up'), unit);
  ask = Decimal.min(ask, series.maxPayout);
  let bid = mid.mul(Decimal.ONE.sub(half)).round(pricing.decimals, 'down');
  bid = Decimal.min(Decimal.max(bid, Decimal.ZERO), ask);
  return { mid, bid, ask, greeks };
}

/** Payout per unit at expiry, exactly: a call max(0, S−K) capped at its cap; a put max(0, K−S). */
export function payoffPerUnit(type: OptionKind, strike: Decimal, cap: Decimal | null, settlement: Decimal): Decimal {
  if (type === 'put') return Decimal.max(strike.sub(settlement), Decimal.ZERO);
  const intrinsic = Decimal.max(settlement.sub(strike), Decimal.ZERO);
  return cap === null ? intrinsic : Decimal.min(intrinsic, cap);
}
