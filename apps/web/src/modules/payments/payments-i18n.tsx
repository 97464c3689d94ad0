import { isLanguage, type Language } from '@openbourse/contracts/constants';
import i18next from 'i18next';
import { type ReactNode, useEffect, useState } from 'react';
import { Loading } from '../../shared/ui/QueryState';

/**
 * The deposit and withdrawal screens' texts live beside them (`locales/<area>.<language>.json`)
 * and load with those screens, never with the first page: they join i18next's bundle under
 * `payments.<area>`, so a screen reads `t('payments.deposit.title')`. (Not named
 * `<language>.json`: the bundle-size check counts those chunks as the first page's.)
 */
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*.json');

const loaded = new Set<Language>();

async function loadPaymentsTexts(language: Language): Promise<void> {
  if (loaded.has(language)) return;
  const files = Object.entries(loaders).filter(([file]) => file.endsWith(`.${language}.json`));
  const areas = await Promise.all(
    files.map(async ([file, load]) => {
      const area = /\/([a-z-]+)\.[a-z]{2}\.json$/.exec(file)?.[1] ?? 'misc';
      return [area, (await load()).default] as const;
    }),
  );
  i18next.addResourceBundle(language, 'translation', { payments: Object.fromEntries(areas) }, true, true);
  loaded.add(language);
}

/** Loads the payments texts for the reader's language, and again when it changes; true once they are in. */
export function usePaymentsTexts(): boolean {
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
    void loadPaymentsTexts(language).then(() => {
      if (isCurrent) setReadyFor(language);
    });
    return () => {
      isCurrent = false;
    };
  }, [language]);
  // Until the new language's texts are in, the previous ones stay on screen.
  return readyFor !== null;
}

/** Shows its children once the payments texts are in (a loading state until then). */
export function WithPaymentsTexts({ children }: { children: ReactNode }) {
  return usePaymentsTexts() ? children : <Loading />;
}
