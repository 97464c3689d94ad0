import { seededRandom } from '../../../platform/random.js';
import type { AssetClass, FeedAdapter, FeedEvents, InstrumentSeed, RawTick } from '../market.types.js';
import type { MinuteCandle } from '../price-state.js';
import { isOpenAt, openAtEach } from '../trading-hours.js';

/**
 * The sandbox simulator (SPEC §0.2, §9): plausible prices for demos and tests, labelled
 * `sandbox` everywhere. It runs only when MARKET_FEED names it. Prices are counted in whole
 * ticks (bigint), so every step is a whole number of the instrument's tick size and no float
 * ever becomes a price; it moves only while the instrument's market is open.
 */

/** Annualised volatility per asset class: roughly what these markets show in a normal year. */
const ANNUAL_VOLATILITY: Record<AssetClass, number> = {
  crypto: 0.7,
  stock: 0.3,
  etf: 0.18,
  forex_major: 0.08,
  forex_minor: 0.1,
  index_major: 0.18,
  index_minor: 0.22,
  gold: 0.15,
  commodity: 0.35,
};
const YEAR_MS = 365 * 86_400_000;
/** No single step moves more than this many standard deviations. */
const MAX_SIGMAS = 4;

function gaussian(random: () => number): number {
  const u = Math.max(random(), Number.EPSILON);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** A price counted in ticks: value = ticks × unit / 10^scale. */
export class TickPrice {
  readonly scale: number;
  readonly unit: bigint;
  ticks: bigint;

  constructor(tickSize: string, price: string) {
    this.scale = (tickSize.split('.')[1] ?? '').length;
    this.unit = TickPrice.toScaled(tickSize, this.scale);
    const scaled = TickPrice.toScaled(price, this.scale);
    // Round to the nearest whole tick (at least one tick: a price is never zero).
    const ticks = (scaled + this.unit / 2n) / this.unit;
    this.ticks = ticks > 0n ? ticks : 1n;
  }

  private static toScaled(decimal: string, scale: number): bigint {
    const [whole = '0', fraction = ''] = decimal.split('.');
    return BigInt(whole + fraction.padEnd(scale, '0').slice(0, scale));
  }

  /** Moves by a relative `ratio` (rounded to whole ticks, never to or below zero). */
  move(ratio: number): void {
    const stepTicks = BigInt(Math.round(Number(this.ticks) * ratio));
    const next = this.ticks + stepTicks;
    this.ticks = next > 0n ? next : 1n;
  }

  toString(): string {
    const value = (this.ticks * this.unit).toString();
    if (this.scale === 0) return value;
    const digits = value.padStart(this.scale + 1, '0');
    const fraction = digits.slice(-this.scale).replace(/0+$/, '');
    const whole = digits.slice(0, -this.scale);
    return fraction ? `${whole}.${fraction}` : whole;
  }
}

function stepRatio(assetClass: AssetClass, intervalMs: number, random: () => number): number {
  const sigma = ANNUAL_VOLATILITY[assetClass] * Math.sqrt(intervalMs / YEAR_MS);
  const draw = Math.max(-MAX_SIGMAS, Math.min(MAX_SIGMAS, gaussian(random)));
  return sigma * draw;
}

/** Traded volume for one simulated tick: none for FX (quotes only), a few lots otherwise. */
function simulatedVolume(instrument: InstrumentSeed, random: () => number): string {
  if (instrument.type === 1) return '0';
  const lots = 1 + Math.floor(random() * 20);
  const [whole = '0', fraction = ''] = instrument.minLots.split('.');
  const scaled = BigInt(whole + fraction) * BigInt(lots);
  if (fraction.length === 0) return scaled.toString();
  const digits = scaled.toString().padStart(fraction.length + 1, '0');
  const frac = digits.slice(-fraction.length).replace(/0+$/, '');
  const int = digits.slice(0, -fraction.length);
  return frac ? `${int}.${frac}` : int;
}

/**
 * Minute candles for the `minutes` before `end`, ending at `endPrice`: the sandbox's own past,
 * so a fresh demo has a chart and a 24-hour change. Walks backwards from the end price; minutes
 * when the market was closed have no candle, as on a real feed.
 */
export function simulateHistory(
  instrument: InstrumentSeed,
  endPrice: string,
  minutes: number,
  end: number,
  random: () => number,
): MinuteCandle[] {
  const price = new TickPrice(instrument.tickSize, endPrice);
  const lastMinute = end - (end % 60_000);
  // Which minutes were open, read from the schedule's changes: asking isOpenAt minute by minute
  // while walking backwards missed its remembered answer every time and took ~35 s for a day of
  // 107 instruments (issue 13, fix 7).
  const instants = Array.from({ length: minutes }, (_, i) => lastMinute - (minutes - i) * 60_000);
  const isOpen = openAtEach(instrument.hours, instants);
  const openTimes = instants.filter((_, i) => isOpen[i]);
  const candles: MinuteCandle[] = [];
  for (let index = openTimes.length - 1; index >= 0; index -= 1) {
    const openTime = openTimes[index] as number;
    const close = price.toString();
    // Four sub-steps inside the minute give it a high and a low.
    const path = [close];
    for (let k = 0; k < 4; k += 1) {
      price.move(-stepRatio(instrument.assetClass, 15_000, random));
      path.push(price.toString());
    }
    const open = path.at(-1) as string;
    const values = path.map(Number);
    const high = path[values.indexOf(Math.max(...values))] as string;
    const low = path[values.indexOf(Math.min(...values))] as string;
    candles.push({ openTime, open, high, low, close, volume: simulatedVolume(instrument, random) });
  }
  return candles.reverse();
}

export type SandboxOptions = {
  intervalMs: number;
  /** Where each instrument starts: its last known price, else its reference price. */
  startPrice: (instrument: InstrumentSeed) => string;
  seed?: number;
  now: () => number;
};

export class SandboxFeed implements FeedAdapter {
  readonly name = 'sandbox';
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly options: SandboxOptions) {}

  async start(instruments: InstrumentSeed[], events: FeedEvents): Promise<void> {
    const now = this.options.now;
    const random = seededRandom(this.options.seed ?? now());
    const prices = new Map(
      instruments.map((instrument) => [
        instrument.code,
        new TickPrice(instrument.tickSize, this.options.startPrice(instrument)),
      ]),
    );
    events.status({ state: 'open' });
    const emit = () => {
      const time = now();
      const at = new Date(time);
      const ticks: RawTick[] = [];
      for (const instrument of instruments) {
        const price = prices.get(instrument.code);
        if (!price || !isOpenAt(instrument.hours, at)) continue;
        price.move(stepRatio(instrument.assetClass, this.options.intervalMs, random));
        ticks.push({
          code: instrument.code,
          price: price.toString(),
          time,
          volume: simulatedVolume(instrument, random),
        });
      }
      events.alive();
      if (ticks.length > 0) events.ticks(ticks);
    };
    emit();
    this.timer = setInterval(emit, this.options.intervalMs);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
