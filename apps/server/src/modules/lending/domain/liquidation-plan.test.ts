import { Decimal } from '@openbourse/money';
import { describe, expect, it } from 'vitest';
import { newLoanBalance } from './interest.js';
import { DAY_MS } from './lending-constants.js';
import {
  type LiquidationInput,
  type LiquidationPlan,
  type LiquidationResult,
  planLiquidation,
} from './liquidation-plan.js';
import type { LoanTerms } from './loan-types.js';
import type { PriceQuote } from './ltv.js';

const d = Decimal.parse;
const USDT = { code: 'USDT', decimals: 6 };
const BTC = { code: 'BTC', decimals: 8 };
const START = Date.UTC(2026, 10, 26, 10, 0, 0);

/** 30,000 USDT against 1 BTC (bought at 60,000: LTV 0.5), 30 days at 0.05% a day, 7 days free. */
const terms: LoanTerms = {
  principal: d('30000'),
  asset: USDT,
  termDays: 30,
  dailyRate: d('0.0005'),
  interestFreeDays: 7,
  disbursedAt: START,
};
const thresholds = { initialLtv: d('0.5'), marginCallLtv: d('0.7'), liquidationLtv: d('0.8') };

function input(price: string, now: number, extra: Partial<PriceQuote> = {}): LiquidationInput {
  return {
    terms,
    balance: newLoanBalance(terms),
    collateralAsset: BTC,
    collateral: d('1'),
    thresholds,
    quote: {
      base: 'BTC',
      quote: 'USDT',
      price: d(price),
      source: 'binance',
      time: now - 500,
      isStale: false,
      ...extra,
    },
    now,
    step: { loanId: 'L7', userId: 'U3', step: 'liquidation-1' },
  };
}

function plan(result: LiquidationResult): LiquidationPlan {
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result;
}

