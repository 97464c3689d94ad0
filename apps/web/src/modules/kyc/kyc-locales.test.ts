import path from 'node:path';
import { KYC_DOCUMENT_TYPES, KYC_SEXES, LANGUAGES } from '@openbourse/contracts';
import { expect, it } from 'vitest';
import { describeAreaLocales } from '../../shared/i18n/area-locales.testkit';
import type { FieldProblem, KycStep, KycView } from './kyc-logic';
import { KYC_STEPS } from './kyc-logic';

/** The identity verification's texts, one file per area. */
const read = describeAreaLocales(
  'kyc locale files',
  path.join(path.dirname(new URL(import.meta.url).pathname), 'locales'),
  { areas: ['flow', 'status'] },
);

// Every problem the rules can report and every status they can show: a new one without words fails here.
const PROBLEMS: ReadonlyArray<FieldProblem['problem']> = [
  'required',
  'choose',
  'tooShort',
  'tooLong',
  'control',
  'phone',
  'photo',
  'samePhoto',
  'signature',
  'signatureShort',
  'refused',
  'format',
  'tooEarly',
  'future',
  'underage',
];
const VIEWS: ReadonlyArray<KycView['kind']> = ['notVerified', 'pending', 'verified', 'notPassed'];

it.each(LANGUAGES)('%s names every step, problem, sex, document type and status', (language) => {
  const flow = read('flow', language);
  const status = read('status', language);
  const missing = [
    ...KYC_STEPS.flatMap((step: KycStep) => [`steps.${step}`, `intro.${step}`]),
    ...PROBLEMS.map((problem) => `problems.${problem}`),
    ...KYC_SEXES.map((sex) => `fields.sexes.${sex}`),
    ...KYC_DOCUMENT_TYPES.map((type) => `fields.documentTypes.${type}`),
  ].filter((key) => !flow.get(key));
  missing.push(...VIEWS.map((view) => `states.${view}`).filter((key) => !status.get(key)));
  expect(missing).toEqual([]);
});
