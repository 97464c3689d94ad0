import { Badge, Group, Loader, Stack, Text } from '@mantine/core';
import type { TBacktest } from '@openbourse/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EquityChart } from './EquityChart';
import { Facts, type PlanFormat } from './parts';

/**
 * A product's measured performance (SPEC §0.5, issue 18): labelled "Historical backtest" over
 * recorded prices, or "Sandbox data — not history" over the simulator's, with its data source
 * named, its period, total return, largest drawdown, winning share, trades and equity curve. No
 * backtest yet: it says it is being computed, and shows no figure and no chart.
 */
export function BacktestPanel({ backtest, format }: { backtest: TBacktest | null; format: PlanFormat }) {
  const { t } = useTranslation();
  const headingId = useId();
  if (!backtest) {
    return (
      <Stack gap={4} data-testid="backtest-pending" role="status">
        <Group gap="xs" wrap="nowrap">
          <Loader size="xs" aria-hidden />
          <Text size="sm" fw={600}>
            {t('plans.products.backtest.pending')}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {t('plans.products.backtest.pendingNote')}
        </Text>
      </Stack>
    );
  }
  const isHistory = backtest.dataKind === 'historical';
  const label = isHistory ? t('plans.products.backtest.historical') : t('plans.products.backtest.sandbox');
  return (
    <Stack
      gap="xs"
      component="section"
      aria-labelledby={headingId}
      data-testid="backtest"
      data-kind={backtest.dataKind}
    >
      <Group gap="xs" wrap="wrap">
        <Badge
          id={headingId}
          color={isHistory ? 'blue' : 'orange'}
          variant="light"
          size="lg"
          tt="none"
          data-testid="backtest-label"
        >
          {label}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        {isHistory ? t('plans.products.backtest.historicalNote') : t('plans.products.backtest.sandboxNote')}
      </Text>
      <Facts
        label={label}
        facts={[
          {
            key: 'source',
            label: t('plans.products.backtest.source'),
            value: format.name(backtest.source),
            testId: 'backtest-source',
          },
          {
            key: 'period',
            label: t('plans.products.backtest.period'),
            value: t('plans.products.backtest.periodValue', {
              from: format.dateTime(backtest.from),
              to: format.dateTime(backtest.to),
            }),
            testId: 'backtest-period',
          },
          {
            key: 'bars',
            label: t('plans.products.backtest.bars'),
            value: new Intl.NumberFormat(format.locale, { numberingSystem: 'latn' }).format(backtest.bars),
          },
          {
            key: 'return',
            label: t('plans.products.backtest.totalReturn'),
            value: format.signedPercent(backtest.totalReturn),
            testId: 'backtest-return',
          },
          {
            key: 'drawdown',
            label: t('plans.products.backtest.maxDrawdown'),
            value: format.percent(backtest.maxDrawdown),
            testId: 'backtest-drawdown',
          },
          {
            key: 'winRate',
            label: t('plans.products.backtest.winRate'),
            value: format.percent(backtest.winRate),
            testId: 'backtest-win-rate',
          },
          {
            key: 'trades',
            label: t('plans.products.backtest.trades'),
            value: new Intl.NumberFormat(format.locale, { numberingSystem: 'latn' }).format(backtest.trades),
            testId: 'backtest-trades',
          },
        ]}
      />
      <EquityChart
        points={backtest.equity}
        title={t('plans.products.backtest.chartTitle')}
        empty={t('plans.products.backtest.chartEmpty')}
        testId="backtest-equity"
        describe={(values) =>
          t('plans.products.backtest.chartLabel', {
            from: format.dateTime(values.from),
            to: format.dateTime(values.to),
            first: format.usdt(values.first),
            last: format.usdt(values.last),
            low: format.usdt(values.low),
            high: format.usdt(values.high),
          })
        }
      />
      <Text size="xs" c="dimmed">
        {t('plans.products.backtest.computedAt', { time: format.dateTime(backtest.computedAt) })}
      </Text>
    </Stack>
  );
}
