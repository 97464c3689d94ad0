import { Button, Group, Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../ledger/amount';
import { formatRatioPercent } from './format';
import { useStats } from './market.api';
import { useLocale } from './use-locale';

/**
 * SPEC §0.5: the home figures, measured by the server from its database and fee schedule —
 * never typed in. While they load, placeholders hold their place; a failure says so.
 */
export function StatsStrip() {
  const { t } = useTranslation();
  const locale = useLocale();
  const stats = useStats();
  const data = stats.data;
  const count = new Intl.NumberFormat(locale, { numberingSystem: 'latn' });
  const figures = [
    { key: 'registeredUsers', value: data ? count.format(data.registeredUsers) : null },
    { key: 'listedCryptocurrencies', value: data ? count.format(data.listedCryptocurrencies) : null },
    {
      key: 'volume24h',
      value: data ? t('market.stats.usdt', { amount: formatAmount(data.tradedVolume24h, 2, locale) }) : null,
    },
    { key: 'maxFee', value: data ? formatRatioPercent(data.maxFeeRate, locale) : null },
  ] as const;
  return (
    <section aria-labelledby="stats-strip-title" className="ob-stats" data-testid="stats-strip">
      <h2 id="stats-strip-title" className="ob-visually-hidden">
        {t('market.stats.title')}
      </h2>
      {stats.isError ? (
        <Group gap="sm" role="alert">
          <Text size="sm">{t('market.stats.failed')}</Text>
          <Button size="compact-sm" variant="light" onClick={() => void stats.refetch()}>
            {t('app.retry')}
          </Button>
        </Group>
      ) : (
        <dl className="ob-stats-list" aria-busy={stats.isPending}>
          {figures.map((figure) => (
            <div key={figure.key} className="ob-stat">
              <dt>{t(`market.stats.${figure.key}`)}</dt>
              <dd data-testid={`stat-${figure.key}`}>
                {figure.value === null ? (
                  <Skeleton height={24} width={96} aria-hidden="true" />
                ) : (
                  <span className="ob-amount">{figure.value}</span>
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <Text size="xs" c="gray.7" mt={6}>
        {t('market.stats.measured')}
      </Text>
    </section>
  );
}
