import { Decimal } from '@openbourse/money';
import { describe, expect, it } from 'vitest';
import {
  findQuoteToUsdtRate,
  stopOutPrice,
  stopProblems,
  validateCloseLots,
  validateEntryPrice,
  validateLeverage,
  validatePrice,
  validateTrailingDistance,
} from './index.js';

// The rules as the web's order ticket asks them, field by field while the user types (these
// were the ticket's own tests when it re-derived the rules, issue 12).

const d = (value: string) => Decimal.parse(value);
const TICK = { tickSize: '0.01' };

describe('stops field by field (SPEC §5: long SL < price < TP, short TP < price < SL)', () => {
  const ref = d('100');
  it('accepts stops on the right sides and stops not set', () => {
    expect(stopProblems('long', ref, '99', '101', TICK)).toEqual({ stopLoss: null, takeProfit: null });
    expect(stopProblems('short', ref, '101', '99', TICK)).toEqual({ stopLoss: null, takeProfit: null });
    expect(stopProblems('long', ref, null, undefined, TICK)).toEqual({ stopLoss: null, takeProfit: null });
  });

  it('reports a stop loss on the wrong side (10136) and a take profit likewise (10137)', () => {
    expect(stopProblems('long', ref, '101', null, TICK).stopLoss).toBe('STOP_LOSS_UNREASONABLE');
    expect(stopProblems('long', ref, '100', null, TICK).stopLoss).toBe('STOP_LOSS_UNREASONABLE');
    expect(stopProblems('short', ref, '99', null, TICK).stopLoss).toBe('STOP_LOSS_UNREASONABLE');
    expect(stopProblems('long', ref, null, '99', TICK).takeProfit).toBe('TAKE_PROFIT_UNREASONABLE');
    expect(stopProblems('short', ref, null, '101', TICK).takeProfit).toBe('TAKE_PROFIT_UNREASONABLE');
  });

  it('reports a pair on the wrong sides of each other on both fields (10138)', () => {
    expect(stopProblems('long', ref, '105', '95', TICK)).toEqual({
      stopLoss: 'STOP_COMBINATION_UNREASONABLE',
      takeProfit: 'STOP_COMBINATION_UNREASONABLE',
    });
    expect(stopProblems('short', ref, '95', '105', TICK).stopLoss).toBe('STOP_COMBINATION_UNREASONABLE');
  });

  it('wants positive whole ticks, and keeps checking the other field', () => {
    expect(stopProblems('long', ref, '99.005', null, TICK).stopLoss).toBe('PRICE_INVALID');
    expect(stopProblems('long', ref, 'abc', null, TICK).stopLoss).toBe('PRICE_INVALID');
    expect(stopProblems('long', ref, '0', '99', TICK)).toEqual({
      stopLoss: 'PRICE_INVALID',
      takeProfit: 'TAKE_PROFIT_UNREASONABLE',
    });
    expect(validatePrice('0.5', TICK)).toBeNull();
    expect(validatePrice('-1', TICK)).toBe('PRICE_INVALID');
  });

  it('checks the stops alone without a reference price', () => {
    expect(stopProblems('long', null, '101', '99', TICK)).toEqual({
      stopLoss: 'STOP_COMBINATION_UNREASONABLE',
      takeProfit: 'STOP_COMBINATION_UNREASONABLE',
    });
    expect(stopProblems('long', null, '101', null, TICK).stopLoss).toBeNull();
  });
});

describe('trailing distance', () => {
  it('is none when not set, else a positive whole number of ticks', () => {
    expect(validateTrailingDistance(null, TICK)).toBeNull();
    expect(validateTrailingDistance(undefined, TICK)).toBeNull();
    expect(validateTrailingDistance('0.5', TICK)).toBeNull();
    expect(validateTrailingDistance('0.005', TICK)).toBe('PRICE_INVALID');
    expect(validateTrailingDistance('0', TICK)).toBe('PRICE_INVALID');
  });
});

