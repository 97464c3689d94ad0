import type { ReactNode } from 'react';
import { createAreaTexts } from '../../shared/i18n/area-texts';
import { Loading } from '../../shared/ui/QueryState';

/**
 * The deposit and withdrawal screens' texts live beside them (`locales/<area>.<language>.json`)
 * and load with those screens, never with the first page: under `payments.<area>`, so a screen
 * reads `t('payments.deposit.title')`.
 */
export const usePaymentsTexts = createAreaTexts(
  'payments',
  import.meta.glob<{ default: Record<string, unknown> }>('./locales/*.json'),
);

/** Shows its children once the payments texts are in (a loading state until then). */
export function WithPaymentsTexts({ children }: { children: ReactNode }) {
  return usePaymentsTexts() ? children : <Loading />;
}
