import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { exactAmount, formatAssetAmount } from '../../shared/format/money';
import { formatRatioPercent } from '../market/format';
import { useLocale } from '../market/use-locale';

/**
 * How the savings screen writes its figures in the reader's locale (Western digits, the locale's
 * marks), from the exact decimal strings the API sends: balances at the asset's display precision,
 * the promise and the penalty exactly (every decimal: the interest at maturity is what it is to
 * the smallest unit), rates as exact percentages, days with the locale's word, dates and times.
 */
export function useSavingsFormat() {
  const { t } = useTranslation();
  const locale = useLocale();
  return useMemo(() => {
    const days = new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: 'day',
      unitDisplay: 'long',
      numberingSystem: 'latn',
    });
    const dateTime = new Intl.DateTimeFormat(locale, {
      dateStyle: 'medium',
      timeStyle: 'short',
      numberingSystem: 'latn',
    });
    return {
      amount: (value: string | null, asset: string) => formatAssetAmount(value, asset, locale),
      exact: (value: string | null, asset: string) => exactAmount(value, asset, locale),
      percent: (ratio: string) => formatRatioPercent(ratio, locale),
      days: (count: number) => days.format(count),
      dateTime: (when: Date | string) => dateTime.format(typeof when === 'string' ? new Date(when) : when),
      /** A VIP level's name: 0 is the "Normal user" of the profile, the others VIP1–VIP4. */
      level: (level: number) => (level === 0 ? t('profile.levelNormal') : `VIP${level}`),
    };
  }, [locale, t]);
}
