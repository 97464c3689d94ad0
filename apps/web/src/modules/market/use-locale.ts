import { LANGUAGE_BCP47, type Language } from '@openbourse/contracts/constants';
import { useTranslation } from 'react-i18next';

/** The reader's locale for numbers and dates (BCP 47). */
export function useLocale(): string {
  const { i18n } = useTranslation();
  return LANGUAGE_BCP47[i18n.language as Language] ?? 'en';
}
