import { DAY_MINUTES } from './aggregate-candles.js';
import type { Candle } from './candles.js';

/**
 * Reader of the shared recorded market-data bar files (/work/shared/market-data/README.md):
 * one header line, `timestamp` (ISO-8601 UTC with Z, the bar's open time) or `date`
 * (YYYY-MM-DD, a daily bar) first, then open,high,low,close,volume; later columns (ask prices,
 * open interest, …) are ignored; volume may be empty (FX quote bars: read as "0").
 */

export class CandleCsvError extends Error {
  constructor(
    /** 1-based line number in the file (the header is line 1). */
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
    this.name = 'CandleCsvError';
  }
}

export type CandleCsv = {
  /** Which first column the file has: intraday bars by `timestamp`, daily ones by `date`. */
  timeColumn: 'timestamp' | 'date';
  candles: Candle[];
  /** The bars' length in minutes: 1440 for a daily file, else the smallest step between bars. */
  candleMinutes: number;
};

const PRICE_COLUMNS = ['open', 'high', 'low', 'close', 'volume'] as const;
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?Z$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const PRICE = /^\d+(\.\d+)?$/;

function utc(line: number, text: string, parts: RegExpExecArray): number {
  const [, y, mo, d, h = '0', mi = '0', s = '0', ms = '0'] = parts;
  const fields = [y, mo, d, h, mi, s].map(Number) as [number, number, number, number, number, number];
  const [year, month, day, hour, minute, second] = fields;
  const time = Date.UTC(year, month - 1, day, hour, minute, second, Number(ms.padEnd(3, '0')));
  // Date.UTC rolls 2021-02-30 over to March: a date that does not survive the round trip is not one.
  const back = new Date(time);
  if (
    back.getUTCFullYear() !== year ||
    back.getUTCMonth() !== month - 1 ||
    back.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    throw new CandleCsvError(line, `"${text}" is not a valid UTC time`);
  }
  return time;
}

/** The candles of a bar file's text; throws CandleCsvError naming the line of the first fault. */
export function parseCandleCsv(text: string): CandleCsv {
  const lines = text.split('\n');
  const header = (lines[0] ?? '').replace(/\r$/, '').split(',');
  const first = header[0]?.trim();
  if (first !== 'timestamp' && first !== 'date') {
    throw new CandleCsvError(1, `the first column must be "timestamp" or "date", got "${first ?? ''}"`);
  }
  PRICE_COLUMNS.forEach((name, index) => {
    if (header[index + 1]?.trim() !== name) {
      throw new CandleCsvError(1, `column ${index + 2} must be "${name}", got "${header[index + 1] ?? ''}"`);
    }
  });
  const timeColumn = first;
  const candles: Candle[] = [];
  let previous = Number.NEGATIVE_INFINITY;
  let smallestStep = Number.POSITIVE_INFINITY;
  for (let index = 1; index < lines.length; index++) {
    const line = index + 1;
    const raw = (lines[index] as string).replace(/\r$/, '');
    if (raw === '') {
      if (index === lines.length - 1) break;
      throw new CandleCsvError(line, 'empty line');
    }
    const cells = raw.split(',');
    if (cells.length < 6) throw new CandleCsvError(line, `expected at least 6 columns, got ${cells.length}`);
    const [when, open, high, low, close, volume] = cells as [string, string, string, string, string, string];
    const parts = (timeColumn === 'timestamp' ? TIMESTAMP : DATE).exec(when);
    if (!parts) {
      const expected = timeColumn === 'timestamp' ? 'an ISO-8601 UTC time like 2021-04-21T00:00:00Z' : 'YYYY-MM-DD';
      throw new CandleCsvError(line, `${timeColumn} "${when}" is not ${expected}`);
    }
    const openTime = utc(line, when, parts);
    if (openTime % 60_000 !== 0) throw new CandleCsvError(line, `bar time "${when}" is not on a whole minute`);
    if (openTime <= previous) throw new CandleCsvError(line, `time "${when}" is not after the previous bar`);
    if (Number.isFinite(previous)) smallestStep = Math.min(smallestStep, openTime - previous);
    previous = openTime;
    const prices = { open, high, low, close };
    for (const [name, value] of Object.entries(prices)) {
      if (!PRICE.test(value)) throw new CandleCsvError(line, `${name} "${value}" is not a decimal price`);
      if (/^0+(\.0+)?$/.test(value)) throw new CandleCsvError(line, `${name} must be positive, got "${value}"`);
    }
    if (volume !== '' && !PRICE.test(volume)) {
      throw new CandleCsvError(line, `volume "${volume}" is not a decimal (or empty)`);
    }
    const [o, h, l, c] = [open, high, low, close].map(Number) as [number, number, number, number];
    // Float comparison is a consistency check of the file here; the exact prices stay strings.
    if (l > Math.min(o, c) || h < Math.max(o, c)) {
      throw new CandleCsvError(line, `low ${low} and high ${high} do not hold open ${open} and close ${close}`);
    }
    candles.push({ openTime, open, high, low, close, volume: volume === '' ? '0' : volume });
  }
  const candleMinutes = timeColumn === 'date' ? DAY_MINUTES : Number.isFinite(smallestStep) ? smallestStep / 60_000 : 1;
  return { timeColumn, candles, candleMinutes };
}
