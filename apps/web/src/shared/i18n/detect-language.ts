import { isLanguage, type Language, languageFromTag } from '@openbourse/contracts/constants';

/** Where the reader's language choice is kept (the picker writes it, every start reads it). */
export const LANGUAGE_STORAGE_KEY = 'ob.language';

/**
 * The reader's language: the stored choice, else the best match of the browser's languages,
 * else the deployment's default. Shared by the app's i18n start and the boot shell
 * (src/boot), so the page painted before the JavaScript arrives is in the same language.
 */
export function pickLanguage(stored: string | null, browserLanguages: readonly string[], fallback: Language): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of browserLanguages) {
    const language = languageFromTag(tag);
    if (language) return language;
  }
  return fallback;
}
