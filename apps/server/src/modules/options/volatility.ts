import { ewmaVolatility } from '@openbourse/options-pricing';

/** One-minute returns in a year (365 days): the annualisation of a one-minute volatility. */
const MINUTES_PER_YEAR = 525_600;
/** A measurement is reused this long: volatility over hours of candles barely moves in 30 s. */
const FRESH_FOR_MS = 30_000;
const MINUTE_MS = 60_000;

type Reading = { measured: number | null; at: number };

/** Where the candles come from: the market's stored 1-minute candles of the instrument's feed. */
export type CandleSource = {
  minuteCandles(code: string, from: number, to: number): Promise<{ candles: Array<{ close: string }> }>;
};

/**
 * The realised volatility of an underlying (SPEC §4 "Options": measured from the platform's
 * candles): an EWMA of its 1-minute log returns over the product's window, annualised. Measured
 * from the stored candles of the instrument's own feed, and kept for 30 s per instrument and rule
 * so a chain asked for every few seconds by many readers reads the candles once.
 */
export class VolatilityCache {
  private readonly readings = new Map<string, Reading>();
  private readonly pending = new Map<string, Promise<number | null>>();

  constructor(
    private readonly market: CandleSource,
    private readonly now: () => number,
  ) {}

  /** The measured annualised volatility, or null when the window holds too few candles. */
  async measured(code: string, windowMinutes: number, lambda: number): Promise<number | null> {
    const key = `${code}|${windowMinutes}|${lambda}`;
    const at = this.now();
    const reading = this.readings.get(key);
    if (reading && at - reading.at < FRESH_FOR_MS) return reading.measured;
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const measuring = this.measure(code, windowMinutes, lambda, at)
      .then((measured) => {
        this.readings.set(key, { measured, at });
        return measured;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, measuring);
    return measuring;
  }

  private async measure(code: string, windowMinutes: number, lambda: number, at: number): Promise<number | null> {
    const to = Math.floor(at / MINUTE_MS) * MINUTE_MS;
    const { candles } = await this.market.minuteCandles(code, to - windowMinutes * MINUTE_MS, to);
    // Closes are decimal strings; a volatility is a statistic of their ratios, not money.
    const closes = candles.map((candle) => Number.parseFloat(candle.close));
    return ewmaVolatility(closes, { lambda, periodsPerYear: MINUTES_PER_YEAR });
  }
}
