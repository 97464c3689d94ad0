import path from 'node:path';
import { DEPOSIT_REJECTION_REASONS, DEPOSIT_WATCHER_REASONS, LANGUAGES } from '@openbourse/contracts';
import { expect, it } from 'vitest';
import { describeAreaLocales } from '../../shared/i18n/area-locales.testkit';

/** The payments screens' texts, one file per area. */
const read = describeAreaLocales(
  'payments locale files',
  path.join(path.dirname(new URL(import.meta.url).pathname), 'locales'),
  {
    areas: ['common', 'deposit', 'withdraw'],
  },
);

it.each(LANGUAGES)('%s names every reason a deposit record can carry', (language) => {
  const codes = [...Object.values(DEPOSIT_WATCHER_REASONS), ...Object.keys(DEPOSIT_REJECTION_REASONS)];
  const texts = read('deposit', language);
  expect(codes.filter((code) => !texts.get(`reasons.${code}`))).toEqual([]);
});
