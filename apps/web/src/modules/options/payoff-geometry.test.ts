import { describe, expect, it } from 'vitest';
import { payoffChart, projector, unitPayoffAt } from './payoff-geometry';

describe('the payoff at expiry', () => {
  it('pays a call max(0, S−K) up to its cap, a put max(0, K−S)', () => {
    const call = { type: 'call', strike: '100', cap: '20' } as const;
    expect(unitPayoffAt(call, 90)).toBe(0);
    expect(unitPayoffAt(call, 110)).toBe(10);
    expect(unitPayoffAt(call, 150)).toBe(20);
    expect(unitPayoffAt({ type: 'put', strike: '100', cap: null }, 70)).toBe(30);
    expect(unitPayoffAt({ type: 'put', strike: '100', cap: null }, 130)).toBe(0);
  });

  it('draws a capped call flat below the strike at the whole cost, rising to the cap, flat above it', () => {
    // 2 contracts of 1 unit, cost 10: −10 up to 100, +30 (2 × 20 − 10) from 120.
    const chart = payoffChart({
      terms: { type: 'call', strike: '100', cap: '20', contractSize: '1' },
      quantity: 2,
      cost: '10',
      spot: '98',
      breakEven: '105',
    });
    expect(chart.points.map((point) => [point.x, point.y])).toEqual([
      [chart.xMin, -10],
      [100, -10],
      [120, 30],
      [chart.xMax, 30],
    ]);
    expect(chart.xMin).toBeLessThan(98);
    expect(chart.xMax).toBeGreaterThan(120);
    expect(chart.yMin).toBeLessThan(-10);
    expect(chart.yMax).toBeGreaterThan(30);
    expect(chart.capEnd).toBe(120);
  });

  it('draws a put falling to the whole cost at the strike, and never below a price of 0', () => {
    const chart = payoffChart({
      terms: { type: 'put', strike: '10', cap: null, contractSize: '1' },
      quantity: 1,
      cost: '1',
      spot: '11',
      breakEven: '9',
    });
    expect(chart.xMin).toBeGreaterThanOrEqual(0);
    expect(chart.points.at(0)?.y).toBeCloseTo(10 - chart.xMin - 1);
    expect(chart.points.at(-1)?.y).toBe(-1);
    expect(chart.capEnd).toBeNull();
  });

  it('places prices left to right and profits upwards', () => {
    const chart = payoffChart({
      terms: { type: 'call', strike: '100', cap: null, contractSize: '1' },
      quantity: 1,
      cost: '5',
      spot: null,
      breakEven: '105',
    });
    const { x, y } = projector(chart, { width: 200, height: 100, left: 10, right: 10, top: 10, bottom: 10 });
    expect(x(chart.xMin)).toBe(10);
    expect(x(chart.xMax)).toBe(190);
    expect(y(chart.yMax)).toBe(10);
    expect(y(chart.yMin)).toBe(90);
    expect(y(10)).toBeLessThan(y(0));
  });
});
