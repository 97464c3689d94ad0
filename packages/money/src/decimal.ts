import { MoneyFormatError } from './errors.js';

/**
 * An exact, immutable decimal number: `coefficient × 10^-scale`, with a bigint coefficient.
 *
 * Prices, lot sizes, rates and intermediate results of money arithmetic live here; nothing
 * is ever a float. Addition, subtraction and multiplication are exact. Division and
 * rounding always take an explicit scale and rounding mode, so every place that loses
 * digits says how.
 *
 * The representation is canonical: trailing fractional zeros are stripped on construction
 * (`1.50` is stored as 15 × 10^-1) and zero has no sign, so two equal values have equal
 * fields and `toString()` is unique per value.
 */

/**
 * How to drop digits. 'down' and 'up' go toward and away from zero (as `rescale` in
 * index.ts); 'floor' and 'ceil' go toward negative and positive infinity; 'half-even'
 * goes to the nearest value and breaks ties toward an even last digit (banker's rounding).
 */
export type DecimalRounding = 'floor' | 'ceil' | 'half-even' | 'down' | 'up';

/** Thrown by `div` when the divisor is zero. */
export class DecimalDivisionByZeroError extends RangeError {
  constructor(readonly dividend: string) {
    super(`Cannot divide ${dividend} by zero`);
    this.name = 'DecimalDivisionByZeroError';
  }
}

const STRICT_PATTERN = /^([+-])?(\d+)(?:\.(\d+))?$/;
/** Longer inputs are refused: BigInt parsing is quadratic, and no real amount is this long. */
const MAX_INPUT_LENGTH = 1000;
/** Scales accepted by `div`, `round` and `toFixed`. */
const MAX_SCALE = 1000;
/** Decimals accepted for minor units, as in index.ts. */
const MAX_MINOR_DECIMALS = 36;

export class Decimal {
  static readonly ZERO = new Decimal(0n, 0);
  static readonly ONE = new Decimal(1n, 0);

  /** The value is `coefficient / 10^scale`; `scale` is the number of significant fraction digits. */
  readonly coefficient: bigint;
  readonly scale: number;

  private constructor(coefficient: bigint, scale: number) {
    let c = coefficient;
    let s = scale;
    while (s > 0 && c % 10n === 0n) {
      c /= 10n;
      s -= 1;
    }
    this.coefficient = c;
    this.scale = c === 0n ? 0 : s;
    Object.freeze(this);
  }

  /**
   * Parses a plain decimal string: an optional sign, digits, and an optional '.' followed by
   * digits. No whitespace, exponents, 'NaN', 'Infinity', '.5' or '5.'.
   */
  static parse(input: string): Decimal {
    if (typeof input !== 'string') throw new MoneyFormatError(String(input), 'expected a string');
    if (input.length > MAX_INPUT_LENGTH) {
      throw new MoneyFormatError(`${input.slice(0, 20)}…`, `longer than ${MAX_INPUT_LENGTH} characters`);
    }
    const match = STRICT_PATTERN.exec(input);
    if (!match) {
      throw new MoneyFormatError(input, 'expected digits with an optional sign and decimal point');
    }
    const [, sign, whole = '0', fraction = ''] = match;
    const magnitude = BigInt(whole + fraction);
    return new Decimal(sign === '-' ? -magnitude : magnitude, fraction.length);
  }

  /** A whole number. A `number` must be a safe integer (never a fraction). */
  static fromInteger(value: bigint | number): Decimal {
    if (typeof value === 'number' && !Number.isSafeInteger(value)) {
      throw new RangeError(`expected a safe integer, got ${value}`);
    }
    return new Decimal(BigInt(value), 0);
  }

  /** `minor / 10^decimals`: the inverse of `toMinorUnits`, e.g. (1_500_000n, 6) → 1.5. */
  static fromMinorUnits(minor: bigint, decimals: number): Decimal {
    assertMinorDecimals(decimals);
    return new Decimal(minor, decimals);
  }

  /** A Decimal as is, or a string through `parse`. */
  static from(value: Decimal | string): Decimal {
    return value instanceof Decimal ? value : Decimal.parse(value);
  }

  static compare(a: Decimal, b: Decimal): -1 | 0 | 1 {
    return a.cmp(b);
  }

  static min(first: Decimal, ...rest: Decimal[]): Decimal {
    return rest.reduce((low, value) => (value.lt(low) ? value : low), first);
  }

  static max(first: Decimal, ...rest: Decimal[]): Decimal {
    return rest.reduce((high, value) => (value.gt(high) ? value : high), first);
  }

  add(other: Decimal): Decimal {
    const [a, b, scale] = align(this, other);
    return new Decimal(a + b, scale);
  }

  sub(other: Decimal): Decimal {
    const [a, b, scale] = align(this, other);
    return new Decimal(a - b, scale);
  }

  mul(other: Decimal): Decimal {
    return new Decimal(this.coefficient * other.coefficient, this.scale + other.scale);
  }

  /**
   * `this ÷ other`, rounded to `scale` fraction digits with `rounding`. The quotient is
   * computed exactly first, so there is only one rounding.
   */
  div(other: Decimal, scale: number, rounding: DecimalRounding): Decimal {
    assertScale(scale);
    if (other.coefficient === 0n) throw new DecimalDivisionByZeroError(this.toString());
    // (a / 10^sa) / (b / 10^sb) at `scale` digits = a × 10^(sb + scale) / (b × 10^sa)
    let numerator = this.coefficient * 10n ** BigInt(other.scale + scale);
    let denominator = other.coefficient * 10n ** BigInt(this.scale);
    if (denominator < 0n) {
      numerator = -numerator;
      denominator = -denominator;
    }
    return new Decimal(divideRounded(numerator, denominator, rounding), scale);
  }

