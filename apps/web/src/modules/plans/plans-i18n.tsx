import type { ReactNode } from 'react';
import { createAreaTexts } from '../../shared/i18n/area-texts';
import { Loading } from '../../shared/ui/QueryState';

/**
 * The smart plan screens' texts live beside them (`locales/<area>.<language>.json`) and load with
 * them, never with the first page: under `plans.<area>`, so a screen reads `t('plans.buy.title')`.
 */
export const usePlansTexts = createAreaTexts(
  'plans',
  import.meta.glob<{ default: Record<string, unknown> }>('./locales/*.json'),
);

/** Shows its children once the plan texts are in. */
export function WithPlansTexts({ children }: { children: ReactNode }) {
  return usePlansTexts() ? children : <Loading />;
}
