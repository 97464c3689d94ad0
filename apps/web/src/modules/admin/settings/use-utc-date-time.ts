import { useMemo } from 'react';
import { useLocale } from '../../market/use-locale';

/**
 * An instant in UTC, in the reader's language and to the minute ("27 Nov 2026, 08:00"): options
 * expiries are set and shown in UTC, whatever the operator's time zone (the texts add "UTC").
 */
export function useUtcDateTime(): (iso: string) => string {
  const locale = useLocale();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
    return (iso: string) => {
      const date = new Date(iso);
      return Number.isNaN(date.getTime()) ? iso : format.format(date);
    };
  }, [locale]);
}
