import path from 'node:path';
import { LANGUAGES, REFERRAL_STEPS } from '@openbourse/contracts/constants';
import { expect, it } from 'vitest';
import { describeAreaLocales } from '../../shared/i18n/area-locales.testkit';

/** The invite page's texts, one file per language. */
const read = describeAreaLocales(
  'referral locale files',
  path.join(path.dirname(new URL(import.meta.url).pathname), 'locales'),
  { areas: ['invite'] },
);

it.each(LANGUAGES)('%s names every step and every programme status', (language) => {
  const invite = read('invite', language);
  const missing = [
    ...REFERRAL_STEPS.map((step) => `steps.${step}`),
    ...['none', 'noneTitle', 'active', 'activeTitle', 'spent', 'spentTitle'].map((key) => `programme.${key}`),
  ].filter((key) => !invite.get(key));
  expect(missing).toEqual([]);
});

it('says in English that rewards stopped when the budget is spent, and names the copy buttons a journey finds', () => {
  const invite = read('invite', 'en');
  expect(invite.get('programme.spent')).toContain('rewards have stopped');
  expect(invite.get('copyLink')).toBe('Copy link');
  expect(invite.get('steps.fund')).toBe('Fund');
});
