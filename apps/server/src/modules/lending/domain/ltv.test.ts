import { Decimal } from '@openbourse/money';
import { describe, expect, it } from 'vitest';
import {
  assertLtvThresholds,
  assessLtv,
  collateralRequiredFor,
  ltvOf,
  ltvReaches,
  maxLoanFor,
  nextWarningLtv,
  type PriceQuote,
  priceRefusal,
  triggerPrice,
} from './ltv.js';

const d = Decimal.parse;
const USDT = { code: 'USDT', decimals: 6 };
const BTC = { code: 'BTC', decimals: 8 };
const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);
const thresholds = { initialLtv: d('0.5'), marginCallLtv: d('0.7'), liquidationLtv: d('0.8') };
const quote = (price: string, extra: Partial<PriceQuote> = {}): PriceQuote => ({
  base: 'BTC',
  quote: 'USDT',
  price: d(price),
  source: 'binance',
  time: NOW - 1_000,
  isStale: false,
  ...extra,
});

describe('loan-to-value', () => {
  it('computes the LTV at a given price', () => {
    // 30,000 USDT against 1 BTC: at 60,000 → 30,000 / 60,000 = 0.5; at 40,000 → 0.75
    expect(ltvOf(d('30000'), d('1'), d('60000'))?.toString()).toBe('0.5');
    expect(ltvOf(d('30000'), d('1'), d('40000'))?.toString()).toBe('0.75');
    // 30,000 / (1 × 45,000) = 0.6666…, shown rounded up: 0.666667
    expect(ltvOf(d('30000'), d('1'), d('45000'))?.toString()).toBe('0.666667');
    expect(ltvOf(d('30000'), Decimal.ZERO, d('45000'))).toBeNull();
  });

  it('decides thresholds exactly, at the threshold included', () => {
    // liquidation at 0.8: 30,000 / 0.8 = 37,500
    expect(ltvReaches(d('30000'), d('1'), d('37500'), d('0.8'))).toBe(true);
    expect(ltvReaches(d('30000'), d('1'), d('37500.000000000000000001'), d('0.8'))).toBe(false);
    expect(ltvReaches(Decimal.ZERO, d('1'), d('1'), d('0.8'))).toBe(false);
  });

  it('gives the price at which each threshold is reached', () => {
    // 30,000 / (1 × 0.7) = 42,857.142857142857142857… (rounded down at 18 digits)
    expect(triggerPrice(d('30000'), d('1'), d('0.7'))?.toString()).toBe('42857.142857142857142857');
    expect(triggerPrice(d('30000'), d('1'), d('0.8'))?.toString()).toBe('37500');
    expect(triggerPrice(Decimal.ZERO, d('1'), d('0.8'))).toBeNull();
  });

  it('allows at most the initial LTV of the collateral’s value as a loan', () => {
    // 0.5 BTC × 60,000 × 0.5 = 15,000 USDT
    expect(maxLoanFor(d('0.5'), d('60000'), d('0.5'), USDT).toString()).toBe('15000');
    // 0.12345678 × 61,234.56 × 0.5 = 3,779.9108011584 → 3,779.910801 (down)
    expect(maxLoanFor(d('0.12345678'), d('61234.56'), d('0.5'), USDT).toString()).toBe('3779.910801');
    // the collateral needed for 15,000.01 USDT: 15,000.01 / 30,000 = 0.50000033… → 0.50000034 BTC (up)
    expect(collateralRequiredFor(d('15000.01'), d('60000'), d('0.5'), BTC).toString()).toBe('0.50000034');
  });

  it('classifies a loan as healthy, margin call or liquidation at a fresh price, with its source', () => {
    const at = (price: string) =>
      assessLtv({ debt: d('30000'), collateral: d('1'), quote: quote(price), thresholds, now: NOW });
    expect(at('50000')).toMatchObject({ state: 'healthy', source: 'binance', priceTime: NOW - 1_000 });
    expect(at('42857.14')).toMatchObject({ state: 'margin_call' });
    expect(at('37500')).toMatchObject({ state: 'liquidation', ltv: d('0.8') });
  });

  it('never acts on a stale, old, future or non-positive price', () => {
    expect(priceRefusal(quote('1', { isStale: true }), NOW)).toBe('source_stale');
    expect(priceRefusal(quote('1', { time: NOW - 15_000 }), NOW)).toBeNull();
    expect(priceRefusal(quote('1', { time: NOW - 15_001 }), NOW)).toBe('too_old');
    expect(priceRefusal(quote('1', { time: NOW + 2_001 }), NOW)).toBe('from_future');
    expect(priceRefusal(quote('0'), NOW)).toBe('not_positive');
    const crash = assessLtv({
      debt: d('30000'),
      collateral: d('1'),
      quote: quote('100', { isStale: true }),
      thresholds,
      now: NOW,
    });
    expect(crash).toEqual({ state: 'price_refused', reason: 'source_stale' });
  });

  it('repeats the margin call every 5 LTV points until the liquidation LTV', () => {
    expect(nextWarningLtv(thresholds, d('0.5'))?.toString()).toBe('0.7');
    expect(nextWarningLtv(thresholds, null)?.toString()).toBe('0.7');
    expect(nextWarningLtv(thresholds, d('0.7'))?.toString()).toBe('0.75');
    expect(nextWarningLtv(thresholds, d('0.72'))?.toString()).toBe('0.75');
    // past 0.75 the next step would be 0.8, the liquidation LTV: no more warnings
    expect(nextWarningLtv(thresholds, d('0.75'))).toBeNull();
  });

  it('refuses thresholds out of order', () => {
    expect(() => assertLtvThresholds(thresholds)).not.toThrow();
    expect(() => assertLtvThresholds({ ...thresholds, marginCallLtv: d('0.85') })).toThrow(RangeError);
    expect(() => assertLtvThresholds({ ...thresholds, liquidationLtv: d('1') })).toThrow(RangeError);
    expect(() => assertLtvThresholds({ ...thresholds, initialLtv: d('0') })).toThrow(RangeError);
  });
});
