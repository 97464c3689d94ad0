import { describe, expect, it } from 'vitest';
import { MINUTE_MS, PriceState } from './price-state.js';

const T0 = Date.UTC(2026, 10, 26, 12, 0, 0);
const tick = (minute: number, price: string, volume = '1') => ({
  code: 'BTCUSDT',
  price,
  time: T0 + minute * MINUTE_MS,
  source: 'sandbox',
  volume,
});

describe("an instrument's 24 h high, low and volume", () => {
  it('follows the forming minute while the closed minutes are summed once', () => {
    const state = new PriceState('sandbox');
    expect(state.dayStats()).toEqual({ high: null, low: null, volume: null });
    state.apply(tick(0, '100.5', '2'), 0);
    // One forming minute: its own range and volume.
    expect(state.dayStats()).toEqual({ high: '100.5', low: '100.5', volume: '2' });
    state.apply(tick(1, '99.25', '0.5'), 0);
    state.apply(tick(1, '101', '0.25'), 0);
    // Closed minute 0 (100.5, volume 2) and forming minute 1 (99.25–101, volume 0.75).
    expect(state.dayStats()).toEqual({ high: '101', low: '99.25', volume: '2.75' });
    // The forming minute moves again: the answer follows it, not a remembered one.
    state.apply(tick(1, '98', '1'), 0);
    expect(state.dayStats()).toEqual({ high: '101', low: '98', volume: '3.75' });
    state.apply(tick(2, '100', '0'), 0);
    expect(state.dayStats()).toEqual({ high: '101', low: '98', volume: '3.75' });
  });

  it('leaves out the minutes older than 24 hours before the latest price', () => {
    const state = new PriceState('sandbox');
    state.apply(tick(0, '500', '10'), 0);
    state.apply(tick(10, '100', '1'), 0);
    // 24 h and 6 minutes after the first: minute 0 (500, volume 10) is out, minute 10 still in.
    state.apply(tick(24 * 60 + 5, '120', '2'), 0);
    state.apply(tick(24 * 60 + 6, '110', '3'), 0);
    expect(state.dayStats()).toEqual({ high: '120', low: '100', volume: '6' });
  });
});
