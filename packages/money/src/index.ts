/**
 * Exact money. Amounts are integer minor units (`bigint`) with a number of decimals per
 * asset; on the wire they are decimal strings. This is the only place where arithmetic on
 * money is written (DESIGN.md "Money"); `number` never carries an amount.
 */

export type MinorUnits = bigint;

import { MoneyFormatError } from './errors.js';

export { MoneyFormatError };

const DECIMAL_PATTERN = /^(-)?(\d+)(?:\.(\d+))?$/;

/**
 * Parses a decimal string into minor units with `decimals` places. More fractional digits
 * than the asset has is an error rather than a silent rounding: the caller decides how to round.
 */
export function parseAmount(input: string, decimals: number): MinorUnits {
  assertDecimals(decimals);
  const match = DECIMAL_PATTERN.exec(input.trim());
  if (!match) throw new MoneyFormatError(input, 'expected digits with an optional decimal point');
  const [, sign, whole = '0', fraction = ''] = match;
  if (fraction.length > decimals) {
    throw new MoneyFormatError(input, `more than ${decimals} decimal places`);
  }
  const minor = BigInt(whole + fraction.padEnd(decimals, '0'));
  return sign ? -minor : minor;
}

/** Formats minor units as a plain decimal string with exactly `decimals` places. */
export function formatAmount(amount: MinorUnits, decimals: number): string {
  assertDecimals(decimals);
  const negative = amount < 0n;
  const digits = (negative ? -amount : amount).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  return `${negative ? '-' : ''}${whole}${decimals > 0 ? `.${fraction}` : ''}`;
}

export type RoundingMode = 'down' | 'up' | 'half-even';

/**
 * Changes the number of decimals of an amount, rounding as asked when places are dropped.
 * 'down' and 'up' round toward and away from zero.
 */
export function rescale(amount: MinorUnits, from: number, to: number, mode: RoundingMode): MinorUnits {
  assertDecimals(from);
  assertDecimals(to);
  if (to >= from) return amount * 10n ** BigInt(to - from);
  const divisor = 10n ** BigInt(from - to);
  const quotient = amount / divisor; // truncates toward zero
  const remainder = amount % divisor;
  if (remainder === 0n) return quotient;
  const direction = amount < 0n ? -1n : 1n;
  if (mode === 'down') return quotient;
  if (mode === 'up') return quotient + direction;
  const twice = (remainder < 0n ? -remainder : remainder) * 2n;
  if (twice > divisor) return quotient + direction;
  if (twice < divisor) return quotient;
  return quotient % 2n === 0n ? quotient : quotient + direction;
}

function assertDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 36) {
    throw new RangeError(`decimals must be a whole number from 0 to 36, got ${decimals}`);
  }
}

export * from './decimal.js';
