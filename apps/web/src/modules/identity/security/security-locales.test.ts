import path from 'node:path';
import { describeAreaLocales } from '../../../shared/i18n/area-locales.testkit';

/** The security centre's texts. */
describeAreaLocales(
  'security centre locale files',
  path.join(path.dirname(new URL(import.meta.url).pathname), 'locales'),
  { areas: ['centre'] },
);
