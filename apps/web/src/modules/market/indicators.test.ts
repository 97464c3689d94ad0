import { describe, expect, it } from 'vitest';
import { bollinger, ema, type IndicatorSeries, macd, rsi, sma } from './indicators';

/** Compares a series with expected values to `digits` decimals (null where no value is due). */
function expectSeries(actual: IndicatorSeries, expected: (number | null)[], digits = 9) {
  expect(actual).toHaveLength(expected.length);
  expected.forEach((value, index) => {
    const got = actual[index];
    if (value === null) expect(got, `index ${index}`).toBeNull();
    else expect(got, `index ${index}`).toBeCloseTo(value, digits);
  });
}

describe('sma', () => {
  it('averages the last n values', () => {
    // [2, 4, 6, 8, 12], n = 3: (2+4+6)/3 = 4, (4+6+8)/3 = 6, (6+8+12)/3 = 26/3 = 8.6667
    expectSeries(sma([2, 4, 6, 8, 12], 3), [null, null, 4, 6, 26 / 3]);
  });

  it('has no value before n values, and refuses a period that is no positive integer', () => {
    expectSeries(sma([1, 2], 3), [null, null]);
    expect(() => sma([1], 0)).toThrow(RangeError);
    expect(() => sma([1], 2.5)).toThrow(RangeError);
  });
});

describe('ema', () => {
  it('starts from the simple average, then smooths by 2/(n+1)', () => {
    // n = 3, α = 2/4 = 0.5. Seed at index 2: (2+4+6)/3 = 4.
    // index 3: 0.5 × 8 + 0.5 × 4 = 6;  index 4: 0.5 × 12 + 0.5 × 6 = 9
    expectSeries(ema([2, 4, 6, 8, 12], 3), [null, null, 4, 6, 9]);
    // n = 2, α = 2/3. Seed at index 1: (1+2)/2 = 1.5.
    // index 2: 2/3 × 4 + 1/3 × 1.5 = 8/3 + 1/2 = 19/6;  index 3: 2/3 × 8 + 1/3 × 19/6 = 16/3 + 19/18 = 115/18
    expectSeries(ema([1, 2, 4, 8], 2), [null, 1.5, 19 / 6, 115 / 18]);
  });
});

describe('bollinger', () => {
  it('puts the bands k population deviations around the simple average', () => {
    // [2, 4, 6, 8, 12], n = 3, k = 2.
    // index 2: mean 4; deviations −2, 0, 2; variance (4+0+4)/3 = 8/3; σ = √(8/3) = 1.632993
    //          upper 4 + 2σ = 7.265986, lower 4 − 2σ = 0.734014
    // index 3: mean 6; deviations −2, 0, 2 again: upper 9.265986, lower 2.734014
    // index 4: mean 26/3; deviations −8/3, −2/3, 10/3; squares 64/9, 4/9, 100/9 = 168/9;
    //          variance 168/27 = 56/9; σ = √56/3 = 2.494438; upper 8.666667 + 4.988877 = 13.655543
    const bands = bollinger([2, 4, 6, 8, 12], 3, 2);
    const s1 = Math.sqrt(8 / 3);
    const s2 = Math.sqrt(56) / 3;
    expectSeries(bands.middle, [null, null, 4, 6, 26 / 3]);
    expectSeries(bands.upper, [null, null, 4 + 2 * s1, 6 + 2 * s1, 26 / 3 + 2 * s2]);
    expectSeries(bands.lower, [null, null, 4 - 2 * s1, 6 - 2 * s1, 26 / 3 - 2 * s2]);
    expect(bands.upper[4]).toBeCloseTo(13.655543, 6);
  });

  it('defaults to 20 closes and 2 deviations', () => {
    const closes = Array.from({ length: 25 }, (_, index) => 100 + (index % 2));
    // Alternating 100, 101: every window of 20 has ten of each, mean 100.5, σ = 0.5, bands 99.5 … 101.5.
    const bands = bollinger(closes);
    expect(bands.middle[18]).toBeNull();
    expect(bands.middle[19]).toBeCloseTo(100.5, 12);
    expect(bands.upper[24]).toBeCloseTo(101.5, 12);
    expect(bands.lower[24]).toBeCloseTo(99.5, 12);
  });
});

