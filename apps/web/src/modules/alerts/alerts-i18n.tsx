import { createAreaTexts } from '../../shared/i18n/area-texts';

/**
 * The texts of the alerts panel, the positions dock and the fired alert's toast live beside them
 * (`locales/<area>.<language>.json`) and load with the dock or once a user is signed in (the
 * toasts), never with the first page: under `alerts.<area>`, so the panel reads
 * `t('alerts.panel.title')`, the dock `t('alerts.dock.account')` and the toast `t('alerts.toast.title')`.
 */
export const useAlertsTexts = createAreaTexts(
  'alerts',
  import.meta.glob<{ default: Record<string, unknown> }>('./locales/*.json'),
);
