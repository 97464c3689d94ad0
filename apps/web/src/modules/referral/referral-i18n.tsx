import type { ReactNode } from 'react';
import { createAreaTexts } from '../../shared/i18n/area-texts';
import { Loading } from '../../shared/ui/QueryState';

/**
 * The invite page's texts live beside it (`locales/<area>.<language>.json`) and load with it,
 * never with the first page: under `referral.<area>`, so the page reads `t('referral.invite.title')`.
 */
export const useReferralTexts = createAreaTexts(
  'referral',
  import.meta.glob<{ default: Record<string, unknown> }>('./locales/*.json'),
);

/** Shows its children once the referral texts are in (a spinner until then). */
export function WithReferralTexts({ children }: { children: ReactNode }) {
  if (useReferralTexts()) return children;
  return <Loading />;
}
