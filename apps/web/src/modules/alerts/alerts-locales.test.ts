import path from 'node:path';
import { describeAreaLocales } from '../../shared/i18n/area-locales.testkit';

/** The texts of the alerts panel, the positions dock and the fired alert's toast. */
describeAreaLocales(
  'alerts and dock locale files',
  path.join(path.dirname(new URL(import.meta.url).pathname), 'locales'),
  { areas: ['panel', 'dock', 'toast'] },
);
