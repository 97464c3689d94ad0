import type { TLoanSetting } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import { describe, expect, it } from 'vitest';
import { formatDailyRate, formatDays, formatIndicativeApr, formatLtv } from './loan-format';
import {
  balanceAmountProblem,
  chargeableDays,
  collateralRequiredFor,
  gaugeMaximumPercent,
  gaugePosition,
  indicativeApr,
  limitFor,
  loanAmountProblem,
  ltvOf,
  ltvZone,
  maxLoanFor,
  promisedInterest,
  ratioToPercent,
  readAmount,
  verificationLevelOf,
} from './loan-math';

const d = (text: string) => Decimal.parse(text);

const cryptoBacked: Pick<TLoanSetting, 'limits'> = {
  limits: [
    { verification: 'unverified', minAmount: '50', maxAmount: '50000' },
    { verification: 'verified', minAmount: '50', maxAmount: '200000' },
  ],
};
const unsecured: Pick<TLoanSetting, 'limits'> = {
  limits: [{ verification: 'verified', minAmount: '100', maxAmount: '5000' }],
};

describe('the borrower’s limits', () => {
  it('gives the verified limits only to a verified identity (status 1)', () => {
    expect(verificationLevelOf(1)).toBe('verified');
    for (const status of [0, 2, 3, null, undefined]) expect(verificationLevelOf(status)).toBe('unverified');
  });

  it('finds the limit of the level, and none where the level cannot borrow', () => {
    expect(limitFor(cryptoBacked, 'verified')?.maxAmount).toBe('200000');
    expect(limitFor(cryptoBacked, 'unverified')?.maxAmount).toBe('50000');
    expect(limitFor(unsecured, 'unverified')).toBeNull();
  });
});

describe('rates', () => {
  it('turns ratios into exact percents', () => {
    expect(ratioToPercent('0.0005')).toBe('0.05');
    expect(ratioToPercent('0.5')).toBe('50');
    expect(ratioToPercent('0.0000123456')).toBe('0.00123456');
  });

  it('annualises the daily rate simply: 0.0005 × 365 = 0.1825', () => {
    expect(indicativeApr('0.0005').toString()).toBe('0.1825');
    expect(indicativeApr('0.0003').toString()).toBe('0.1095');
  });

  it('writes a daily rate with every digit, the APR with at most two decimals, in the reader’s locale', () => {
    expect(formatDailyRate('0.0005', 'en')).toBe('0.05%');
    expect(formatDailyRate('0.00033', 'de')).toMatch(/^0,033\s%$/u);
    expect(formatIndicativeApr('0.0005', 'en')).toBe('18.25%');
    // 0.00033 × 365 = 0.12045 → 12.045% → 12.04% (half to even)
    expect(formatIndicativeApr('0.00033', 'en')).toBe('12.04%');
    expect(formatIndicativeApr('0.0005', 'fr')).toMatch(/^18,25\s?%$/);
  });

  it('writes an LTV with at most two decimals', () => {
    expect(formatLtv('0.5', 'en')).toBe('50%');
    expect(formatLtv('0.523456', 'en')).toBe('52.35%');
    expect(formatLtv(null, 'en')).toBe('—');
  });

  it('names days with the language’s own plural', () => {
    expect(formatDays(1, 'en')).toBe('1 day');
    expect(formatDays(30, 'en')).toBe('30 days');
    expect(formatDays(30, 'de')).toBe('30 Tage');
    // Western digits in Arabic, as every figure of the app.
    expect(formatDays(30, 'ar')).toMatch(/30/);
  });
});

describe('the interest an offer promises', () => {
  it('charges nothing for the interest-free days, then the daily rate on the principal', () => {
    // 1000 USDT for 30 days, 3 days free, 0.05% a day: 1000 × 0.0005 × (30 − 3) = 13.5
    expect(
      promisedInterest({ amount: d('1000'), dailyRate: '0.0005', termDays: 30, interestFreeDays: 3, decimals: 6 }),
    ).toEqual(d('13.5'));
  });

  it('rounds down to the asset’s decimals, in the borrower’s favour', () => {
    // 123.456789 × 0.0003 × 7 = 0.2592592569 → 0.259259 (6 decimals, down)
    expect(
      promisedInterest({ amount: d('123.456789'), dailyRate: '0.0003', termDays: 7, interestFreeDays: 0, decimals: 6 }),
    ).toEqual(d('0.259259'));
  });

  it('charges nothing when the whole term is interest-free', () => {
    expect(chargeableDays(7, 7)).toBe(0);
    expect(chargeableDays(7, 10)).toBe(0);
    expect(
      promisedInterest({ amount: d('500'), dailyRate: '0.001', termDays: 7, interestFreeDays: 7, decimals: 6 }),
    ).toEqual(Decimal.ZERO);
  });
});

