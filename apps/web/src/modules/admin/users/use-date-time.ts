import { isLanguage, LANGUAGE_BCP47 } from '@openbourse/contracts/constants';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Formats an ISO instant (or null, shown as a dash) as a date and time in the reader's language and time zone. */
export function useDateTime(): (iso: string | null) => string {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(LANGUAGE_BCP47[language], { dateStyle: 'medium', timeStyle: 'short' });
    return (iso: string | null) => {
      if (iso === null) return '—';
      const date = new Date(iso);
      return Number.isNaN(date.getTime()) ? iso : format.format(date);
    };
  }, [language]);
}
