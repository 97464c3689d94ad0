import { createAreaTexts } from '../../shared/i18n/area-texts';

/**
 * The back office's texts live beside it, one file per area and language
 * (`locales/<area>.<language>.json`), and load with the back office, never with the public
 * pages: under `admin.<area>`, so a page reads `t('admin.users.title')`.
 */
export const useAdminTexts = createAreaTexts(
  'admin',
  import.meta.glob<{ default: Record<string, unknown> }>('./locales/*.json'),
);
