import { describe, expect, it } from 'vitest';
import { clampLeverage, freeMarginForOrder, validateAffordable } from './index.js';

describe('whether the account can afford an order (catalogue 10037)', () => {
  it('counts an unrealised loss against the free margin, never an unrealised gain', () => {
    expect(freeMarginForOrder({ available: 1_000_000n, unrealised: -250_000n })).toBe(750_000n);
    expect(freeMarginForOrder({ available: 1_000_000n, unrealised: 400_000n })).toBe(1_000_000n);
    expect(freeMarginForOrder({ available: 1_000_000n, unrealised: 0n })).toBe(1_000_000n);
  });

  it('accepts an order whose margin and fee the free margin covers, to the last minor unit', () => {
    const funds = { available: 10_000_000n, unrealised: 0n };
    expect(validateAffordable(funds, 9_000_000n, 1_000_000n)).toBeNull();
    expect(validateAffordable(funds, 9_000_000n, 1_000_001n)).toBe('INSUFFICIENT_ACCOUNT_BALANCE');
  });

  it('refuses what an open loss has eaten, and what the fee alone tips over', () => {
    expect(validateAffordable({ available: 10_000_000n, unrealised: -1n }, 10_000_000n, 0n)).toBe(
      'INSUFFICIENT_ACCOUNT_BALANCE',
    );
    expect(validateAffordable({ available: 10_000_000n, unrealised: 5_000_000n }, 10_000_000n, 1n)).toBe(
      'INSUFFICIENT_ACCOUNT_BALANCE',
    );
    // 100 lots of a 900 USDT instrument at 1:1 on a 100 USDT account.
    expect(validateAffordable({ available: 100_000_000n, unrealised: 0n }, 90_000_000_000n, 90_000_000n)).toBe(
      'INSUFFICIENT_ACCOUNT_BALANCE',
    );
  });
});

describe('leverage brought within the rules', () => {
  const cap = { leverageCap: 20 };
  it('keeps a whole leverage from 1 to the cap', () => {
    expect(clampLeverage(1, cap)).toBe(1);
    expect(clampLeverage(7, cap)).toBe(7);
    expect(clampLeverage(20, cap)).toBe(20);
  });

  it('clamps above the cap to the cap, never to 1', () => {
    expect(clampLeverage(21, cap)).toBe(20);
    expect(clampLeverage(500, cap)).toBe(20);
    expect(clampLeverage(Number.POSITIVE_INFINITY, cap)).toBe(20);
  });

  it('reads below 1 or not a number as 1, and a fraction as the whole below it', () => {
    expect(clampLeverage(0, cap)).toBe(1);
    expect(clampLeverage(-3, cap)).toBe(1);
    expect(clampLeverage(Number.NaN, cap)).toBe(1);
    expect(clampLeverage(7.9, cap)).toBe(7);
  });
});
