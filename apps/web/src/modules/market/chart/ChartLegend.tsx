import { Group, Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Bar } from '../candles';
import { formatChange, formatPrice, formatQuantity } from '../format';
import { changeTextColour, useColourConvention } from '../use-colour-convention';
import type { IndicatorId } from './chart-settings';
import { type Computed, INDICATOR_COLOURS } from './indicator-layer';

type Props = {
  bars: readonly Bar[];
  /** The bar under the crosshair; null shows the last bar. */
  index: number | null;
  volumes: ReadonlyMap<number, string>;
  computed: Computed;
  indicators: readonly IndicatorId[];
  precision: number;
  locale: string;
};

/** A number the chart computed (display only), at `decimals` places in the reader's locale. */
const shown = (value: number | null | undefined, decimals: number, locale: string) =>
  value === null || value === undefined || !Number.isFinite(value)
    ? '—'
    : formatPrice(value.toFixed(decimals), decimals, locale);

/**
 * Open, high, low, close, change and volume of the bar under the crosshair (the last bar
 * otherwise), and the chosen indicators' values there. Plain text beside the chart, so screen
 * readers read it: the short labels (O, H, L, C) are hidden from them and the words given instead.
 */
export function ChartLegend({ bars, index, volumes, computed, indicators, precision, locale }: Props) {
  const { t } = useTranslation();
  const { convention } = useColourConvention();
  const at = index !== null && index >= 0 && index < bars.length ? index : bars.length - 1;
  const bar = bars[at];
  if (!bar) return null;
  const previous = bars[at - 1];
  const change = previous ? bar.close - previous.close : null;
  const ratio = previous && previous.close !== 0 && change !== null ? change / previous.close : null;
  const sign = change === null || change === 0 ? 0 : change > 0 ? 1 : -1;
  const price = (value: number) => shown(value, precision, locale);
  const volume = volumes.get(bar.time);

  const item = (key: string, label: string, short: string, value: ReactNode, colour?: string) => (
    <Text key={key} span size="xs" className="ob-chart-legend-item" data-testid={`chart-legend-${key}`}>
      <span aria-hidden>{short}</span>
      <span className="ob-visually-hidden">{label}</span>{' '}
      <Text span size="xs" fw={600} c={colour} className="ob-amount">
        {value}
      </Text>
    </Text>
  );
  const word = (key: string) => t(`tradingChart.chart.legend.${key}`);
  const signed = (value: number | null | undefined) =>
    value !== null && value !== undefined && value > 0 ? `+${price(value)}` : price(value ?? Number.NaN);

  const indicatorItems = indicators.map((id) => {
    const name = t(`tradingChart.chart.short.${id}`);
    const colour = INDICATOR_COLOURS[id];
    let value: ReactNode;
    switch (id) {
      case 'sma':
        value = price(computed.sma?.[at] ?? Number.NaN);
        break;
      case 'ema':
        value = price(computed.ema?.[at] ?? Number.NaN);
        break;
      case 'bollinger':
        value = `${price(computed.bollinger?.upper[at] ?? Number.NaN)} / ${price(computed.bollinger?.middle[at] ?? Number.NaN)} / ${price(computed.bollinger?.lower[at] ?? Number.NaN)}`;
        break;
      case 'rsi':
        value = shown(computed.rsi?.[at], 2, locale);
        break;
      case 'macd':
        value = `${shown(computed.macd?.macd[at], precision, locale)} / ${shown(computed.macd?.signal[at], precision, locale)} / ${shown(computed.macd?.histogram[at], precision, locale)}`;
        break;
    }
    return (
      <Text key={id} span size="xs" className="ob-chart-legend-item" data-testid={`chart-legend-${id}`}>
        <span aria-hidden className="ob-chart-swatch" style={{ background: colour }} />
        {name}{' '}
        <Text span size="xs" fw={600} className="ob-amount">
          {value}
        </Text>
      </Text>
    );
  });

  return (
    <div className="ob-chart-legend" data-testid="chart-legend">
      <span className="ob-visually-hidden">{t('tradingChart.chart.legend.label')}</span>
      <Group gap={10} wrap="wrap" component="span">
        {item('open', word('open'), word('openShort'), price(bar.open))}
        {item('high', word('high'), word('highShort'), price(bar.high))}
        {item('low', word('low'), word('lowShort'), price(bar.low))}
        {item('close', word('close'), word('closeShort'), price(bar.close))}
        {item(
          'change',
          word('change'),
          '',
          change === null ? (
            '—'
          ) : (
            <>
              {signed(change)} ({formatChange(ratio === null ? null : ratio.toFixed(8), locale)})
            </>
          ),
          changeTextColour(sign, convention),
        )}
        {volume !== undefined && item('volume', word('volume'), word('volumeShort'), formatQuantity(volume, locale, 4))}
      </Group>
      {indicatorItems.length > 0 && (
        <Group gap={10} wrap="wrap" component="span" mt={2}>
          {indicatorItems.map((node, position) => (
            <Fragment key={indicators[position]}>{node}</Fragment>
          ))}
        </Group>
      )}
    </div>
  );
}
