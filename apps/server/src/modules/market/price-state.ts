import type { TCandle } from '@openbourse/contracts';

/**
 * What one instance knows about one instrument's recent prices: the last price with its source
 * and time, and the one-minute candles of the last 24 hours (of feed time, so a replay of 2021
 * has its own 24 hours). Everything the home list shows (price, zdf, the 100-point sparkline,
 * high/low/volume) is computed from this, in memory, without touching the database.
 *
 * Prices stay decimal strings as the feed sent them; `Number` is used only to compare and to
 * compute the change ratio, never to produce a price.
 */

export const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
export const SPARKLINE_POINTS = 100;

export type MinuteCandle = {
  openTime: number;
  open: string;
  high: string;
  low: string;
  close: string;
  /** Decimal string; "0" for feeds without volume (FX quotes). */
  volume: string;
};

export type NormalisedTick = { code: string; price: string; time: number; source: string; volume?: string };

/** Adds two non-negative decimal strings exactly. */
export function addDecimals(a: string, b: string): string {
  const [ai = '0', af = ''] = a.split('.');
  const [bi = '0', bf = ''] = b.split('.');
  const scale = Math.max(af.length, bf.length);
  const sum = BigInt(ai + af.padEnd(scale, '0')) + BigInt(bi + bf.padEnd(scale, '0'));
  if (scale === 0) return sum.toString();
  const digits = sum.toString().padStart(scale + 1, '0');
  const fraction = digits.slice(-scale).replace(/0+$/, '');
  const whole = digits.slice(0, -scale);
  return fraction ? `${whole}.${fraction}` : whole;
}

/** Decimals a summed volume is kept at: more than any feed sends (prices carry at most 12). */
const VOLUME_SCALE = 18;

/** A non-negative decimal string as an integer at VOLUME_SCALE decimals (digits beyond it are dropped). */
function toScaled(value: string): bigint {
  const [whole = '0', fraction = ''] = value.split('.');
  return BigInt(`${whole}${fraction.slice(0, VOLUME_SCALE).padEnd(VOLUME_SCALE, '0')}`);
}

function fromScaled(value: bigint): string {
  const digits = value.toString().padStart(VOLUME_SCALE + 1, '0');
  const fraction = digits.slice(-VOLUME_SCALE).replace(/0+$/, '');
  const whole = digits.slice(0, -VOLUME_SCALE);
  return fraction ? `${whole}.${fraction}` : whole;
}

export class PriceState {
  price: string | null = null;
  time: number | null = null;
  source: string;
  /** Wall-clock time this instance last received a price (staleness is measured from it). */
  receivedAt: number | null = null;
  /** One-minute candles, oldest first; the last one may still be forming. */
  readonly minutes: MinuteCandle[] = [];

  constructor(source: string) {
    this.source = source;
  }

  /** Loads persisted history (oldest first) without marking the price as freshly received. */
  restore(candles: MinuteCandle[]): void {
    this.minutes.splice(0, this.minutes.length, ...candles);
    const last = candles.at(-1);
    if (last) {
      this.price = last.close;
      this.time = last.openTime;
    }
  }

  /**
   * Adds older minutes (oldest first) in front of those already here: the sandbox's simulated
   * past arriving after its live ticks started. Minutes not older than the first one held are
   * ignored; without a price yet (a closed market), the last added minute gives it, as restore.
   */
  prepend(candles: MinuteCandle[]): void {
    const first = this.minutes[0]?.openTime ?? Number.POSITIVE_INFINITY;
    const older = candles.filter((candle) => candle.openTime < first);
    this.minutes.unshift(...older);
    const last = older.at(-1);
    if (this.price === null && last) {
      this.price = last.close;
      this.time = last.openTime;
    }
  }

  /** Applies a tick; returns the minute candle it changed. Ticks older than the last minute are dropped. */
  apply(tick: NormalisedTick, receivedAt: number): MinuteCandle | null {
    const openTime = tick.time - (tick.time % MINUTE_MS);
    const volume = tick.volume ?? '0';
    let candle = this.minutes.at(-1);
    if (candle && openTime < candle.openTime) return null;
    if (!candle || openTime > candle.openTime) {
      candle = { openTime, open: tick.price, high: tick.price, low: tick.price, close: tick.price, volume };
      this.minutes.push(candle);
      this.trim(openTime);
    } else {
      const value = Number(tick.price);
      if (value > Number(candle.high)) candle.high = tick.price;
      if (value < Number(candle.low)) candle.low = tick.price;
      candle.close = tick.price;
      candle.volume = addDecimals(candle.volume, volume);
    }
    this.price = tick.price;
    this.time = tick.time;
    this.source = tick.source;
    this.receivedAt = receivedAt;
    return candle;
  }

