import { isLanguage, type Language } from '@openbourse/contracts/constants';
import i18next from 'i18next';
import { useEffect, useState } from 'react';

/**
 * The back office's texts live beside it, one file per area and language
 * (`locales/<area>.<language>.json`), and load with the back office, never with the public
 * pages: they join i18next's bundle under `admin.<area>`, so a page reads `t('admin.users.title')`.
 * (The files are not named `<language>.json`: the bundle-size check counts those chunks as the
 * first page's language files.)
 */
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*.json');

const loaded = new Set<Language>();

async function loadAdminTexts(language: Language): Promise<void> {
  if (loaded.has(language)) return;
  const files = Object.entries(loaders).filter(([file]) => file.endsWith(`.${language}.json`));
  const areas = await Promise.all(
    files.map(async ([file, load]) => {
      const area = /\/([a-z-]+)\.[a-z]{2}\.json$/.exec(file)?.[1] ?? 'misc';
      return [area, (await load()).default] as const;
    }),
  );
  i18next.addResourceBundle(language, 'translation', { admin: Object.fromEntries(areas) }, true, true);
  loaded.add(language);
}

/** Loads the back office's texts for the reader's language, and again when it changes; true once they are in. */
export function useAdminTexts(): boolean {
  const [readyFor, setReadyFor] = useState<string | null>(null);
  const [language, setLanguage] = useState(i18next.language);
  useEffect(() => {
    const follow = (next: string) => setLanguage(next);
    i18next.on('languageChanged', follow);
    return () => i18next.off('languageChanged', follow);
  }, []);
  useEffect(() => {
    if (!isLanguage(language)) return;
    let isCurrent = true;
    void loadAdminTexts(language).then(() => {
      if (isCurrent) setReadyFor(language);
    });
    return () => {
      isCurrent = false;
    };
  }, [language]);
  // Until the new language's texts are in, the previous ones stay on screen.
  return readyFor !== null;
}
