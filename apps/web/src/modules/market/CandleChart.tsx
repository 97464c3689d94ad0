import { Skeleton, Stack } from '@mantine/core';
import type { CandleInterval, TCandle } from '@openbourse/contracts';
import {
  AreaSeries,
  CandlestickSeries,
  createChart,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  LineSeries,
  type MouseEventParams,
  type SeriesType,
  TickMarkType,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { type CSSProperties, type RefObject, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useChartTheme } from '../../shared/ui/color-scheme';
import { useSession } from '../identity/session';
import { applyLivePrice, type Bar, toBars } from './candles';
import { ChartLegend } from './chart/ChartLegend';
import { ChartToolbar } from './chart/ChartToolbar';
import { useChartTexts } from './chart/chart-i18n';
import {
  type ChartSettings,
  type ChartType,
  PANE_INDICATORS,
  readChartSettings,
  storeChartSettings,
} from './chart/chart-settings';
import { type Computed, computeIndicators, IndicatorLayer } from './chart/indicator-layer';
import { PositionLines } from './chart/PositionLines';
import { useFullscreen } from './chart/use-fullscreen';
import { subscribePrices } from './market-socket';
import { type TrendColours, useColourConvention } from './use-colour-convention';

export type CandleChartProps = {
  code: string;
  interval: CandleInterval;
  candles: readonly TCandle[];
  /** The feed the candles came from: live prices of another feed are never drawn on them. */
  source: string;
  precision: number;
  locale: string;
  /** Describes the chart for screen readers. */
  label: string;
  height?: number;
  /** A live price from another feed arrived: the candles should be read again. */
  onSourceChange?: () => void;
  /** The panel around the chart, which goes full screen (with its interval switch and badge). */
  panelRef?: RefObject<HTMLElement | null>;
};

type MainSeries = {
  api: ISeriesApi<SeriesType>;
  setAll: (bars: readonly Bar[]) => void;
  update: (bar: Bar) => void;
  style: (colours: TrendColours, precision: number) => void;
};

const time = (bar: Bar) => bar.time as UTCTimestamp;
const LINE_COLOUR = '#1971c2';

/** The price series in the chosen drawing: candles, or the closes as a line or an area. */
function addMainSeries(chart: IChartApi, type: ChartType): MainSeries {
  const priceFormat = (precision: number) => ({ type: 'price' as const, precision, minMove: 10 ** -precision });
  if (type === 'candles') {
    const series = chart.addSeries(CandlestickSeries, {});
    const point = (bar: Bar) => ({ ...bar, time: time(bar) });
    return {
      api: series,
      setAll: (bars) => series.setData(bars.map(point)),
      update: (bar) => series.update(point(bar)),
      style: (colours, precision) =>
        series.applyOptions({
          upColor: colours.upDraw,
          downColor: colours.downDraw,
          borderUpColor: colours.upDraw,
          borderDownColor: colours.downDraw,
          wickUpColor: colours.upDraw,
          wickDownColor: colours.downDraw,
          priceFormat: priceFormat(precision),
        }),
    };
  }
  const point = (bar: Bar) => ({ time: time(bar), value: bar.close });
  const series =
    type === 'line'
      ? chart.addSeries(LineSeries, { color: LINE_COLOUR, lineWidth: 2 })
      : chart.addSeries(AreaSeries, {
          lineColor: LINE_COLOUR,
          lineWidth: 2,
          topColor: 'rgba(25, 113, 194, 0.28)',
          bottomColor: 'rgba(25, 113, 194, 0.02)',
        });
  return {
    api: series,
    setAll: (bars) => series.setData(bars.map(point)),
    update: (bar) => series.update(point(bar)),
    style: (_colours, precision) => series.applyOptions({ priceFormat: priceFormat(precision) }),
  };
}

/** A drawing colour at half strength, for the volume bars under the prices. */
function faded(colour: string): string {
  return /^#[0-9a-f]{6}$/i.test(colour) ? `${colour}66` : colour;
}

/** The share of the chart's height each indicator pane adds to it. */
const PANE_SHARE = 0.3;

/**
 * The chart (lightweight-charts v5), loaded on its own so pages without a chart never download
 * it: prices as candles, a line or an area, with volume bars under them, a legend of the bar under
 * the crosshair, indicators (moving averages and Bollinger bands over the prices, RSI and MACD in
 * panes below), full screen, and the user's open positions on the instrument as lines whose stops
 * can be dragged. Times are shown in the reader's time zone and locale; the last bar follows the
 * socket: its close, high and low move, and a new bar starts at each interval boundary.
 */
export default function CandleChart(props: CandleChartProps) {
  const ready = useChartTexts();
  if (!ready) return <Skeleton height={props.height ?? 360} />;
  return <ChartView {...props} />;
}

function ChartView({
  code,
  interval,
  candles,
  source,
  precision,
  locale,
  label,
  height = 360,
  onSourceChange,
  panelRef,
}: CandleChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const fallbackPanelRef = useRef<HTMLElement | null>(null);
  const fullscreen = useFullscreen(panelRef ?? fallbackPanelRef);
  const [settings, setSettingsState] = useState<ChartSettings>(readChartSettings);
  const setSettings = (next: ChartSettings) => {
    setSettingsState(next);
    storeChartSettings(next);
  };
  // Held in state so every effect below runs again for a chart made anew.
  const [view, setView] = useState<{ chart: IChartApi; volume: ISeriesApi<'Histogram'> } | null>(null);
  const [main, setMain] = useState<MainSeries | null>(null);
  const barsRef = useRef<Bar[]>([]);
  const volumesRef = useRef(new Map<number, string>());
  const computedRef = useRef<Computed>({});
  const layerRef = useRef<IndicatorLayer | null>(null);
  const indicatorsRef = useRef(settings.indicators);
  indicatorsRef.current = settings.indicators;
  const fittedRef = useRef<string>('');
  const onSourceChangeRef = useRef(onSourceChange);
  onSourceChangeRef.current = onSourceChange;
  const { colours } = useColourConvention();
  const theme = useChartTheme();
  const { token } = useSession();
  // The legend: the bar under the crosshair (null: the last), and a counter that redraws it as data arrive.
  const [hovered, setHovered] = useState<number | null>(null);
  const [, redraw] = useReducer((count: number) => count + 1, 0);

  // The chart itself lives as long as the component; the volume bars sit in the price pane's
  // lowest fifth, on a scale of their own.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const chart = createChart(container, {
      autoSize: true,
      // The library's own logo injects a <style> element that the page's CSP refuses (so it
      // showed unstyled and invisible); ChartPanel links the attribution instead.
      layout: { attributionLogo: false },
      // Fixed edges (no scrolling past the first or the last bar) are what make the library move
      // the first and last time labels inside the chart instead of cutting them in half. Colours
      // follow the theme (the effect below).
      timeScale: { timeVisible: true, secondsVisible: false, fixLeftEdge: true, fixRightEdge: true },
    });
    const volume = chart.addSeries(HistogramSeries, {
      priceScaleId: 'volume',
      priceFormat: { type: 'volume' },
      lastValueVisible: false,
      priceLineVisible: false,
    });
    volume.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
    const follow = (param: MouseEventParams<Time>) => {
      const at = typeof param.time === 'number' ? param.time : null;
      if (at === null || param.point === undefined) {
        setHovered(null);
        return;
      }
      const bars = barsRef.current;
      // Bars are in rising time: a binary search finds the one under the crosshair.
      let low = 0;
      let high = bars.length - 1;
      while (low <= high) {
        const middle = (low + high) >> 1;
        const bar = bars[middle];
        if (!bar) break;
        if (bar.time === at) {
          setHovered(middle);
          return;
        }
        if (bar.time < at) low = middle + 1;
        else high = middle - 1;
      }
      setHovered(null);
    };
    chart.subscribeCrosshairMove(follow);
    setView({ chart, volume });
    return () => {
      chart.unsubscribeCrosshairMove(follow);
      setView(null);
      // After every other clean-up of this unmount: the series, indicator and position-line
      // effects (this component's later ones and its children's) still remove their parts from
      // the chart, which throws ("Value is undefined") once the chart itself is gone.
      queueMicrotask(() => chart.remove());
      fittedRef.current = '';
    };
  }, []);

  // Background, grid, text and scale borders follow the light or dark theme.
  useEffect(() => {
    view?.chart.applyOptions({
      layout: { textColor: theme.text, background: { color: theme.background } },
      grid: { vertLines: { color: theme.grid }, horzLines: { color: theme.grid } },
      timeScale: { borderColor: theme.border },
      rightPriceScale: { borderColor: theme.border },
    });
  }, [view, theme]);

  // Times in the reader's locale and time zone (the library would show UTC).
  useEffect(() => {
    const at = (value: Time) => new Date(typeof value === 'number' ? value * 1000 : String(value));
    const full = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    const marks: Record<TickMarkType, Intl.DateTimeFormat> = {
      [TickMarkType.Year]: new Intl.DateTimeFormat(locale, { year: 'numeric' }),
      [TickMarkType.Month]: new Intl.DateTimeFormat(locale, { month: 'short' }),
      [TickMarkType.DayOfMonth]: new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' }),
      [TickMarkType.Time]: new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }),
      [TickMarkType.TimeWithSeconds]: new Intl.DateTimeFormat(locale, {
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      }),
    };
    view?.chart.applyOptions({
      localization: { locale, timeFormatter: (value: Time) => full.format(at(value)) },
      timeScale: { tickMarkFormatter: (value: Time, type: TickMarkType) => marks[type].format(at(value)) },
    });
  }, [view, locale]);

  // The price series in the chosen drawing, made anew when the drawing changes.
  useEffect(() => {
    if (!view) return;
    const series = addMainSeries(view.chart, settings.type);
    // Room under the prices for the volume bars.
    series.api.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.24 } });
    series.setAll(barsRef.current);
    setMain(series);
    return () => {
      setMain(null);
      view.chart.removeSeries(series.api);
    };
  }, [view, settings.type]);

  // Colours follow the reader's convention; prices show the instrument's decimals.
  useEffect(() => {
    main?.style(colours, precision);
  }, [main, colours, precision]);

  const volumePoint = useCallback(
    (bar: Bar) => {
      const value = Number(volumesRef.current.get(bar.time) ?? Number.NaN);
      return Number.isFinite(value)
        ? { time: time(bar), value, color: faded(bar.close >= bar.open ? colours.upDraw : colours.downDraw) }
        : { time: time(bar) };
    },
    [colours.upDraw, colours.downDraw],
  );

  // The fetched candles; the view fits them once per instrument and interval, then stays where the reader put it.
  useEffect(() => {
    if (!view || !main) return;
    const bars = toBars(candles);
    barsRef.current = bars;
    volumesRef.current = new Map(candles.map((candle) => [Math.floor(candle.time / 1000), candle.volume]));
    main.setAll(bars);
    view.volume.setData(bars.map(volumePoint));
    computedRef.current = computeIndicators(bars, indicatorsRef.current);
    layerRef.current?.setAll(bars, computedRef.current);
    const key = `${code}:${interval}`;
    if (fittedRef.current !== key) {
      view.chart.timeScale().fitContent();
      fittedRef.current = key;
    }
    redraw();
  }, [view, main, candles, code, interval, volumePoint]);

  // The chosen indicators, drawn anew when the choice (or the colour convention) changes.
  const indicatorKey = settings.indicators.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the list it joins
  useEffect(() => {
    if (!view) return;
    const layer = new IndicatorLayer(view.chart, indicatorsRef.current, {
      up: colours.upDraw,
      down: colours.downDraw,
    });
    computedRef.current = computeIndicators(barsRef.current, indicatorsRef.current);
    layer.setAll(barsRef.current, computedRef.current);
    layerRef.current = layer;
    redraw();
    return () => {
      layerRef.current = null;
      layer.remove();
    };
  }, [view, indicatorKey, colours.upDraw, colours.downDraw]);

  // Live prices move the last bar (and the indicators' last values).
  useEffect(() => {
    if (!view || !main) return;
    return subscribePrices([code], (items) => {
      for (const item of items) {
        if (item.source !== source) {
          onSourceChangeRef.current?.();
          continue;
        }
        const bars = barsRef.current;
        const last = bars.at(-1) ?? null;
        const bar = applyLivePrice(last, Number(item.price), item.time, interval);
        if (!bar) continue;
        if (last && bar.time === last.time) bars[bars.length - 1] = bar;
        else bars.push(bar);
        main.update(bar);
        computedRef.current = computeIndicators(bars, indicatorsRef.current);
        layerRef.current?.updateLast(bars, computedRef.current);
      }
      redraw();
    });
  }, [view, main, code, interval, source]);

  const lastClose = useCallback(() => barsRef.current.at(-1)?.close ?? null, []);
  const panes = settings.indicators.filter((id) => PANE_INDICATORS.includes(id)).length;
  const chartHeight = Math.round(height * (1 + PANE_SHARE * panes));
  const portalTarget = fullscreen.isFullscreen ? (panelRef?.current ?? null) : null;
  const leaveFullscreen = () => {
    if (fullscreen.isFullscreen) fullscreen.toggle();
  };

  return (
    <Stack gap={6} className="ob-chart-view">
      <ChartToolbar
        settings={settings}
        onChange={setSettings}
        isFullscreen={fullscreen.isFullscreen}
        onToggleFullscreen={fullscreen.toggle}
        portalTarget={portalTarget}
      />
      <ChartLegend
        bars={barsRef.current}
        index={hovered}
        volumes={volumesRef.current}
        computed={computedRef.current}
        indicators={settings.indicators}
        precision={precision}
        locale={locale}
      />
      <div className="ob-chart-area" style={{ '--ob-chart-height': `${chartHeight}px` } as CSSProperties}>
        <div ref={containerRef} role="img" aria-label={label} className="ob-candle-chart" />
        {main && token && containerRef.current && (
          <PositionLines
            code={code}
            series={main.api}
            container={containerRef.current}
            precision={precision}
            locale={locale}
            lastClose={lastClose}
            portalTarget={portalTarget}
            onLeaveFullscreen={leaveFullscreen}
          />
        )}
      </div>
    </Stack>
  );
}
