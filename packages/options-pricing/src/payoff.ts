/** What an option pays at expiry, per unit of underlying: no model, no float beyond a subtraction. */
import { assertOptionType, type OptionType } from './black-scholes.js';

/** A cap is either absent (null) or a finite positive amount per unit. */
export function assertCap(cap: number | null): void {
  if (cap !== null && !(Number.isFinite(cap) && cap > 0)) {
    throw new RangeError(`cap must be null or a finite positive number, got ${cap}`);
  }
}

function assertStrike(strike: number): void {
  if (!(Number.isFinite(strike) && strike > 0)) {
    throw new RangeError(`strike must be a finite positive number, got ${strike}`);
  }
}

/** Payout per unit at expiry: put max(0, K−S); call max(0, S−K), capped at cap when given. */
export function payoffAtExpiry(type: OptionType, strike: number, cap: number | null, settlement: number): number {
  assertOptionType(type);
  assertStrike(strike);
  assertCap(cap);
  if (!(Number.isFinite(settlement) && settlement >= 0)) {
    throw new RangeError(`settlement must be a finite non-negative number, got ${settlement}`);
  }
  if (type === 'put') return Math.max(0, strike - settlement);
  const payout = Math.max(0, settlement - strike);
  return cap === null ? payout : Math.min(payout, cap);
}

/** Maximum payout per unit: a put's strike (the underlying at 0); a capped call's cap; an uncapped call: Infinity. */
export function maximumPayout(type: OptionType, strike: number, cap: number | null): number {
  assertOptionType(type);
  assertStrike(strike);
  assertCap(cap);
  if (type === 'put') return strike;
  return cap ?? Number.POSITIVE_INFINITY;
}

/**
 * Break-even at expiry per unit premium paid: call K + premium, put K − premium (floored at 0:
 * a put bought for more than its strike never breaks even, and the underlying cannot go below 0).
 */
export function breakEven(type: OptionType, strike: number, premiumPerUnit: number): number {
  assertOptionType(type);
  assertStrike(strike);
  if (!(Number.isFinite(premiumPerUnit) && premiumPerUnit >= 0)) {
    throw new RangeError(`premium must be a finite non-negative number, got ${premiumPerUnit}`);
  }
  return type === 'call' ? strike + premiumPerUnit : Math.max(0, strike - premiumPerUnit);
}
