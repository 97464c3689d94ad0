import { useTranslation } from 'react-i18next';
import { changeDrawColour, useColourConvention } from '../../shared/ui/trend-colours';
import { changeSign, formatPrice } from './format';
import { sparklinePath } from './sparkline-geometry';
import { useLocale } from './use-locale';

type Props = {
  /** The last prices, oldest first (the market item's `hundred`). */
  values: readonly string[];
  /** The 24 h change ratio: it picks the colour (SPEC §9). */
  zdf: string | null;
  precision: number;
  width?: number;
  height?: number;
};

/**
 * SPEC §9: a 180×60 line of the last 100 one-minute prices, red when the 24 h change is above
 * zero and green otherwise (or the other way round with the green-up setting). Without prices
 * it says so: no line is ever drawn from nothing.
 */
export function Sparkline({ values, zdf, precision, width = 180, height = 60 }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { convention } = useColourConvention();
  if (values.length === 0) {
    return (
      <span className="ob-sparkline-empty" style={{ width, height }} data-testid="sparkline-empty">
        {t('market.noData')}
      </span>
    );
  }
  const first = values[0] ?? '';
  const last = values[values.length - 1] ?? '';
  const direction = Math.sign(Number(last) - Number(first));
  const label = t(direction > 0 ? 'market.sparkUp' : direction < 0 ? 'market.sparkDown' : 'market.sparkFlat', {
    minutes: values.length,
    from: formatPrice(first, precision, locale),
    to: formatPrice(last, precision, locale),
  });
  const colour = changeDrawColour(changeSign(zdf), convention);
  const path = sparklinePath(values.map(Number), width, height);
  return (
    <svg
      role="img"
      aria-label={label}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      className="ob-sparkline"
      data-testid="sparkline"
    >
      {path ? (
        <path d={path} fill="none" stroke={colour} strokeWidth={1.5} strokeLinejoin="round" strokeLinecap="round" />
      ) : (
        <circle cx={width - 3} cy={height / 2} r={2.5} fill={colour} />
      )}
    </svg>
  );
}
