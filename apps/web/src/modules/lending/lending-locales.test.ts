import path from 'node:path';
import {
  LANGUAGES,
  LOAN_EVENT_KINDS,
  LOAN_KINDS,
  LOAN_STATUSES,
  LOAN_VERIFICATION_LEVELS,
  REPAYMENT_APPLICATION_STATUSES,
} from '@openbourse/contracts/constants';
import { expect, it } from 'vitest';
import { describeAreaLocales } from '../../shared/i18n/area-locales.testkit';
import type { AmountProblem, LtvZone } from './loan-math';

/** The loan screens' texts, one file per area. */
const read = describeAreaLocales(
  'lending locale files',
  path.join(path.dirname(new URL(import.meta.url).pathname), 'locales'),
  { areas: ['common', 'page', 'apply', 'terms', 'sign', 'detail', 'gauge', 'repay', 'application'] },
);

// Every problem the amount rules report and every zone the gauge shows: a new one without words fails here.
const PROBLEMS: ReadonlyArray<AmountProblem['problem']> = [
  'required',
  'invalid',
  'tooManyDecimals',
  'notPositive',
  'belowMinimum',
  'aboveMaximum',
  'aboveCollateral',
  'aboveAvailable',
];
const ZONES: readonly LtvZone[] = ['healthy', 'marginCall', 'liquidation'];
const SCHEDULE_KINDS = ['interest_starts', 'repayment_due'] as const;

it.each(LANGUAGES)(
  '%s names every loan status, event, kind, level, problem, zone and application status',
  (language) => {
    const common = read('common', language);
    const detail = read('detail', language);
    const gauge = read('gauge', language);
    const application = read('application', language);
    const missing = [
      ...LOAN_STATUSES.map((status) => `statuses.${status}`),
      ...LOAN_EVENT_KINDS.map((kind) => `events.${kind}`),
      ...LOAN_KINDS.map((kind) => `kinds.${kind}`),
      ...LOAN_VERIFICATION_LEVELS.map((level) => `levels.${level}`),
      ...PROBLEMS.map((problem) => `problems.${problem}`),
    ].filter((key) => !common.get(key));
    missing.push(...SCHEDULE_KINDS.map((kind) => `schedule.${kind}`).filter((key) => !detail.get(key)));
    missing.push(...ZONES.map((zone) => `zones.${zone}`).filter((key) => !gauge.get(key)));
    missing.push(
      ...REPAYMENT_APPLICATION_STATUSES.map((status) => `statuses.${status}`).filter((key) => !application.get(key)),
    );
    expect(missing).toEqual([]);
  },
);
