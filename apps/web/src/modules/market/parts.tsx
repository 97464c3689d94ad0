import { Text } from '@mantine/core';
import type { TMarketItem } from '@openbourse/contracts';
import { useTranslation } from 'react-i18next';
import { TrendText } from '../../shared/ui/TrendText';
import { changeFillCssColour, trendName, useColourConvention } from '../../shared/ui/trend-colours';
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

/** A price alone: its panel's FeedBadge names the source (issue 16, fix 8). */
export function PriceText({
  item,
  size = 'sm',
  fw = 600,
  testId,
}: {
  item: Pick<TMarketItem, 'price' | 'precision'> & { stale?: boolean };
  size?: string;
  fw?: number;
  testId?: string;
}) {
  const locale = useLocale();
  const { t } = useTranslation();
  // A stale price is greyed and says so to a screen reader: the panel's badge counts them.
  const isStale = item.stale === true && item.price !== null;
  // A plain element, not Mantine's Text: a list renders forty of these on every price push.
  return (
    <span
      className="ob-amount ob-price-text"
      style={{
        fontSize: `var(--mantine-font-size-${size})`,
        lineHeight: `var(--mantine-line-height-${size})`,
        fontWeight: fw,
      }}
      title={isStale ? t('market.source.staleHint') : undefined}
      data-stale={isStale || undefined}
      data-testid={testId}
    >
      {item.price === null ? t('market.noPrice') : formatPrice(item.price, item.precision, locale)}
      {isStale && <span className="ob-visually-hidden"> ({t('market.source.stale')})</span>}
    </span>
  );
}

/** The 24 h change as a pill filled with the reader's rise/fall colour (the phone list). */
export function ChangePill({ zdf }: { zdf: string | null }) {
  const locale = useLocale();
  const { convention } = useColourConvention();
  const sign = changeSign(zdf);
  // A plain element (market-table.css), light enough for a list that moves every second.
  const fill = changeFillCssColour(sign, convention);
  return (
    <span
      className="ob-change-pill"
      style={fill ? { background: fill } : undefined}
      data-sign={sign}
      data-trend={trendName(sign)}
    >
      <span className="ob-amount">{formatChange(zdf, locale)}</span>
    </span>
  );
}