  private trim(latestOpenTime: number): void {
    const cutoff = latestOpenTime - DAY_MS;
    let drop = 0;
    while (drop < this.minutes.length && (this.minutes[drop]?.openTime ?? 0) < cutoff) drop += 1;
    if (drop > 0) this.minutes.splice(0, drop);
  }

  /**
   * Index of the first minute inside the 24 hours before the latest price (minutes.length when
   * none is). The minutes are in time order, so a binary search finds it without copying them:
   * the list and every price read ask for the change ratio.
   */
  private firstMinuteOfLastDay(): number {
    if (this.time === null) return this.minutes.length;
    const cutoff = this.time - DAY_MS;
    let low = 0;
    let high = this.minutes.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.minutes[middle] as MinuteCandle).openTime >= cutoff) high = middle;
      else low = middle + 1;
    }
    return low;
  }

  /** The last 100 one-minute closes, oldest first. */
  sparkline(): string[] {
    return this.minutes.slice(-SPARKLINE_POINTS).map((candle) => candle.close);
  }

  /** The change ratio over the last 24 hours of data (from the first open in the window). */
  changeRatio(): string | null {
    const first = this.minutes[this.firstMinuteOfLastDay()];
    if (!first || this.price === null) return null;
    const base = Number(first.open);
    if (!(base > 0)) return null;
    return ((Number(this.price) - base) / base).toFixed(6);
  }

  dayStats(): { high: string | null; low: string | null; volume: string | null } {
    const start = this.firstMinuteOfLastDay();
    const forming = this.minutes.at(-1);
    if (start >= this.minutes.length || !forming) return { high: null, low: null, volume: null };
    // The list shows these for every instrument every second (issue 16's market table): the
    // closed minutes are summed once per window and only the forming minute is added each time.
    const closed = this.closedMinutesStats(start, this.minutes.length - 1);
    if (!closed) return { high: forming.high, low: forming.low, volume: addDecimals('0', forming.volume) };
    return {
      high: Number(forming.high) > Number(closed.high) ? forming.high : closed.high,
      low: Number(forming.low) < Number(closed.low) ? forming.low : closed.low,
      volume: addDecimals(closed.volume, forming.volume),
    };
  }

  private closedCache: { key: string; high: string; low: string; volume: string } | null = null;
  /** Each closed minute's volume as a scaled integer, read once (a closed minute never changes). */
  private readonly scaledVolumes = new WeakMap<MinuteCandle, bigint>();

  /**
   * High, low and volume of minutes[start, end), remembered while that window is unchanged.
   * When the window moves (once a minute) it is summed again from each minute's volume parsed
   * once, as an integer at VOLUME_SCALE decimals: exact, and about a millisecond for a day.
   */
  private closedMinutesStats(start: number, end: number): { high: string; low: string; volume: string } | null {
    if (end <= start) return null;
    const first = this.minutes[start] as MinuteCandle;
    const last = this.minutes[end - 1] as MinuteCandle;
    const key = `${first.openTime}:${last.openTime}:${end - start}`;
    if (this.closedCache?.key === key) return this.closedCache;
    let high = first;
    let low = first;
    let highValue = Number(first.high);
    let lowValue = Number(first.low);
    let volume = 0n;
    for (let index = start; index < end; index += 1) {
      const candle = this.minutes[index] as MinuteCandle;
      const candleHigh = Number(candle.high);
      const candleLow = Number(candle.low);
      if (candleHigh > highValue) {
        high = candle;
        highValue = candleHigh;
      }
      if (candleLow < lowValue) {
        low = candle;
        lowValue = candleLow;
      }
      let scaled = this.scaledVolumes.get(candle);
      if (scaled === undefined) {
        scaled = toScaled(candle.volume);
        this.scaledVolumes.set(candle, scaled);
      }
      volume += scaled;
    }
    this.closedCache = { key, high: high.high, low: low.low, volume: fromScaled(volume) };
    return this.closedCache;
  }

  isStale(now: number, staleAfterMs: number): boolean {
    return this.receivedAt === null || now - this.receivedAt > staleAfterMs;
  }
}

export function toWireCandle(candle: MinuteCandle): TCandle {
  return {
    time: candle.openTime,
    open: candle.open,
    high: candle.high,
    low: candle.low,
    close: candle.close,
    volume: candle.volume,
  };
}
