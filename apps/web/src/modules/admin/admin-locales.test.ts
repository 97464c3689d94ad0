import path from 'node:path';
import { describeAreaLocales } from '../../shared/i18n/area-locales.testkit';

/** The back office's texts, one file per area. */
describeAreaLocales('back-office locale files', path.join(path.dirname(new URL(import.meta.url).pathname), 'locales'), {
  areas: ['shell'],
});
