import { describe, expect, it } from 'vitest';
import { series } from './options.testkit';
import {
  breakEvenOf,
  buyFigures,
  capEndOf,
  chainRows,
  countdown,
  feeEstimate,
  isBuyable,
  isQuoteLive,
  nearestStrike,
  readQuantity,
  saleFigures,
  signOf,
} from './options-math';

const capped = { type: 'call', strike: '60000', cap: '12000', contractSize: '0.01' } as const;
const put = { type: 'put', strike: '60000', cap: null, contractSize: '0.01' } as const;

describe('what a purchase costs and risks', () => {
  it('is the premium and the fee for a call, with its break-even and its capped payout', () => {
    // premium = 12.34 × 3 = 37.02; fee = 1% of it = 0.3702; maximum loss = 37.3902.
    // break-even = 60000 + 37.3902 / (3 × 0.01) = 60000 + 1246.34 = 61246.34.
    // maximum payout = 120 (12000 cap × 0.01) × 3 = 360; best result = 360 − 37.3902 = 322.6098.
    expect(
      buyFigures({
        terms: capped,
        ask: '12.34',
        quantity: 3,
        feeRate: '0.01',
        decimals: 6,
        maxPayoutPerContract: '120',
      }),
    ).toEqual({
      premium: '37.02',
      fee: '0.3702',
      maxLoss: '37.3902',
      breakEven: '61246.34',
      maxPayout: '360',
      maxProfit: '322.6098',
    });
  });

  it('is the premium and the fee for a put, the fee rounded up to the asset’s unit', () => {
    // premium = 10.005 × 2 = 20.01; fee = 0.3% = 0.06003 → 0.07 at 2 decimals (never below the charge).
    // maximum loss = 20.08; break-even = 60000 − 20.08 / 0.02 = 60000 − 1004 = 58996.
    // maximum payout = 600 (60000 × 0.01) × 2 = 1200.
    expect(
      buyFigures({
        terms: put,
        ask: '10.005',
        quantity: 2,
        feeRate: '0.003',
        decimals: 2,
        maxPayoutPerContract: '600',
      }),
    ).toEqual({
      premium: '20.01',
      fee: '0.07',
      maxLoss: '20.08',
      breakEven: '58996',
      maxPayout: '1200',
      maxProfit: '1179.92',
    });
  });

  it('rounds a break-even against the buyer: a call’s up, a put’s down', () => {
    // 10 / 3 units = 3.3333…: a call breaks even at 100 + 3.333334, a put at 100 − 3.333333.
    const call = { type: 'call', strike: '100', cap: null, contractSize: '1' } as const;
    expect(breakEvenOf(call, '10', 3)).toBe('103.333334');
    expect(breakEvenOf({ ...call, type: 'put' }, '10', 3)).toBe('96.666667');
  });

  it('has no break-even when no price at expiry pays the cost back', () => {
    // A capped call paying at most 1 a unit, costing 2 a unit; a put costing its whole strike.
    expect(breakEvenOf({ type: 'call', strike: '100', cap: '1', contractSize: '1' }, '2', 1)).toBeNull();
    expect(breakEvenOf({ type: 'put', strike: '100', cap: null, contractSize: '1' }, '100', 1)).toBeNull();
  });

  it('writes the fee as an estimate rounded up', () => {
    // 0.333 × 1% = 0.00333 → 0.01 at 2 decimals; 500 × 1% = 5 exactly.
    expect(feeEstimate('0.333', '0.01', 2)).toBe('0.01');
    expect(feeEstimate('500', '0.01', 6)).toBe('5');
  });

  it('knows where a capped call stops paying more', () => {
    expect(capEndOf(capped)).toBe('72000');
    expect(capEndOf(put)).toBeNull();
  });
});

