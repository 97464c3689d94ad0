import {
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  LineSeries,
  LineStyle,
  type SeriesType,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { Bar } from '../candles';
import { type Bands, bollinger, ema, type IndicatorSeries, type Macd, macd, rsi, sma } from '../indicators';
import type { IndicatorId } from './chart-settings';

export const SMA_PERIOD = 20;
export const EMA_PERIOD = 50;

/** The indicators' values, one per bar (null before an indicator has enough bars). */
export type Computed = {
  sma?: IndicatorSeries;
  ema?: IndicatorSeries;
  bollinger?: Bands;
  rsi?: IndicatorSeries;
  macd?: Macd;
};

export function computeIndicators(bars: readonly Bar[], enabled: readonly IndicatorId[]): Computed {
  const closes = bars.map((bar) => bar.close);
  const computed: Computed = {};
  if (enabled.includes('sma')) computed.sma = sma(closes, SMA_PERIOD);
  if (enabled.includes('ema')) computed.ema = ema(closes, EMA_PERIOD);
  if (enabled.includes('bollinger')) computed.bollinger = bollinger(closes, 20, 2);
  if (enabled.includes('rsi')) computed.rsi = rsi(closes, 14);
  if (enabled.includes('macd')) computed.macd = macd(closes, 12, 26, 9);
  return computed;
}

/** Drawing colours, readable on white; the MACD histogram follows the rise/fall convention. */
export const INDICATOR_COLOURS = {
  sma: '#e8590c',
  ema: '#7048e8',
  bollinger: '#1971c2',
  rsi: '#7048e8',
  macd: '#1971c2',
  signal: '#e8590c',
} as const;

type Drawn = {
  series: ISeriesApi<SeriesType>;
  value: (computed: Computed, index: number) => number | null | undefined;
  colour?: (value: number) => string;
};

const QUIET = { lastValueVisible: false, priceLineVisible: false, crosshairMarkerVisible: false } as const;

/**
 * The chart series of the chosen indicators: moving averages and bands over the prices (pane 0),
 * RSI and MACD in panes of their own below, in that order. Made anew when the choice changes.
 */
export class IndicatorLayer {
  private readonly drawn: Drawn[] = [];

  constructor(
    private readonly chart: IChartApi,
    enabled: readonly IndicatorId[],
    histogramColours: { up: string; down: string },
  ) {
    let pane = 0;
    const line = (paneIndex: number, color: string, value: Drawn['value'], dashed = false) => {
      const series = chart.addSeries(
        LineSeries,
        { ...QUIET, color, lineWidth: 1, lineStyle: dashed ? LineStyle.Dashed : LineStyle.Solid },
        paneIndex,
      );
      this.drawn.push({ series, value });
      return series;
    };
    if (enabled.includes('sma')) line(0, INDICATOR_COLOURS.sma, (c, i) => c.sma?.[i]);
    if (enabled.includes('ema')) line(0, INDICATOR_COLOURS.ema, (c, i) => c.ema?.[i]);
    if (enabled.includes('bollinger')) {
      line(0, INDICATOR_COLOURS.bollinger, (c, i) => c.bollinger?.upper[i]);
      line(0, INDICATOR_COLOURS.bollinger, (c, i) => c.bollinger?.middle[i], true);
      line(0, INDICATOR_COLOURS.bollinger, (c, i) => c.bollinger?.lower[i]);
    }
    if (enabled.includes('rsi')) {
      pane += 1;
      const series = line(pane, INDICATOR_COLOURS.rsi, (c, i) => c.rsi?.[i]);
      series.applyOptions({ priceFormat: { type: 'price', precision: 2, minMove: 0.01 }, lastValueVisible: true });
      for (const level of [70, 30]) {
        series.createPriceLine({
          price: level,
          color: '#868e96',
          lineWidth: 1,
          lineStyle: LineStyle.Dotted,
          axisLabelVisible: true,
        });
      }
    }
    if (enabled.includes('macd')) {
      pane += 1;
      const histogram = chart.addSeries(HistogramSeries, { ...QUIET, priceLineVisible: false }, pane);
      this.drawn.push({
        series: histogram,
        value: (c, i) => c.macd?.histogram[i],
        colour: (value) => (value >= 0 ? histogramColours.up : histogramColours.down),
      });
      line(pane, INDICATOR_COLOURS.macd, (c, i) => c.macd?.macd[i]);
      line(pane, INDICATOR_COLOURS.signal, (c, i) => c.macd?.signal[i]);
    }
    // The prices keep most of the height; each indicator pane gets a quarter of theirs.
    const panes = chart.panes();
    panes[0]?.setStretchFactor(4);
    for (const extra of panes.slice(1)) extra.setStretchFactor(1);
  }

  private point(bar: Bar, drawn: Drawn, computed: Computed, index: number) {
    const time = bar.time as UTCTimestamp;
    const value = drawn.value(computed, index);
    if (value === null || value === undefined || !Number.isFinite(value)) return { time };
    return drawn.colour ? { time, value, color: drawn.colour(value) } : { time, value };
  }

  setAll(bars: readonly Bar[], computed: Computed): void {
    for (const drawn of this.drawn) {
      drawn.series.setData(bars.map((bar, index) => this.point(bar, drawn, computed, index)));
    }
  }

  /** After a live price: only the last bar's values changed (or a bar was added). */
  updateLast(bars: readonly Bar[], computed: Computed): void {
    const index = bars.length - 1;
    const bar = bars[index];
    if (!bar) return;
    for (const drawn of this.drawn) drawn.series.update(this.point(bar, drawn, computed, index));
  }

  remove(): void {
    for (const drawn of this.drawn) this.chart.removeSeries(drawn.series);
    this.drawn.length = 0;
  }
}
