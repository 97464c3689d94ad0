import { Anchor, Group, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import type { CandleInterval } from '@openbourse/contracts';
import { CANDLE_INTERVALS } from '@openbourse/contracts/constants';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../shared/ui/QueryState';
import { formatPrice } from './format';
import { useCandles } from './market.api';
import { subscribePrices } from './market-socket';
import { SourceBadge } from './SourceBadge';
import { useLocale } from './use-locale';

// The chart library is loaded only where a chart is drawn.
/** The chart's code (lightweight-charts): pages that will show a chart may fetch it early. */
export const loadCandleChart = () => import('./CandleChart');
const CandleChart = lazy(loadCandleChart);

const INTERVAL_KEY = 'ob.chartInterval';

function storedInterval(): CandleInterval {
  try {
    const value = localStorage.getItem(INTERVAL_KEY);
    return (CANDLE_INTERVALS as readonly string[]).includes(value ?? '') ? (value as CandleInterval) : '15m';
  } catch {
    return '15m';
  }
}

type Props = {
  code: string;
  name: string;
  precision: number;
  /** Whether the instrument's feed has gone quiet (its badge shows above the chart). */
  stale: boolean;
  height?: number;
  /** The chart grows to fill the height its container gives it (beside a taller order ticket). */
  fill?: boolean;
};

/**
 * Candles of one instrument with an interval switch (1m … 1d), the feed's badge above them,
 * and "No data yet" instead of a chart when the feed has recorded nothing (SPEC §0.2).
 */
export function ChartPanel({ code, name, precision, stale, height = 360, fill = false }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [interval, setIntervalState] = useState<CandleInterval>(storedInterval);
  const candles = useCandles(code, interval);
  const panelRef = useRef<HTMLDivElement>(null);
  const changeInterval = (value: string) => {
    if (!(CANDLE_INTERVALS as readonly string[]).includes(value)) return;
    setIntervalState(value as CandleInterval);
    try {
      localStorage.setItem(INTERVAL_KEY, value);
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  };
  // Reads the candles again, at most every 5 s: when a live price comes from another feed than
  // the candles', and when an instrument without history gets its first price (below).
  const lastRefetch = useRef(0);
  const refetch = candles.refetch;
  const readCandlesAgain = useCallback(() => {
    if (Date.now() - lastRefetch.current < 5_000) return;
    lastRefetch.current = Date.now();
    void refetch();
  }, [refetch]);

  const data = candles.data;
  // No history yet: the feed's first prices start it, so a quiet instrument's chart appears with
  // its first trade instead of waiting for a reload. A candle is written about a second after its
  // prices, hence the short wait before reading.
  const isEmpty = data !== undefined && data.candles.length === 0;
  useEffect(() => {
    if (!isEmpty) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const unsubscribe = subscribePrices([code], () => {
      timer ??= setTimeout(() => {
        timer = null;
        readCandlesAgain();
      }, 1_500);
    });
    return () => {
      unsubscribe();
      if (timer !== null) clearTimeout(timer);
    };
  }, [isEmpty, code, readCandlesAgain]);

  const first = data?.candles[0];
  const last = data?.candles.at(-1);
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const label =
    first && last
      ? t('market.chart.label', {
          name,
          interval: t(`market.intervals.${interval}`),
          candles: data.candles.length,
          from: when.format(first.time),
          to: when.format(last.time),
          close: formatPrice(last.close, precision, locale),
        })
      : '';

  return (
    <Stack
      ref={panelRef}
      gap="xs"
      component="section"
      aria-label={t('market.chart.title', { name })}
      className={fill ? 'ob-chart-panel ob-chart-panel--fill' : 'ob-chart-panel'}
      data-testid="chart-panel"
    >
      <Group justify="space-between" gap="xs">
        <SegmentedControl
          size="xs"
          value={interval}
          onChange={changeInterval}
          aria-label={t('market.chart.interval')}
          data={CANDLE_INTERVALS.map((value) => ({ value, label: t(`market.intervals.${value}`) }))}
          data-testid="chart-intervals"
        />
        {data && (
          <Group gap={4}>
            <SourceBadge source={data.source} stale={stale} />
          </Group>
        )}
      </Group>
      {candles.isPending ? (
        <Skeleton height={height} aria-label={t('market.chart.loading')} role="status" />
      ) : candles.isError ? (
        <LoadFailed error={candles.error} onRetry={() => void candles.refetch()} />
      ) : !data || data.candles.length === 0 ? (
        <div className="ob-chart-empty" style={{ height }} data-testid="chart-empty">
          <Text c="dimmed">{t('market.noData')}</Text>
        </div>
      ) : (
        <>
          <Suspense fallback={<Skeleton height={height} aria-label={t('market.chart.loading')} role="status" />}>
            <CandleChart
              code={code}
              interval={interval}
              candles={data.candles}
              source={data.source}
              precision={precision}
              locale={locale}
              label={label}
              height={height}
              onSourceChange={readCandlesAgain}
              panelRef={panelRef}
            />
          </Suspense>
          {/* The chart library's licence asks for this attribution and link. */}
          <Text size="xs" c="dimmed" ta="end">
            <Anchor
              href="https://www.tradingview.com/"
              target="_blank"
              rel="noopener noreferrer"
              c="dimmed"
              data-testid="chart-attribution"
            >
              {t('market.chart.attribution')}
            </Anchor>
          </Text>
        </>
      )}
    </Stack>
  );
}
