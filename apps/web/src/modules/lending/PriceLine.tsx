import { Group, Text } from '@mantine/core';
import { NON_LIVE_SOURCES } from '@openbourse/contracts/constants';
import { useTranslation } from 'react-i18next';
import { useDateTime } from '../kyc/kyc-format';
import { formatPrice } from '../market/format';
import { SourceBadge, sourceBadges } from '../market/SourceBadge';
import { useLocale } from '../market/use-locale';
import type { CollateralPrice } from './use-collateral-price';

/** A price feed's name for people: "Sandbox data", "Replay", an exchange by its name. */
export function useSourceName(): (source: string | null) => string {
  const { t } = useTranslation();
  return (source) => {
    if (!source || source === 'none') return t('market.source.none');
    if ((NON_LIVE_SOURCES as readonly string[]).includes(source)) {
      const kind = source === 'sandbox' ? 'sandbox' : source === 'test' ? 'test' : 'replay';
      return t(`market.source.${kind}`);
    }
    return source.charAt(0).toUpperCase() + source.slice(1);
  };
}

/**
 * The collateral's live price in the loan's asset with where it comes from and when (SPEC §0.2):
 * "1 BTC = 61,234.56 USDT · Sandbox data · 14:03". A stale or missing price says so: the server
 * refuses to price a loan on one.
 */
export function PriceLine({
  asset,
  loanAsset,
  price,
  isLoading,
}: {
  asset: string;
  loanAsset: string;
  price: CollateralPrice | null;
  isLoading: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const dateTime = useDateTime();
  const sourceName = useSourceName();
  if (isLoading) {
    return (
      <Text size="sm" role="status">
        {t('lending.apply.priceLoading', { asset })}
      </Text>
    );
  }
  if (!price?.price) {
    return (
      <Text size="sm" c="red.8" role="status" data-testid="loan-price-missing">
        {t('lending.apply.priceMissing', { asset, loanAsset })}
      </Text>
    );
  }
  return (
    <Group gap="xs" wrap="wrap" data-testid="loan-collateral-price" data-source={price.source}>
      <Text size="sm">
        {t('lending.apply.price', {
          asset,
          price: `${formatPrice(price.price, price.precision, locale)} ${loanAsset}`,
        })}
      </Text>
      {/* A sandbox, replay or stale price wears its badge; a live exchange is named in words. */}
      <SourceBadge source={price.source} stale={price.stale} size="xs" />
      <Text size="xs" c="dimmed">
        {sourceBadges(price.source, price.stale).length === 0 &&
          `${t('lending.common.priceSource', { source: sourceName(price.source) })} · `}
        {price.time !== null && dateTime(new Date(price.time).toISOString())}
      </Text>
      {price.stale && (
        <Text size="sm" c="red.8" w="100%">
          {t('lending.apply.priceStale')}
        </Text>
      )}
    </Group>
  );
}
