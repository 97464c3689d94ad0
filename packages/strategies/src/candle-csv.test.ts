import { describe, expect, it } from 'vitest';
import { CandleCsvError, parseCandleCsv } from './candle-csv.js';

const lines = (...rows: string[]) => `${rows.join('\n')}\n`;

describe('parseCandleCsv', () => {
  it('reads intraday bars by timestamp and finds their length', () => {
    const csv = parseCandleCsv(
      lines(
        'timestamp,open,high,low,close,volume',
        '2021-04-21T00:00:00Z,56425,56505.1,56420.64,56450.51,49.696216',
        '2021-04-21T00:01:00Z,56450.52,56510.19,56450.22,56492.89,35.536268',
      ),
    );
    expect(csv.timeColumn).toBe('timestamp');
    expect(csv.candleMinutes).toBe(1);
    expect(csv.candles).toEqual([
      {
        openTime: Date.UTC(2021, 3, 21, 0, 0),
        open: '56425',
        high: '56505.1',
        low: '56420.64',
        close: '56450.51',
        volume: '49.696216',
      },
      {
        openTime: Date.UTC(2021, 3, 21, 0, 1),
        open: '56450.52',
        high: '56510.19',
        low: '56450.22',
        close: '56492.89',
        volume: '35.536268',
      },
    ]);
  });

  it('reads daily bars by date as whole UTC days', () => {
    const csv = parseCandleCsv(
      lines(
        'date,open,high,low,close,volume',
        '2020-06-11,9885.22,9964,9113,9280.4,94418.98473',
        '2020-06-12,1,2,1,2,3',
      ),
    );
    expect(csv.timeColumn).toBe('date');
    expect(csv.candleMinutes).toBe(1440);
    expect(csv.candles[0]?.openTime).toBe(Date.UTC(2020, 5, 11));
  });

  it('ignores extra columns, reads an empty volume as 0, and accepts CRLF and no final newline', () => {
    const csv = parseCandleCsv(
      [
        'timestamp,open,high,low,close,volume,ask_open,ask_high,ask_low,ask_close',
        '2014-05-01T00:00:00Z,1.38676,1.38686,1.38669,1.38686,,1.38686,1.38697,1.3868,1.38697',
        '2014-05-01T01:00:00Z,1.38688,1.38688,1.38685,1.38685,,1.387,1.387,1.38696,1.38698',
      ].join('\r\n'),
    );
    expect(csv.candles.map((c) => c.volume)).toEqual(['0', '0']);
    expect(csv.candles[1]?.close).toBe('1.38685');
    expect(csv.candleMinutes).toBe(60);
  });

  it.each([
    [
      'a header without a time column',
      'time,open,high,low,close,volume\n',
      1,
      /first column must be "timestamp" or "date"/,
    ],
    ['a header with the columns out of order', 'date,open,low,high,close,volume\n', 1, /column 3 must be "high"/],
    ['a bad timestamp', 'timestamp,open,high,low,close,volume\n2021-04-21 00:00,1,1,1,1,1\n', 2, /is not an ISO-8601/],
    ['an impossible date', 'date,open,high,low,close,volume\n2021-02-30,1,1,1,1,1\n', 2, /not a valid UTC time/],
    [
      'a time that goes back',
      'date,open,high,low,close,volume\n2021-02-02,1,1,1,1,1\n2021-02-01,1,1,1,1,1\n',
      3,
      /not after the previous bar/,
    ],
    ['a price that is not a number', 'date,open,high,low,close,volume\n2021-02-02,1,x,1,1,1\n', 2, /high "x"/],
    ['a zero price', 'date,open,high,low,close,volume\n2021-02-02,0,1,0,1,1\n', 2, /open must be positive/],
    ['a high below the close', 'date,open,high,low,close,volume\n2021-02-02,1,2,1,3,1\n', 2, /do not hold/],
    [
      'a short line',
      'date,open,high,low,close,volume\n2021-02-02,1,1,1,1,1\n2021-02-03,1,1\n',
      3,
      /at least 6 columns/,
    ],
    ['a bad volume', 'date,open,high,low,close,volume\n2021-02-02,1,1,1,1,-5\n', 2, /volume "-5"/],
    ['an empty line inside', 'date,open,high,low,close,volume\n\n2021-02-02,1,1,1,1,1\n', 2, /empty line/],
  ])('refuses %s, naming the line', (_name, text, line, message) => {
    let caught: unknown;
    try {
      parseCandleCsv(text);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(CandleCsvError);
    expect((caught as CandleCsvError).line).toBe(line);
    expect((caught as CandleCsvError).message).toMatch(`line ${line}:`);
    expect((caught as CandleCsvError).message).toMatch(message);
  });
});
