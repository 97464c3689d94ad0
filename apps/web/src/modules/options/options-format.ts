import { Decimal } from '@openbourse/money';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { exactAmount } from '../../shared/format/money';
import { formatPrice, formatQuantity, formatRatioPercent, NO_VALUE } from '../market/format';
import { useLocale } from '../market/use-locale';
import type { Countdown } from './options-math';

/**
 * How the options screens write their figures in the reader's locale (Western digits, the
 * locale's marks), from the exact decimal strings the API sends: money every decimal it has
 * (a premium of 12.345 is 12.345, never rounded to a price that is not the price), prices and
 * strikes as written, ratios as percentages, Greeks (floats by nature) to 4 significant digits,
 * dates and times in the reader's time zone. In Arabic a figure is set apart from the words
 * around it (left-to-right isolate), so '-12.10 USDT' keeps its order.
 */
export function useOptionsFormat() {
  const { i18n } = useTranslation();
  const locale = useLocale();
  const isRightToLeft = i18n.dir() === 'rtl';
  return useMemo(() => {
    const figure = (text: string) => (isRightToLeft ? `\u2066${text}\u2069` : text);
    const dateTime = new Intl.DateTimeFormat(locale, {
      dateStyle: 'medium',
      timeStyle: 'short',
      numberingSystem: 'latn',
    });
    const shortDate = new Intl.DateTimeFormat(locale, {
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      numberingSystem: 'latn',
    });
    const greek = new Intl.NumberFormat(locale, { maximumSignificantDigits: 4, numberingSystem: 'latn' });
    const long = (name: 'day' | 'hour' | 'minute') =>
      new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'long', numberingSystem: 'latn' });
    const longUnits = { day: long('day'), hour: long('hour'), minute: long('minute') };
    const unit = (name: 'day' | 'hour' | 'minute' | 'second') =>
      new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'narrow', numberingSystem: 'latn' });
    const units = { day: unit('day'), hour: unit('hour'), minute: unit('minute'), second: unit('second') };
    return {
      locale,
      figure,
      /** Money with its asset, every decimal it has (at least 2): '12.3400' USDT → '12.34 USDT'. */
      money: (value: string | null, asset: string) => figure(exactAmount(value, asset, locale)),
      /** The same, signed (a P&L): '+3.20 USDT'. */
      signedMoney: (value: string | null, asset: string) => figure(exactAmount(value, asset, locale, { signed: true })),
      /** A price per contract without the asset (a chain cell): '12.34'. */
      perContract: (value: string | null) => figure(exactAmount(value, '', locale, { withCode: false })),
      /** A strike or an underlying's price, as written: '60000' → '60,000'. */
      price: (value: string | null, precision?: number) =>
        figure(precision === undefined ? formatQuantity(value, locale) : formatPrice(value, precision, locale)),
      /** A ratio as a percent at 2 decimals of a percent: '0.452345' → '45.23%'. */
      percent: (ratio: string | null) =>
        ratio === null
          ? NO_VALUE
          : figure(formatRatioPercent(Decimal.parse(ratio).round(4, 'half-even').toString(), locale)),
      /** A rate as disclosed, every digit it has: '0.003' → '0.3%'. */
      rate: (ratio: string | null) => (ratio === null ? NO_VALUE : figure(formatRatioPercent(ratio, locale))),
      greek: (value: number | null) => (value === null ? NO_VALUE : figure(greek.format(value))),
      count: (value: number) => figure(new Intl.NumberFormat(locale, { numberingSystem: 'latn' }).format(value)),
      /** A window of minutes in its largest whole unit: 1440 → '1 day', 120 → '2 hours', 90 → '90 minutes'. */
      window: (count: number) =>
        count % 1440 === 0
          ? longUnits.day.format(count / 1440)
          : count % 60 === 0
            ? longUnits.hour.format(count / 60)
            : longUnits.minute.format(count),
      // Dates keep the locale's own order (an Arabic date reads right to left): never isolated.
      dateTime: (iso: string) => dateTime.format(new Date(iso)),
      shortDateTime: (iso: string) => shortDate.format(new Date(iso)),
      /** '1d 3h 5m'-like, in the locale's narrow units (its own order, not isolated); seconds only in the last hour. */
      countdown: (left: Countdown) => {
        const parts: string[] = [];
        if (left.days > 0) parts.push(units.day.format(left.days));
        if (left.days > 0 || left.hours > 0) parts.push(units.hour.format(left.hours));
        parts.push(units.minute.format(left.minutes));
        if (left.days === 0 && left.hours === 0) parts.push(units.second.format(left.seconds));
        return parts.join(' ');
      },
    };
  }, [locale, isRightToLeft]);
}

export type OptionsFormat = ReturnType<typeof useOptionsFormat>;