describe('pending entries (10143)', () => {
  const current = d('100');
  it('a limit waits for a better price, a stop for a worse one', () => {
    expect(validateEntryPrice('long', 'limit', '99', current)).toBeNull();
    expect(validateEntryPrice('long', 'limit', '101', current)).toBe('ENTRY_PRICE_UNREASONABLE');
    expect(validateEntryPrice('long', 'stop', '101', current)).toBeNull();
    expect(validateEntryPrice('long', 'stop', '99', current)).toBe('ENTRY_PRICE_UNREASONABLE');
    expect(validateEntryPrice('short', 'limit', '101', current)).toBeNull();
    expect(validateEntryPrice('short', 'limit', '99', current)).toBe('ENTRY_PRICE_UNREASONABLE');
    expect(validateEntryPrice('short', 'stop', '99', current)).toBeNull();
    expect(validateEntryPrice('short', 'stop', '100', current)).toBe('ENTRY_PRICE_UNREASONABLE');
  });
});

describe('lots to close', () => {
  const rules = { lotStep: '0.01', minLots: '0.01' };
  it('checks them against the position', () => {
    expect(validateCloseLots('0', '1', rules)).toMatchObject({ ok: false, reason: 'not_positive' });
    expect(validateCloseLots('1.01', '1', rules)).toMatchObject({ ok: false, reason: 'above_max' });
    expect(validateCloseLots('0.505', '1', rules)).toMatchObject({ ok: false, reason: 'off_step' });
    expect(validateCloseLots('0.5', '1', rules)).toMatchObject({ ok: true });
    expect(validateCloseLots('1', '1', { lotStep: null, minLots: null })).toMatchObject({ ok: true });
  });

  it('leaves nothing or at least the minimum, when the minimum is known', () => {
    // 1 − 0.995 = 0.005 lots would stay open, below the 0.01 minimum.
    expect(validateCloseLots('0.995', '1', { lotStep: '0.005', minLots: '0.01' })).toEqual({
      ok: false,
      code: 'PURCHASE_AMOUNT_WRONG',
      reason: 'below_min',
    });
    expect(validateCloseLots('0.995', '1', { lotStep: '0.005', minLots: null })).toMatchObject({ ok: true });
  });
});

describe('leverage', () => {
  it('is a whole number from 1 to the cap', () => {
    const cap = { leverageCap: 30 };
    expect(validateLeverage(1, cap)).toBeNull();
    expect(validateLeverage(30, cap)).toBeNull();
    expect(validateLeverage(31, cap)).toBe('LEVERAGE_INVALID');
    expect(validateLeverage(0, cap)).toBe('LEVERAGE_INVALID');
    expect(validateLeverage(2.5, cap)).toBe('LEVERAGE_INVALID');
  });
});

describe('conversion for a preview', () => {
  const rates = (table: Record<string, string>) => (code: string) => table[code] ?? null;
  it('settles USD at 1:1 and converts other quotes through a market price, else finds none', () => {
    expect(findQuoteToUsdtRate('USDT', rates({}), true)?.toString()).toBe('1');
    expect(findQuoteToUsdtRate('USD', rates({}), true)?.toString()).toBe('1');
    // A deployment that does not settle USD as USDT: USD, and the USD routes, convert nothing.
    expect(findQuoteToUsdtRate('USD', rates({}), false)).toBeNull();
    expect(findQuoteToUsdtRate('JPY', rates({ USDJPY: '155' }), false)).toBeNull();
    expect(findQuoteToUsdtRate('ETH', rates({ ETHUSDT: '3000' }), false)?.toString()).toBe('3000');
    expect(
      findQuoteToUsdtRate('JPY', rates({ USDJPY: '155' }), true)
        ?.mul(d('155'))
        .round(20, 'half-even')
        .toString(),
    ).toBe('1');
    expect(findQuoteToUsdtRate('GBP', rates({ GBPUSD: '1.315' }), true)?.toString()).toBe('1.315');
    expect(findQuoteToUsdtRate('XYZ', rates({}), true)).toBeNull();
  });
});

describe('stop-out estimate for a new position', () => {
  it('is null when no positive price reaches the level', () => {
    // 0.5 × 6,000 − 99,994 < −(60,000 × 0.1): the price would have to go below zero.
    const instrument = { contractSize: '1', tickSize: '0.01' };
    expect(stopOutPrice('long', '60000', '0.1', instrument, '1', d('99994'), d('6000'), '0.5')).toBeNull();
  });
});
