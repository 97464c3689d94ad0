import { Badge, Group, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { TAccountSummary } from '@openbourse/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/errors';
import { useLocale } from '../market/use-locale';
import { type MarginBand, marginBand } from './ticket-math';
import { formatMarginLevel, formatUsdt } from './trading-format';

/** Badge colours per band; `autoContrast` keeps the text readable on yellow and orange. */
const BAND_COLOURS: Record<MarginBand, string> = {
  none: 'gray.7',
  safe: 'teal.9',
  watch: 'yellow.4',
  warning: 'orange.6',
  danger: 'red.9',
};

/**
 * Balance, equity, used and free margin, and the margin level as a percent coloured by risk
 * (green above 200%, yellow 100–200%, orange 50–100%, red at 50% and below, where positions
 * are stopped out); the band is also written out, so colour is never the only signal.
 */
export function AccountSummaryBar({
  summary,
  figures,
}: {
  /** The server's summary: its loading and error states. */
  summary: UseQueryResult<TAccountSummary>;
  /** What to show: the server's figures with the live P&L of the rows (ticket-math.ts's withLivePnl). */
  figures: TAccountSummary | undefined;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const data = figures;
  const band = marginBand(data?.marginLevel ?? null);
  const figure = (label: string, value: ReactNode, testId?: string) => (
    <div key={label}>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" fw={600} size="sm" m={0} className="ob-amount" data-testid={testId}>
        {value}
      </Text>
    </div>
  );
  return (
    <section aria-label={t('trading.summary.title')} data-testid="account-summary">
      {summary.isError ? (
        <Text size="sm" c="red" role="alert">
          {errorMessage(summary.error)}
        </Text>
      ) : !data ? (
        <Skeleton height={44} aria-label={t('app.loading')} role="status" />
      ) : (
        <SimpleGrid cols={{ base: 2, xs: 3, md: 5 }} spacing="sm" verticalSpacing="xs" component="dl" m={0}>
          {figure(t('trading.summary.balance'), formatUsdt(data.balance, locale), 'summary-balance')}
          {figure(t('trading.summary.equity'), formatUsdt(data.equity, locale), 'summary-equity')}
          {figure(t('trading.summary.usedMargin'), formatUsdt(data.usedMargin, locale), 'summary-used-margin')}
          {figure(t('trading.summary.freeMargin'), formatUsdt(data.freeMargin, locale), 'summary-free-margin')}
          <div>
            <Text component="dt" size="xs" c="dimmed">
              {t('trading.summary.marginLevel')}
            </Text>
            <Group component="dd" gap={6} m={0} wrap="nowrap">
              <Badge
                color={BAND_COLOURS[band]}
                autoContrast
                className="ob-source-badge ob-amount"
                data-testid="margin-level"
                data-band={band}
              >
                {data.marginLevel === null
                  ? t('trading.summary.noMarginLevel')
                  : formatMarginLevel(data.marginLevel, locale)}
              </Badge>
              {band !== 'none' && (
                <Text size="xs" c="dimmed">
                  {t(`trading.summary.band.${band}`)}
                </Text>
              )}
            </Group>
          </div>
        </SimpleGrid>
      )}
      {data && (
        <Text size="xs" c="dimmed" mt={4}>
          {t('trading.summary.stopOutNote', { level: formatMarginLevel(data.stopOutLevel, locale) })}
        </Text>
      )}
    </section>
  );
}
