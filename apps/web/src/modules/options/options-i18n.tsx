import type { ReactNode } from 'react';
import { createAreaTexts } from '../../shared/i18n/area-texts';
import { Loading } from '../../shared/ui/QueryState';

/**
 * The options screens' texts live beside them (`locales/<area>.<language>.json`) and load with
 * them, never with the first page: under `options.<area>`, so a screen reads `t('options.chain.title')`.
 */
export const useOptionsTexts = createAreaTexts(
  'options',
  import.meta.glob<{ default: Record<string, unknown> }>('./locales/*.json'),
);

/** Shows its children once the options texts are in (`fallback` until then: a spinner by default). */
export function WithOptionsTexts({ children, fallback }: { children: ReactNode; fallback?: ReactNode }) {
  if (useOptionsTexts()) return children;
  return fallback === undefined ? <Loading /> : fallback;
}
