import { describe, expect, it } from 'vitest';
import { curveGeometry, exitFeeOf, exitReturnOf, planAmountProblem, roundedRatio } from './plan-math';

const limits = { minAmount: '100', maxAmount: '5000', available: '1200.5' };

describe('a plan amount typed', () => {
  it('is refused before it is sent, in the order the server checks', () => {
    expect(planAmountProblem('', limits)).toEqual({ problem: 'required' });
    expect(planAmountProblem('1,000', limits)).toEqual({ problem: 'invalid' });
    expect(planAmountProblem('100.1234567', limits)).toEqual({ problem: 'tooManyDecimals', decimals: 6 });
    expect(planAmountProblem('0', limits)).toEqual({ problem: 'notPositive' });
    expect(planAmountProblem('99.999999', limits)).toEqual({ problem: 'belowMinimum', minimum: '100' });
    // Above the maximum is said before the balance, as the server answers 10095 before 10011.
    expect(planAmountProblem('5000.01', limits)).toEqual({ problem: 'aboveMaximum', maximum: '5000' });
    expect(planAmountProblem('1200.51', limits)).toEqual({ problem: 'aboveAvailable', available: '1200.5' });
  });

  it('is accepted at the limits and at the whole balance', () => {
    expect(planAmountProblem('100', limits)).toBeNull();
    expect(planAmountProblem(' 1200.500000 ', limits)).toBeNull();
    expect(planAmountProblem('5000', { ...limits, available: null })).toBeNull();
  });
});

describe('the early-exit fee', () => {
  it('is the rate times the amount, rounded down to the millionth as the server charges it', () => {
    // 500 × 0.01 = 5
    expect(exitFeeOf('500', '0.01')).toBe('5');
    // 333.33 × 0.015 = 4.99995
    expect(exitFeeOf('333.33', '0.015')).toBe('4.99995');
    // 0.000001 × 0.5 = 0.0000005 → 0 at 6 decimals (down)
    expect(exitFeeOf('0.000001', '0.5')).toBe('0');
  });

  it('leaves the equity less the fee, never below zero', () => {
    // 512.34 − 5 = 507.34
    expect(exitReturnOf('512.34', '5')).toBe('507.34');
    expect(exitReturnOf('3', '5')).toBe('0');
  });
});

it('rounds a ratio to the hundredth of a percent', () => {
  expect(roundedRatio('0.123456')).toBe('0.1235');
  expect(roundedRatio('-0.05')).toBe('-0.05');
});

describe('the equity curve on its chart', () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();

  it('draws no line from fewer than two points', () => {
    expect(curveGeometry([], 100, 40)).toBeNull();
    expect(curveGeometry([{ time: at(0), value: '10000' }], 100, 40)).toBeNull();
  });

  it('places points by time, the highest at the top padding and the lowest at the bottom one', () => {
    const geometry = curveGeometry(
      [
        { time: at(0), value: '10000' },
        { time: at(1), value: '10500' },
        { time: at(4), value: '9500' },
      ],
      100,
      40,
    );
    // Padding 4 px (10% of 40) above and below: 10,500 at y 4, 9,500 at y 36, 10,000 halfway at 20.
    // The second point is 1 minute of 4 in: x 25.
    expect(geometry).toEqual({
      path: 'M0,20 L25,4 L100,36',
      baselineY: 20,
      first: '10000',
      last: '9500',
      low: '9500',
      high: '10500',
    });
  });

  it('lays a flat curve in the middle', () => {
    const geometry = curveGeometry(
      [
        { time: at(0), value: '500' },
        { time: at(1), value: '500.000000' },
      ],
      60,
      20,
    );
    expect(geometry?.path).toBe('M0,10 L60,10');
  });
});
