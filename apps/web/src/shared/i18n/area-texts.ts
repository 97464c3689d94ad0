import { isLanguage, type Language } from '@openbourse/contracts/constants';
import i18next from 'i18next';
import { useEffect, useState } from 'react';

/** What `import.meta.glob('./locales/*.json')` gives a module: one loader per file. */
export type AreaTextLoaders = Record<string, () => Promise<{ default: Record<string, unknown> }>>;

/**
 * Texts that live beside a lazily loaded part of the app (the back office, the payments screens),
 * one file per area and language (`locales/<area>.<language>.json`), loaded with that part and
 * never with the first page. They join i18next's bundle under `<namespace>.<area>`, so a page reads
 * `t('admin.users.title')`. (The files are not named `<language>.json`: the bundle-size check
 * counts those chunks as the first page's language files.) Answers the part's hook: true once the
 * reader's language is in, loading again when the language changes; until the new language's
 * texts are in, the previous ones stay on screen.
 */
export function createAreaTexts(namespace: string, loaders: AreaTextLoaders): () => boolean {
  const loaded = new Set<Language>();

  async function load(language: Language): Promise<void> {
    if (loaded.has(language)) return;
    const files = Object.entries(loaders).filter(([file]) => file.endsWith(`.${language}.json`));
    const areas = await Promise.all(
      files.map(async ([file, loadFile]) => {
        const area = /\/([a-z-]+)\.[a-z]{2}\.json$/.exec(file)?.[1] ?? 'misc';
        return [area, (await loadFile()).default] as const;
      }),
    );
    i18next.addResourceBundle(language, 'translation', { [namespace]: Object.fromEntries(areas) }, true, true);
    loaded.add(language);
  }

  return function useAreaTexts(): boolean {
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
      void load(language).then(() => {
        if (isCurrent) setReadyFor(language);
      });
      return () => {
        isCurrent = false;
      };
    }, [language]);
    return readyFor !== null;
  };
}
