import type { ReactNode } from 'react';
import { createAreaTexts } from '../../shared/i18n/area-texts';
import { Loading } from '../../shared/ui/QueryState';

/**
 * The identity verification's texts live beside it (`locales/<area>.<language>.json`) and load
 * with it, never with the first page: under `kyc.<area>`, so a screen reads `t('kyc.flow.title')`.
 */
export const useKycTexts = createAreaTexts(
  'kyc',
  import.meta.glob<{ default: Record<string, unknown> }>('./locales/*.json'),
);

/** Shows its children once the KYC texts are in (a loading state until then). */
export function WithKycTexts({ children }: { children: ReactNode }) {
  return useKycTexts() ? children : <Loading />;
}
