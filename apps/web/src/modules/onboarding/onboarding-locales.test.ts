import path from 'node:path';
import { APPROPRIATENESS_QUESTION_IDS, APPROPRIATENESS_QUESTIONS } from '@openbourse/contracts';
import { expect, it } from 'vitest';
import { describeAreaLocales } from '../../shared/i18n/area-locales.testkit';

/** The onboarding texts: the welcome choice, the ticket tour and the appropriateness questions. */
const read = describeAreaLocales(
  'onboarding locale files',
  path.join(path.dirname(new URL(import.meta.url).pathname), 'locales'),
  {
    areas: ['welcome', 'tour', 'appropriateness'],
  },
);

it('names every appropriateness question and answer', () => {
  const texts = read('appropriateness', 'en');
  const keys = APPROPRIATENESS_QUESTION_IDS.flatMap((question) => [
    `${question}.label`,
    ...APPROPRIATENESS_QUESTIONS[question].map((answer) => `${question}.${answer}`),
  ]);
  expect(keys.filter((key) => !texts.get(key))).toEqual([]);
});
