import { describe, expect, it } from 'vitest';
import {
  type Candle,
  CandleDataError,
  candleToBar,
  levelToPrice,
  toPriceSeries,
  unitsToDecimal,
  unitsToNumber,
} from './candles.js';

const candle = (minute: number, open: string, high: string, low: string, close: string, volume = '1'): Candle => ({
  openTime: Date.UTC(2021, 3, 21, 0, minute),
  open,
  high,
  low,
  close,
  volume,
});

describe('toPriceSeries', () => {
  it('keeps every price as whole units of the finest decimals in the series', () => {
    const series = toPriceSeries([
      candle(0, '56425', '56505.1', '56420.64', '56450.51'),
      candle(1, '1.5', '2', '1', '1.50'),
    ]);
    expect(series.scale).toBe(2);
    expect([...series.open]).toEqual([5642500, 150]);
    expect([...series.high]).toEqual([5650510, 200]);
    expect([...series.low]).toEqual([5642064, 100]);
    expect([...series.close]).toEqual([5645051, 150]);
    expect(unitsToDecimal(5642064, 2).toString()).toBe('56420.64');
  });

  it('does not let trailing zeros (a numeric column) widen the scale', () => {
    const series = toPriceSeries([candle(0, '100.000000', '101.500000', '99.250000', '100.000000')]);
    expect(series.scale).toBe(2);
    expect(series.high[0]).toBe(10150);
  });

  it('reads prices as the same float64 the live runner gets from candleToBar', () => {
    const texts = ['56420.64', '1.38686', '0.1', '0.3', '94.458', '161.393', '0.00012345'];
    const candles = texts.map((text, i) => candle(i, text, text, text, text));
    const series = toPriceSeries(candles);
    texts.forEach((text, i) => {
      expect(unitsToNumber(series.close[i] as number, series.scale)).toBe(candleToBar(candles[i] as Candle).close);
      expect(candleToBar(candles[i] as Candle).close).toBe(Number(text));
    });
  });

  it('takes a finer scale when asked (an instrument tick finer than the data)', () => {
    const series = toPriceSeries([candle(0, '100', '101', '99', '100')], 2);
    expect(series.scale).toBe(2);
    expect(series.open[0]).toBe(10000);
  });

  it('reads an empty volume as 0', () => {
    expect(toPriceSeries([candle(0, '1', '1', '1', '1', '')]).volume[0]).toBe(0);
  });

  it.each([
    ['a price that is not a plain decimal', [candle(0, '1e3', '1', '1', '1')], /open "1e3" is not a plain decimal/],
    ['a zero price', [candle(0, '0', '1', '0', '1')], /open must be positive/],
    ['a negative price', [candle(0, '-1', '1', '1', '1')], /not a plain decimal/],
    ['a low above the open', [candle(0, '1', '3', '2', '2')], /do not hold open and close/],
    ['a high below the close', [candle(0, '1', '2', '1', '3')], /do not hold open and close/],
    ['times out of order', [candle(1, '1', '1', '1', '1'), candle(0, '1', '1', '1', '1')], /strictly increasing/],
    ['a time off the minute', [{ ...candle(0, '1', '1', '1', '1'), openTime: 1_000 }], /whole minute/],
    [
      'too many digits for 2^53 units',
      [candle(0, '123456789012.123456', '123456789012.123456', '1', '1')],
      /not a plain/,
    ],
  ])('refuses %s, naming the candle', (_name, candles, message) => {
    expect(() => toPriceSeries(candles)).toThrow(CandleDataError);
    expect(() => toPriceSeries(candles)).toThrow(message);
  });
});

describe('levelToPrice', () => {
  it('puts a float level on the tick grid as an exact decimal', () => {
    expect(levelToPrice(56420.6449, '0.01')).toBe('56420.64');
    expect(levelToPrice(56420.645001, '0.01')).toBe('56420.65');
    expect(levelToPrice(1.386861, '0.00001')).toBe('1.38686');
    expect(levelToPrice(6651.1, '0.25')).toBe('6651');
  });
});
