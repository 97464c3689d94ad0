/**
 * The ten languages of SPEC §1. Route/storage codes are the product's own (`hk`, `zh`);
 * `bcp47` is what goes into `<html lang>` and Intl formatters.
 */
export const LANGUAGES = ['en', 'ja', 'ko', 'de', 'fr', 'it', 'es', 'ar', 'hk', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];

export const LANGUAGE_BCP47: Record<Language, string> = {
  en: 'en',
  ja: 'ja',
  ko: 'ko',
  de: 'de',
  fr: 'fr',
  it: 'it',
  es: 'es',
  ar: 'ar',
  hk: 'zh-Hant',
  zh: 'zh-Hans',
};

/** Each language's name written in that language, for pickers. */
export const LANGUAGE_NATIVE_NAMES: Record<Language, string> = {
  en: 'English',
  ja: '日本語',
  ko: '한국어',
  de: 'Deutsch',
  fr: 'Français',
  it: 'Italiano',
  es: 'Español',
  ar: 'العربية',
  hk: '繁體中文',
  zh: '简体中文',
};

export const RTL_LANGUAGES: ReadonlySet<Language> = new Set<Language>(['ar']);

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Maps a BCP 47 tag (from a browser or an Accept-Language header) to one of our languages,
 * or null. Traditional-script and Hong Kong/Taiwan/Macau Chinese map to `hk`; other Chinese
 * to `zh`.
 */
export function languageFromTag(tag: string): Language | null {
  const lower = tag.trim().toLowerCase();
  if (lower === '') return null;
  if (isLanguage(lower)) return lower;
  const [primary, ...rest] = lower.split(/[-_]/);
  if (primary === 'zh') {
    const isTraditional = rest.some((part) => ['hant', 'hk', 'tw', 'mo'].includes(part));
    return isTraditional ? 'hk' : 'zh';
  }
  return isLanguage(primary) ? primary : null;
}

/** Best match for an Accept-Language header (quality values honoured), or null. */
export function languageFromAcceptHeader(header: string | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const qParam = params.find((p) => p.trim().startsWith('q='));
      const quality = qParam ? Number.parseFloat(qParam.trim().slice(2)) : 1;
      return { tag, quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const entry of ranked) {
    const language = languageFromTag(entry.tag);
    if (language) return language;
  }
  return null;
}