  /** Rounds to at most `scale` fraction digits. A value that already fits is returned as is. */
  round(scale: number, rounding: DecimalRounding): Decimal {
    assertScale(scale);
    if (this.scale <= scale) return this;
    const divisor = 10n ** BigInt(this.scale - scale);
    return new Decimal(divideRounded(this.coefficient, divisor, rounding), scale);
  }

  /** True when `this` is a whole multiple of `step` (zero is a multiple of everything but zero). */
  isMultipleOf(step: Decimal): boolean {
    if (step.isZero()) return this.isZero();
    const [a, b] = align(this, step);
    return a % b === 0n;
  }

  cmp(other: Decimal): -1 | 0 | 1 {
    const [a, b] = align(this, other);
    return a < b ? -1 : a > b ? 1 : 0;
  }

  eq(other: Decimal): boolean {
    return this.coefficient === other.coefficient && this.scale === other.scale;
  }

  lt(other: Decimal): boolean {
    return this.cmp(other) < 0;
  }

  lte(other: Decimal): boolean {
    return this.cmp(other) <= 0;
  }

  gt(other: Decimal): boolean {
    return this.cmp(other) > 0;
  }

  gte(other: Decimal): boolean {
    return this.cmp(other) >= 0;
  }

  isZero(): boolean {
    return this.coefficient === 0n;
  }

  isNegative(): boolean {
    return this.coefficient < 0n;
  }

  isPositive(): boolean {
    return this.coefficient > 0n;
  }

  isInteger(): boolean {
    return this.scale === 0;
  }

  sign(): -1 | 0 | 1 {
    return this.coefficient < 0n ? -1 : this.coefficient > 0n ? 1 : 0;
  }

  neg(): Decimal {
    return new Decimal(-this.coefficient, this.scale);
  }

  abs(): Decimal {
    return this.coefficient < 0n ? this.neg() : this;
  }

  /** Canonical form: no exponent, no trailing fractional zeros, never '-0'. */
  toString(): string {
    return formatScaled(this.coefficient, this.scale);
  }

  /** Exactly `scale` fraction digits, rounded half-even when digits are dropped. */
  toFixed(scale: number): string {
    const rounded = this.round(scale, 'half-even');
    return formatScaled(rounded.coefficient * 10n ** BigInt(scale - rounded.scale), scale);
  }

  /** The value in integer minor units of an asset with `decimals` places, rounded as asked. */
  toMinorUnits(decimals: number, rounding: DecimalRounding): bigint {
    assertMinorDecimals(decimals);
    const rounded = this.round(decimals, rounding);
    return rounded.coefficient * 10n ** BigInt(decimals - rounded.scale);
  }

  /** JSON carries the canonical string: a Decimal never becomes a JSON number. */
  toJSON(): string {
    return this.toString();
  }

  /**
   * Refuses implicit conversion to a number: `a < b` or `a + 1` on Decimals would otherwise
   * compare or concatenate strings without a word. Use `cmp`/`lt`/`add` instead.
   */
  valueOf(): never {
    throw new TypeError('A Decimal cannot be used as a primitive; use its methods (cmp, add, toString)');
  }

  [Symbol.toPrimitive](hint: string): string {
    if (hint === 'string') return this.toString();
    return this.valueOf();
  }
}

/** Both coefficients at the larger of the two scales. */
function align(a: Decimal, b: Decimal): [bigint, bigint, number] {
  if (a.scale === b.scale) return [a.coefficient, b.coefficient, a.scale];
  if (a.scale > b.scale) return [a.coefficient, b.coefficient * 10n ** BigInt(a.scale - b.scale), a.scale];
  return [a.coefficient * 10n ** BigInt(b.scale - a.scale), b.coefficient, b.scale];
}

/** `numerator / denominator` as a whole number, rounded as asked. `denominator` is positive. */
function divideRounded(numerator: bigint, denominator: bigint, rounding: DecimalRounding): bigint {
  const quotient = numerator / denominator; // truncates toward zero
  const remainder = numerator % denominator; // has the sign of the numerator
  if (remainder === 0n) return quotient;
  const away = numerator < 0n ? quotient - 1n : quotient + 1n;
  switch (rounding) {
    case 'down':
      return quotient;
    case 'up':
      return away;
    case 'floor':
      return numerator < 0n ? away : quotient;
    case 'ceil':
      return numerator > 0n ? away : quotient;
    case 'half-even': {
      const twice = (remainder < 0n ? -remainder : remainder) * 2n;
      if (twice > denominator) return away;
      if (twice < denominator) return quotient;
      return quotient % 2n === 0n ? quotient : away;
    }
    default:
      return assertNever(rounding);
  }
}

function formatScaled(coefficient: bigint, scale: number): string {
  const negative = coefficient < 0n;
  const digits = (negative ? -coefficient : coefficient).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${fraction}` : ''}`;
}

function assertScale(scale: number): void {
  if (!Number.isInteger(scale) || scale < 0 || scale > MAX_SCALE) {
    throw new RangeError(`scale must be a whole number from 0 to ${MAX_SCALE}, got ${scale}`);
  }
}

function assertMinorDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_MINOR_DECIMALS) {
    throw new RangeError(`decimals must be a whole number from 0 to ${MAX_MINOR_DECIMALS}, got ${decimals}`);
  }
}

function assertNever(value: never): never {
  throw new RangeError(`unknown rounding mode ${String(value)}`);
}
