import { Text } from '@mantine/core';
import type { TMarketItem } from '@openbourse/contracts';
import { useTranslation } from 'react-i18next';
import { TrendText } from '../../shared/ui/TrendText';
import { changeSign, formatChange, formatPrice } from './format';
import { SourceBadge } from './SourceBadge';
import { useLocale } from './use-locale';

/** The instrument's logo, served by the platform; its alternative text is the name. */
export function InstrumentLogo({ item, size = 32 }: { item: Pick<TMarketItem, 'logo' | 'appName'>; size?: number }) {
  return (
    <img src={item.logo} alt={item.appName} width={size} height={size} className="ob-instrument-logo" loading="lazy" />
  );
}

/** The 24 h change, signed and coloured by the reader's convention. */
export function ChangeText({ zdf, size = 'sm', fw = 600 }: { zdf: string | null; size?: string; fw?: number }) {
  const locale = useLocale();
  return (
    <TrendText sign={changeSign(zdf)} size={size} fw={fw} className="ob-amount">
      {formatChange(zdf, locale)}
    </TrendText>
  );
}

/** A price with its source badge beside it (SPEC §0.2: no price without its badge). */
export function PriceWithBadge({
  item,
  size = 'sm',
  fw = 600,
  testId,
  badgeSize = 'xs',
}: {
  item: Pick<TMarketItem, 'price' | 'precision' | 'source' | 'stale'>;
  size?: string;
  fw?: number;
  testId?: string;
  badgeSize?: 'xs' | 'sm' | 'md' | 'lg';
}) {
  const locale = useLocale();
  const { t } = useTranslation();
  return (
    <span className="ob-price">
      <Text component="span" size={size} fw={fw} className="ob-amount" data-testid={testId}>
        {item.price === null ? t('market.noPrice') : formatPrice(item.price, item.precision, locale)}
      </Text>
      <span className="ob-price-badges">
        <SourceBadge source={item.source} stale={item.stale} size={badgeSize} />
      </span>
    </span>
  );
}
