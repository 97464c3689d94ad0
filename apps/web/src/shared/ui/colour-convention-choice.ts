/**
 * The rise/fall colour convention's stored choice and language default: the part of
 * trend-colours.ts with no React or i18next in it, so the boot shell (src/boot) can show the
 * market page's convention switch in the right state before the app loads.
 */
export type ColourConvention = 'red-up' | 'green-up';

const RED_UP_LANGUAGES: ReadonlySet<string> = new Set(['zh', 'hk', 'ja', 'ko']);

/** The convention a language's readers expect when they have not chosen one. */
export function defaultConvention(language: string): ColourConvention {
  return RED_UP_LANGUAGES.has(language) ? 'red-up' : 'green-up';
}

export const COLOUR_CONVENTION_KEY = 'ob.colourConvention';

/** The reader's stored choice, or null while the language decides. */
export function readChoice(): ColourConvention | null {
  try {
    const stored = localStorage.getItem(COLOUR_CONVENTION_KEY);
    return stored === 'red-up' || stored === 'green-up' ? stored : null;
  } catch {
    return null;
  }
}

/** The convention in force: the reader's choice, else the language's default. */
export function resolveConvention(chosen: ColourConvention | null, language: string): ColourConvention {
  return chosen ?? defaultConvention(language);
}
