import type { ReactNode } from 'react';
import { createAreaTexts } from '../../shared/i18n/area-texts';

/**
 * The onboarding texts (the welcome choice, the ticket tour, the appropriateness questions) live
 * beside them and load with them, never with the first page: under `start.<area>`, e.g.
 * `t('start.welcome.title')`.
 */
export const useOnboardingTexts = createAreaTexts(
  'start',
  import.meta.glob<{ default: Record<string, unknown> }>('./locales/*.json'),
);

/** Shows its children once the onboarding texts are in (nothing until then: these parts are extras). */
export function WithOnboardingTexts({ children }: { children: ReactNode }) {
  return useOnboardingTexts() ? children : null;
}
