import { AREA_CODES, ISO_COUNTRY_CODES, isLanguage, LANGUAGE_BCP47 } from '@openbourse/contracts/constants';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldProblem } from './kyc-logic';

/** The reader's language as a BCP 47 tag (Intl's input). */
export function useLocaleTag(): string {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? LANGUAGE_BCP47[i18n.language] : 'en';
}

/** Left-to-right isolate: "+44" stays "+44" inside Arabic text. */
export const isolateLtr = (text: string) => `\u2066${text}\u2069`;

function regionNamer(locale: string): (code: string) => string {
  try {
    const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    return (code) => names.of(code) ?? code;
  } catch {
    return (code) => code;
  }
}

/** A country's name in the reader's language (its code where the browser has no name for it). */
export function useCountryName(): (code: string) => string {
  const locale = useLocaleTag();
  return useMemo(() => regionNamer(locale), [locale]);
}

/** The ISO 3166-1 countries, named in the reader's language and in its alphabetical order. */
export function useCountryOptions(): Array<{ value: string; label: string }> {
  const locale = useLocaleTag();
  return useMemo(() => {
    const name = regionNamer(locale);
    const collator = new Intl.Collator(locale);
    return ISO_COUNTRY_CODES.map((code) => ({ value: code, label: name(code) })).sort((a, b) =>
      collator.compare(a.label, b.label),
    );
  }, [locale]);
}

/** The 55 calling codes in their numeric order, each with the country it stands for here. */
export function useAreaCodeOptions(): Array<{ value: string; label: string }> {
  const locale = useLocaleTag();
  return useMemo(() => {
    const name = regionNamer(locale);
    return AREA_CODES.map(({ code, region }) => ({ value: code, label: `${isolateLtr(code)} ${name(region)}` }));
  }, [locale]);
}

/** A date and time in the reader's language. */
export function useDateTime(): (iso: string) => string {
  const locale = useLocaleTag();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    return (iso: string) => format.format(new Date(iso));
  }, [locale]);
}

/** A calendar day (`YYYY-MM-DD`) in the reader's language, read as that day wherever the reader is. */
export function useCalendarDay(): (isoDay: string) => string {
  const locale = useLocaleTag();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
    return (isoDay: string) => {
      const time = Date.parse(`${isoDay}T00:00:00Z`);
      return Number.isNaN(time) ? isoDay : format.format(new Date(time));
    };
  }, [locale]);
}

/** The message for a field's problem, in the reader's language. */
export function useProblemText(): (problem: FieldProblem | undefined) => string | undefined {
  const { t } = useTranslation();
  return (problem) => (problem ? t(`kyc.flow.problems.${problem.problem}`, { ...problem }) : undefined);
}
