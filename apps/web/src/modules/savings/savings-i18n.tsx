import type { ReactNode } from 'react';
import { createAreaTexts } from '../../shared/i18n/area-texts';
import { Loading } from '../../shared/ui/QueryState';

/**
 * The savings screen's texts live beside it (`locales/<area>.<language>.json`) and load with it,
 * never with the first page: under `savings.<area>`, so the page reads `t('savings.page.title')`.
 */
export const useSavingsTexts = createAreaTexts(
  'savings',
  import.meta.glob<{ default: Record<string, unknown> }>('./locales/*.json'),
);

/** Shows its children once the savings texts are in. */
export function WithSavingsTexts({ children }: { children: ReactNode }) {
  return useSavingsTexts() ? children : <Loading />;
}
