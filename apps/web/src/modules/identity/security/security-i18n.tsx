import type { ReactNode } from 'react';
import { createAreaTexts } from '../../../shared/i18n/area-texts';
import { Loading } from '../../../shared/ui/QueryState';

/**
 * The security centre's texts live beside it (`locales/centre.<language>.json`) and load with
 * it, never with the first page: under `security.centre`, so the page reads `t('security.centre.title')`.
 */
export const useSecurityTexts = createAreaTexts(
  'security',
  import.meta.glob<{ default: Record<string, unknown> }>('./locales/*.json'),
);

export function WithSecurityTexts({ children }: { children: ReactNode }) {
  return useSecurityTexts() ? children : <Loading />;
}
