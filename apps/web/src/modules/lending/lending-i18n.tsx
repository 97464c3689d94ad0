import type { ReactNode } from 'react';
import { createAreaTexts } from '../../shared/i18n/area-texts';
import { Loading } from '../../shared/ui/QueryState';
import { useKycTexts } from '../kyc/kyc-i18n';

/**
 * The loan screens' texts live beside them (`locales/<area>.<language>.json`) and load with them,
 * never with the first page: under `lending.<area>`, so a screen reads `t('lending.apply.title')`.
 */
export const useLendingTexts = createAreaTexts(
  'lending',
  import.meta.glob<{ default: Record<string, unknown> }>('./locales/*.json'),
);

/**
 * Shows its children once the loan texts are in, with the identity verification's: the loan
 * screens show the verification status and flow, and sign with its signature pad.
 */
export function WithLendingTexts({ children }: { children: ReactNode }) {
  const lending = useLendingTexts();
  const kyc = useKycTexts();
  return lending && kyc ? children : <Loading />;
}