describe('rsi (Wilder)', () => {
  it('averages gains and losses over n changes, then smooths them by (prev × (n−1) + change)/n', () => {
    // closes 10, 11, 10.5, 12, 11, 13 → changes +1, −0.5, +1.5, −1, +2; n = 3.
    // index 3: gain (1 + 0 + 1.5)/3 = 5/6, loss (0 + 0.5 + 0)/3 = 1/6, RS = 5, RSI = 100 − 100/6 = 83.3333
    // index 4 (−1): gain (5/6 × 2 + 0)/3 = 5/9, loss (1/6 × 2 + 1)/3 = 4/9, RS = 1.25, RSI = 100 − 100/2.25 = 55.5556
    // index 5 (+2): gain (5/9 × 2 + 2)/3 = 28/27, loss (4/9 × 2)/3 = 8/27, RS = 3.5, RSI = 100 − 100/4.5 = 77.7778
    expectSeries(rsi([10, 11, 10.5, 12, 11, 13], 3), [
      null,
      null,
      null,
      100 - 100 / 6,
      100 - 100 / 2.25,
      100 - 100 / 4.5,
    ]);
  });

  it('is 100 without losses and 50 without any movement', () => {
    expectSeries(rsi([1, 2, 3, 4], 3), [null, null, null, 100]);
    expectSeries(rsi([5, 5, 5, 5], 3), [null, null, null, 50]);
  });
});

describe('macd', () => {
  it('is the fast EMA less the slow one, with an EMA of itself as signal', () => {
    // closes 1, 2, 4, 8, 16; fast 2, slow 3, signal 2.
    // EMA2 (α 2/3): 1.5, 19/6, 115/18, then 2/3 × 16 + 1/3 × 115/18 = 32/3 + 115/54 = 691/54
    // EMA3 (α 1/2): seed at index 2 (1+2+4)/3 = 7/3, then 4 + 7/6 = 31/6, then 8 + 31/12 = 127/12
    // MACD: index 2 19/6 − 7/3 = 5/6; index 3 115/18 − 31/6 = 22/18 = 11/9; index 4 691/54 − 127/12 = (1382 − 1143)/108 = 239/108
    // signal (EMA2 of MACD): seed at index 3 (5/6 + 11/9)/2 = 37/36; index 4 2/3 × 239/108 + 1/3 × 37/36 = 239/162 + 37/108 = (478 + 111)/324 = 589/324
    // histogram: index 3 11/9 − 37/36 = 7/36; index 4 239/108 − 589/324 = (717 − 589)/324 = 128/324 = 32/81
    const result = macd([1, 2, 4, 8, 16], 2, 3, 2);
    expectSeries(result.macd, [null, null, 5 / 6, 11 / 9, 239 / 108]);
    expectSeries(result.signal, [null, null, null, 37 / 36, 589 / 324]);
    expectSeries(result.histogram, [null, null, null, 7 / 36, 32 / 81]);
  });

  it('has no signal while the MACD line is too short', () => {
    // EMA2 at index 2: 2/3 × 3 + 1/3 × 1.5 = 2.5; EMA3 at index 2: (1+2+3)/3 = 2; MACD 0.5, one value: no signal yet.
    const result = macd([1, 2, 3], 2, 3, 2);
    expectSeries(result.macd, [null, null, 0.5]);
    expectSeries(result.signal, [null, null, null]);
  });
});

describe('on recorded data (BTCUSDT daily closes, Binance, 11 June – 20 July 2020)', () => {
  // From ../shared/market-data/crypto/BTCUSDT_1d.csv. The expected values were computed apart from
  // this module, with exact fractions (Python's fractions.Fraction), by the definitions above.
  const closes = [
    9280.4, 9465.13, 9473.34, 9342.1, 9426.02, 9525.59, 9465.14, 9386.32, 9310.23, 9358.95, 9294.69, 9685.69, 9624.89,
    9296.49, 9249.49, 9162.21, 9012, 9116.35, 9192.56, 9138.55, 9232, 9086.54, 9058.26, 9135.46, 9069.41, 9344.2,
    9257.39, 9436.06, 9232.43, 9288.34, 9234.03, 9302.75, 9242.62, 9255.85, 9197.6, 9133.72, 9154.32, 9170.28, 9208.99,
    9160.78,
  ];

  it('gives the 20-day average and bands', () => {
    // Sum of the first 20 closes 186,806.14; ÷ 20 = 9,340.307
    const bands = bollinger(closes);
    expect(bands.middle[19]).toBeCloseTo(9340.307, 9);
    expect(bands.upper[19]).toBeCloseTo(9675.634031603478, 8);
    expect(bands.lower[19]).toBeCloseTo(9004.979968396523, 8);
  });

  it('gives RSI 14 and MACD 12/26/9', () => {
    const r = rsi(closes);
    expect(r[13]).toBeNull();
    expect(r[14]).toBeCloseTo(49.070772782751426, 9);
    expect(r[39]).toBeCloseTo(47.406334904154335, 9);
    expect(ema(closes, 12)[39]).toBeCloseTo(9201.492474203036, 8);
    const m = macd(closes);
    // The slow EMA starts at index 25, the signal 8 MACD values later.
    expect(m.macd[24]).toBeNull();
    expect(m.signal[32]).toBeNull();
    expect(m.signal[33]).not.toBeNull();
    expect(m.macd[39]).toBeCloseTo(-43.46199137817917, 8);
    expect(m.signal[39]).toBeCloseTo(-47.73360802078266, 8);
    expect(m.histogram[39]).toBeCloseTo(4.271616642603492, 8);
  });
});
