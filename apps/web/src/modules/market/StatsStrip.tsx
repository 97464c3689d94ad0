import { Button, Group, Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../ledger/amount';
import { formatRatioPercent } from './format';
import { useStats } from './market.api';
import { compareDecimals } from './market-sort';
import { useLocale } from './use-locale';

/**
 * Below these, a figure says "new platform" instead of its number (issue 16, fix 8): "Registered
 * users 1" reads as a ghost town or a typo, while a thousand users and a hundred thousand USDT
 * traded in a day are where the numbers start to speak for themselves. The figures are still
 * the server's measurements: only the wording changes, and the threshold is said beside it
 * ("fewer than 1,000"), so nothing is claimed that the count does not show.
 */
export const NEW_PLATFORM_USERS = 1000;
export const NEW_PLATFORM_VOLUME_USDT = '100000';

/** Which figures are below their threshold, from the measured stats. */
export function newPlatformFigures(stats: { registeredUsers: number; tradedVolume24h: string }): {
  users: boolean;
  volume: boolean;
} {
  return {
    users: stats.registeredUsers < NEW_PLATFORM_USERS,
    volume: compareDecimals(stats.tradedVolume24h, NEW_PLATFORM_VOLUME_USDT) < 0,
  };
}

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
  const isNew = data ? newPlatformFigures(data) : null;
  const figures: { key: string; value: string | null; below?: string }[] = [
    isNew?.users
      ? {
          key: 'registeredUsers',
          value: t('market.stats.newPlatform'),
          below: t('market.stats.fewerUsers', { number: count.format(NEW_PLATFORM_USERS) }),
        }
      : { key: 'registeredUsers', value: data ? count.format(data.registeredUsers) : null },
    { key: 'listedCryptocurrencies', value: data ? count.format(data.listedCryptocurrencies) : null },
    isNew?.volume
      ? {
          key: 'volume24h',
          value: t('market.stats.newPlatform'),
          below: t('market.stats.lowVolume', {
            amount: formatAmount(NEW_PLATFORM_VOLUME_USDT, 0, locale),
          }),
        }
      : {
          key: 'volume24h',
          value: data ? t('market.stats.usdt', { amount: formatAmount(data.tradedVolume24h, 2, locale) }) : null,
        },
    { key: 'maxFee', value: data ? formatRatioPercent(data.maxFeeRate, locale) : null },
  ];
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
                ) : figure.below ? (
                  <>
                    <span>{figure.value}</span>
                    <Text component="span" display="block" size="sm" fw={500} c="dimmed">
                      {figure.below}
                    </Text>
                  </>
                ) : (
                  <span className="ob-amount">{figure.value}</span>
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <Text size="xs" c="dimmed" mt={6}>
        {t('market.stats.measured')}
      </Text>
    </section>
  );
}
