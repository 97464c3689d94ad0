import {
  type CatalogueMessages,
  catalogueNameOf,
  fillPlaceholders,
  isLanguage,
  LANGUAGE_BCP47,
  LANGUAGES,
  type Language,
  RTL_LANGUAGES,
} from '@openbourse/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { pickLanguage, LANGUAGE_STORAGE_KEY as STORAGE_KEY } from './detect-language';

// One chunk per language: only the reader's language is downloaded.
const uiLoaders = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*.json');
const catalogueLoaders = import.meta.glob<Record<string, CatalogueMessages>>('@catalogue-messages/*.ts');

const catalogues = new Map<Language, CatalogueMessages>();

function metaContent(name: string): string | null {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? null;
}

/** The deployment's DEFAULT_LANGUAGE, written into the page by the server. */
export function deploymentDefaultLanguage(): Language {
  const value = metaContent('ob-default-language');
  return isLanguage(value) ? value : 'en';
}

/** Stored choice, else the best match of the browser's languages, else the deployment default. */
export function detectLanguage(
  stored: string | null = safeStorageGet(),
  browserLanguages: readonly string[] = navigator.languages ?? [navigator.language],
  fallback: Language = deploymentDefaultLanguage(),
): Language {
  return pickLanguage(stored, browserLanguages, fallback);
}

function safeStorageGet(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

async function loadLanguage(language: Language): Promise<void> {
  const uiKey = Object.keys(uiLoaders).find((key) => key.endsWith(`/${language}.json`));
  const catalogueKey = Object.keys(catalogueLoaders).find((key) => key.endsWith(`/${language}.ts`));
  if (!uiKey || !catalogueKey) throw new Error(`language ${language} is not bundled`);
  const [ui, catalogueModule] = await Promise.all([uiLoaders[uiKey]?.(), catalogueLoaders[catalogueKey]?.()]);
  if (ui && !i18next.hasResourceBundle(language, 'translation')) {
    i18next.addResourceBundle(language, 'translation', ui.default, true, true);
  }
  const messages = catalogueModule?.[language];
  if (messages) catalogues.set(language, messages);
}

function applyDocumentLanguage(language: Language): void {
  document.documentElement.lang = LANGUAGE_BCP47[language];
  document.documentElement.dir = RTL_LANGUAGES.has(language) ? 'rtl' : 'ltr';
}

export async function initI18n(): Promise<Language> {
  const language = detectLanguage();
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    resources: {},
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await loadLanguage(language);
  await i18next.changeLanguage(language);
  applyDocumentLanguage(language);
  return language;
}

/** Switches language, loads its texts first, remembers the choice locally. */
export async function changeLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  await i18next.changeLanguage(language);
  applyDocumentLanguage(language);
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}

export function currentLanguage(): Language {
  const language = i18next.language;
  return isLanguage(language) ? language : 'en';
}

export function isRtl(language: Language): boolean {
  return RTL_LANGUAGES.has(language);
}

/** The catalogue message for a code in the current language; unknown codes get the fallback. */
export function catalogueMessage(code: number, params?: Record<string, string | number>): string {
  const messages = catalogues.get(currentLanguage()) ?? catalogues.get('en');
  if (!messages) return '';
  const name = catalogueNameOf(code);
  return fillPlaceholders(name ? messages[name] : messages.GENERIC, params);
}