describe('the collateral calculator', () => {
  it('lends at most collateral × price × initial LTV, rounded down', () => {
    // 0.5 BTC × 60,000 × 0.5 = 15,000 USDT
    expect(maxLoanFor(d('0.5'), d('60000'), d('0.5'), 6)).toEqual(d('15000'));
    // 0.00012345 BTC × 61,234.56 × 0.5 = 3.779703216 → 3.779703
    expect(maxLoanFor(d('0.00012345'), d('61234.56'), d('0.5'), 6)).toEqual(d('3.779703'));
  });

  it('needs amount ÷ (price × initial LTV) of collateral, rounded up', () => {
    // 15,000 ÷ (60,000 × 0.5) = 0.5 BTC exactly
    expect(collateralRequiredFor(d('15000'), d('60000'), d('0.5'), 8)).toEqual(d('0.5'));
    // 1000 ÷ (61,234.56 × 0.5) = 1000 ÷ 30,617.28 = 0.032661298… → 0.03266130 (8 decimals, up)
    expect(collateralRequiredFor(d('1000'), d('61234.56'), d('0.5'), 8)).toEqual(d('0.0326613'));
    expect(collateralRequiredFor(d('1000'), d('0'), d('0.5'), 8)).toBeNull();
  });

  it('the collateral it asks for carries the amount, and one unit less does not', () => {
    const price = d('3187.42');
    const needed = collateralRequiredFor(d('2500'), price, d('0.5'), 18) as Decimal;
    expect(maxLoanFor(needed, price, d('0.5'), 6).gte(d('2500'))).toBe(true);
    const less = needed.sub(Decimal.fromMinorUnits(1n, 18));
    expect(maxLoanFor(less, price, d('0.5'), 6).lt(d('2500'))).toBe(true);
  });

  it('measures the LTV as debt over the collateral’s value, rounded up', () => {
    // 10,000 ÷ (0.5 × 30,000) = 0.6666… → 0.666667
    expect(ltvOf(d('10000'), d('0.5'), d('30000'))).toEqual(d('0.666667'));
    expect(ltvOf(d('10000'), d('0'), d('30000'))).toBeNull();
  });
});

describe('amount fields', () => {
  it('reads digits with a point, refusing signs, commas, too many decimals and zero', () => {
    expect(readAmount('', 6)).toEqual({ kind: 'empty' });
    expect(readAmount('1,5', 6)).toEqual({ kind: 'invalid' });
    expect(readAmount('-3', 6)).toEqual({ kind: 'invalid' });
    expect(readAmount('1.1234567', 6)).toEqual({ kind: 'tooManyDecimals', decimals: 6 });
    expect(readAmount('0.000', 6)).toEqual({ kind: 'notPositive' });
    expect(readAmount(' 12.5 ', 6)).toEqual({ kind: 'amount', value: d('12.5') });
  });

  it('checks a loan amount against the level’s limits, then what the collateral carries', () => {
    const limit = limitFor(cryptoBacked, 'unverified');
    const rules = { decimals: 6, limit, collateralMaximum: d('15000') };
    expect(loanAmountProblem('49.99', rules)).toEqual({ problem: 'belowMinimum', minimum: '50' });
    expect(loanAmountProblem('50000.01', rules)).toEqual({ problem: 'aboveMaximum', maximum: '50000' });
    expect(loanAmountProblem('15000.000001', rules)).toEqual({ problem: 'aboveCollateral', maximum: '15000' });
    expect(loanAmountProblem('15000', rules)).toBeNull();
    expect(loanAmountProblem('50', { ...rules, collateralMaximum: null })).toBeNull();
  });

  it('keeps a repayment within what is owed and what the balance holds', () => {
    const rules = { decimals: 6, available: '800', maximum: { value: '1013.5', problem: 'aboveMaximum' as const } };
    expect(balanceAmountProblem('1013.6', rules)).toEqual({ problem: 'aboveMaximum', maximum: '1013.5' });
    expect(balanceAmountProblem('900', rules)).toEqual({ problem: 'aboveAvailable', available: '800' });
    expect(balanceAmountProblem('800', rules)).toBeNull();
  });
});

describe('the LTV gauge', () => {
  it('places the LTV against the thresholds', () => {
    expect(ltvZone(d('0.69'), d('0.7'), d('0.8'))).toBe('healthy');
    expect(ltvZone(d('0.7'), d('0.7'), d('0.8'))).toBe('marginCall');
    expect(ltvZone(d('0.8'), d('0.7'), d('0.8'))).toBe('liquidation');
  });

  it('runs from 0 to 100%, or past an LTV beyond 100% so the needle stays on it', () => {
    expect(gaugeMaximumPercent(d('0.5'))).toEqual(d('100'));
    expect(gaugeMaximumPercent(null)).toEqual(d('100'));
    expect(gaugeMaximumPercent(d('1.234'))).toEqual(d('124'));
    expect(gaugePosition(d('0.7'), d('100'))).toBe('70.00');
    // 0.8 on a scale to 124%: 80 ÷ 124 = 64.516… → 64.52
    expect(gaugePosition(d('0.8'), d('124'))).toBe('64.52');
    expect(gaugePosition(d('2'), d('100'))).toBe('100.00');
  });
});