describe('liquidation plan', () => {
  it('sells just enough collateral at the liquidation threshold to return to the initial LTV', () => {
    // Day 1 (interest-free): debt 30,000. At 37,500 the LTV is 30,000 / 37,500 = 0.8, the threshold.
    // s = (D − L₀·C·p) / (p·(1 − L₀)) = (30,000 − 0.5 × 37,500) / (37,500 × 0.5) = 11,250 / 18,750 = 0.6 BTC
    // proceeds 0.6 × 37,500 = 22,500; debt 7,500 against 0.4 BTC = 15,000: LTV 0.5
    const result = plan(planLiquidation(input('37500', START + DAY_MS)));
    expect(result.kind).toBe('partial');
    expect(result.ltvBefore?.toString()).toBe('0.8');
    expect(result.collateralSold.toString()).toBe('0.6');
    expect(result.proceeds.toString()).toBe('22500');
    expect([result.interestPaid.toString(), result.principalPaid.toString()]).toEqual(['0', '22500']);
    expect(result.debtAfter.toString()).toBe('7500');
    expect(result.collateralAfter.toString()).toBe('0.4');
    expect(result.ltvAfter?.toString()).toBe('0.5');
    expect([result.surplus.toString(), result.shortfall.toString()]).toEqual(['0', '0']);
    expect(result.price).toEqual({ value: d('37500'), source: 'binance', time: START + DAY_MS - 500 });
    expect(result.transfers).toEqual([
      {
        from: { kind: 'held', userId: 'U3' },
        to: { kind: 'treasury' },
        asset: 'BTC',
        amount: d('0.6'),
        purpose: 'collateral_sale',
        idempotencyKey: 'loan:L7:liquidation-1:collateral_sale',
      },
    ]);
  });

  it('settles accrued interest first and rounds the sale so the LTV ends at or below the initial LTV', () => {
    // Day 10: interest days 7–9: 30,000 × 0.0005 × 3 = 45; debt 30,045. At 37,000: LTV 0.812 ≥ 0.8.
    // s = (30,045 − 0.5 × 37,000) / (37,000 × 0.5) = 11,545 / 18,500 = 0.6240540540… → 0.62405406 BTC (up)
    // proceeds 0.62405406 × 37,000 = 23,090.00022: interest 45, principal 23,045.00022
    // after: 6,954.99978 USDT against 0.37594594 BTC × 37,000 = 13,909.99978: LTV 0.49999999… ≤ 0.5
    const result = plan(planLiquidation(input('37000', START + 10 * DAY_MS)));
    expect(result.kind).toBe('partial');
    expect(result.debtBefore.toString()).toBe('30045');
    expect(result.collateralSold.toString()).toBe('0.62405406');
    expect(result.proceeds.toString()).toBe('23090.00022');
    expect([result.interestPaid.toString(), result.principalPaid.toString()]).toEqual(['45', '23045.00022']);
    expect(result.balance.principal.toString()).toBe('6954.99978');
    expect(result.balance.accruedDays).toBe(10);
    expect(result.collateralAfter.toString()).toBe('0.37594594');
    expect(result.ltvAfter?.lte(thresholds.initialLtv)).toBe(true);
  });

  it('liquidates in full when a partial sale would leave dust, returning the surplus and the rest of the collateral', () => {
    // A gap to 30,100: LTV 30,000 / 30,100 = 0.9967. A partial sale would leave
    // L₀·(C·p − D)/(1 − L₀) = 0.5 × 100 / 0.5 = 100 USDT, under 1% of 30,000 (300): full.
    // sold ⌈30,000 / 30,100⌉ = ⌈0.99667774086…⌉ = 0.99667775 BTC; proceeds 0.99667775 × 30,100 = 30,000.000275
    // surplus 0.000275 USDT back to the user; 1 − 0.99667775 = 0.00332225 BTC released
    const result = plan(planLiquidation(input('30100', START + DAY_MS)));
    expect(result.kind).toBe('full');
    expect(result.collateralSold.toString()).toBe('0.99667775');
    expect(result.proceeds.toString()).toBe('30000.000275');
    expect(result.surplus.toString()).toBe('0.000275');
    expect(result.collateralReleased.toString()).toBe('0.00332225');
    expect(result.debtAfter.toString()).toBe('0');
    expect(result.shortfall.toString()).toBe('0');
    expect(result.transfers.map((t) => [t.purpose, t.asset, t.amount.toString(), t.from.kind, t.to.kind])).toEqual([
      ['collateral_sale', 'BTC', '0.99667775', 'held', 'treasury'],
      ['surplus_return', 'USDT', '0.000275', 'treasury', 'available'],
      ['collateral_release', 'BTC', '0.00332225', 'held', 'available'],
    ]);
  });

  it('sells everything when the collateral is under water and writes the shortfall off', () => {
    // 1 BTC at 25,000 < 30,000 owed: all sold, 25,000 settles the debt, 5,000 written off
    const result = plan(planLiquidation(input('25000', START + DAY_MS)));
    expect(result.kind).toBe('full');
    expect(result.collateralSold.toString()).toBe('1');
    expect(result.proceeds.toString()).toBe('25000');
    expect(result.shortfall.toString()).toBe('5000');
    expect(result.surplus.toString()).toBe('0');
    expect(result.collateralReleased.toString()).toBe('0');
    expect(result.debtAfter.toString()).toBe('0');
    expect(result.transfers.map((t) => t.purpose)).toEqual(['collateral_sale']);
  });

  it('never liquidates on a stale or old price, however low', () => {
    const now = START + DAY_MS;
    expect(planLiquidation(input('100', now, { isStale: true }))).toEqual({
      ok: false,
      reason: 'price_refused',
      price: 'source_stale',
    });
    expect(planLiquidation(input('100', now, { time: now - 15_001 }))).toEqual({
      ok: false,
      reason: 'price_refused',
      price: 'too_old',
    });
  });

  it('refuses below the liquidation LTV, on another pair and without debt', () => {
    const now = START + DAY_MS;
    // 30,000 / 37,500.01 < 0.8
    const below = planLiquidation(input('37500.01', now));
    expect(below).toMatchObject({ ok: false, reason: 'below_liquidation_ltv' });
    expect(planLiquidation(input('37500', now, { quote: 'USDC' }))).toEqual({
      ok: false,
      reason: 'price_pair_mismatch',
    });
    const repaid = {
      ...input('100', now),
      balance: { principal: Decimal.ZERO, accruedInterest: Decimal.ZERO, accruedDays: 1 },
    };
    expect(planLiquidation(repaid)).toEqual({ ok: false, reason: 'nothing_owed' });
  });
});
