import { createAreaTexts } from '../../shared/i18n/area-texts';

/**
 * The alerts panel's and the positions dock's texts live beside them
 * (`locales/<area>.<language>.json`) and load with the dock, never with the first page: under
 * `alerts.<area>`, so the panel reads `t('alerts.panel.title')` and the dock `t('alerts.dock.account')`.
 */
export const useAlertsTexts = createAreaTexts(
  'alerts',
  import.meta.glob<{ default: Record<string, unknown> }>('./locales/*.json'),
);