describe('selling back at the bid', () => {
  it('receives the proceeds less the fee, the P&L after both fees', () => {
    // proceeds = 15.5 × 3 = 46.5; fee = 1% = 0.465; received = 46.035;
    // P&L = 46.035 − 37.02 premium − 0.3702 fee paid = 8.6448.
    expect(
      saleFigures({ bid: '15.5', quantity: 3, feeRate: '0.01', decimals: 6, premium: '37.02', buyFee: '0.3702' }),
    ).toEqual({ proceeds: '46.5', fee: '0.465', receive: '46.035', pnl: '8.6448' });
  });

  it('is a loss when the bid is below what was paid, and receives nothing below 0', () => {
    // proceeds 0; fee 0; P&L = −(10 + 0.1).
    expect(saleFigures({ bid: '0', quantity: 1, feeRate: '0.01', decimals: 2, premium: '10', buyFee: '0.1' })).toEqual({
      proceeds: '0',
      fee: '0',
      receive: '0',
      pnl: '-10.1',
    });
    expect(signOf('-10.1')).toBe(-1);
    expect(signOf('0')).toBe(0);
    expect(signOf(null)).toBe(0);
  });
});

describe('a quantity typed', () => {
  it('is a whole number of contracts from 1, within the per-order maximum and what is on sale', () => {
    expect(readQuantity('', 10)).toEqual({ quantity: null, problem: { problem: 'required' } });
    expect(readQuantity('1.5', 10)).toEqual({ quantity: null, problem: { problem: 'notWhole' } });
    expect(readQuantity('-1', 10)).toEqual({ quantity: null, problem: { problem: 'notWhole' } });
    expect(readQuantity('0', 10)).toEqual({ quantity: null, problem: { problem: 'belowOne' } });
    expect(readQuantity('10001', 20_000)).toEqual({
      quantity: null,
      problem: { problem: 'aboveMaximum', maximum: 10_000 },
    });
    expect(readQuantity('11', 10)).toEqual({ quantity: null, problem: { problem: 'aboveRemaining', remaining: 10 } });
    expect(readQuantity(' 10 ', 10)).toEqual({ quantity: 10, problem: null });
  });
});

describe('the chain’s layout', () => {
  it('puts a strike’s call and put side by side, strikes ascending, the one nearest the price marked', () => {
    const rows = chainRows(
      [
        series({ seriesId: '3', strike: '61000' }),
        series({ seriesId: '4', strike: '61000', type: 'put', cap: null }),
        series({ seriesId: '1', strike: '59000' }),
        series({ seriesId: '5', strike: '60000.0', type: 'put', cap: null }),
        series({ seriesId: '2', strike: '60000' }),
      ],
      '60400',
    );
    expect(
      rows.map((row) => [row.strike, row.call?.seriesId ?? null, row.put?.seriesId ?? null, row.isNearest]),
    ).toEqual([
      ['59000', '1', null, false],
      ['60000.0', '2', '5', true],
      ['61000', '3', '4', false],
    ]);
  });

  it('marks the lower strike on a tie, and none without a price', () => {
    expect(nearestStrike(['61000', '60000'], '60500')).toBe('60000');
    expect(nearestStrike(['60000', '61000'], null)).toBeNull();
    expect(nearestStrike([], '1')).toBeNull();
    expect(chainRows([series()], null)[0]?.isNearest).toBe(false);
  });

  it('sells a series only when quoted and not sold out', () => {
    expect(isBuyable(series(), true)).toBe(true);
    expect(isBuyable(series(), false)).toBe(false);
    expect(isBuyable(series({ remainingContracts: 0 }), true)).toBe(false);
    expect(isBuyable(series({ ask: null, quoteId: null }), true)).toBe(false);
  });
});

describe('time', () => {
  it('counts down to expiry in days, hours, minutes and seconds, and stops at 0', () => {
    const now = Date.parse('2026-11-27T10:00:00Z');
    expect(countdown('2026-11-28T13:04:05Z', now)).toEqual({
      days: 1,
      hours: 3,
      minutes: 4,
      seconds: 5,
      isPast: false,
    });
    expect(countdown('2026-11-27T09:00:00Z', now)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, isPast: true });
  });

  it('holds a quote until its end', () => {
    const quote = series({ quoteValidUntil: '2026-11-27T10:00:15.000Z' });
    expect(isQuoteLive(quote, Date.parse('2026-11-27T10:00:14Z'))).toBe(true);
    expect(isQuoteLive(quote, Date.parse('2026-11-27T10:00:15Z'))).toBe(false);
    expect(isQuoteLive(series({ quoteId: null, quoteValidUntil: null }), 0)).toBe(false);
  });
});
