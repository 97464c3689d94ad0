import type { ReactNode } from 'react';
import { createAreaTexts } from '../../shared/i18n/area-texts';
import { Loading } from '../../shared/ui/QueryState';

/**
 * The support chat's texts live beside it (`locales/<area>.<language>.json`) and load with the
 * chat, never with the first page: under `supportChat.<area>`, so the chat reads
 * `t('supportChat.chat.send')`. (The floating button's own two words are in the app's locales,
 * `support.chat`, since it shows before anything loads.)
 */
export const useSupportTexts = createAreaTexts(
  'supportChat',
  import.meta.glob<{ default: Record<string, unknown> }>('./locales/*.json'),
);

/** Shows its children once the chat's texts are in (`fallback` until then: a spinner by default). */
export function WithSupportTexts({ children, fallback }: { children: ReactNode; fallback?: ReactNode }) {
  if (useSupportTexts()) return children;
  return fallback === undefined ? <Loading /> : fallback;
}
