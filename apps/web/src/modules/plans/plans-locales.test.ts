import path from 'node:path';
import { LANGUAGES, SMART_HALT_REASONS, SMART_ORDER_STATUSES, SMART_STRATEGIES } from '@openbourse/contracts/constants';
import { expect, it } from 'vitest';
import { describeAreaLocales } from '../../shared/i18n/area-locales.testkit';
import type { PlanAmountProblem } from './plan-math';

/** The smart plan screens' texts, one file per area. */
const read = describeAreaLocales(
  'smart plan locale files',
  path.join(path.dirname(new URL(import.meta.url).pathname), 'locales'),
  { areas: ['common', 'products', 'buy', 'mine'] },
);

// Every problem the amount check reports: a new one without words fails here.
const PROBLEMS: ReadonlyArray<PlanAmountProblem['problem']> = [
  'required',
  'invalid',
  'tooManyDecimals',
  'notPositive',
  'belowMinimum',
  'aboveMaximum',
  'aboveAvailable',
];

it.each(LANGUAGES)('%s names every strategy, plan status, halt reason and amount problem', (language) => {
  const common = read('common', language);
  const missing = [
    ...SMART_STRATEGIES.flatMap((strategy) => [`strategies.${strategy}`, `strategyAbout.${strategy}`]),
    ...SMART_ORDER_STATUSES.map((status) => `statuses.${status}`),
    ...SMART_HALT_REASONS.map((reason) => `halts.${reason}`),
    ...PROBLEMS.map((problem) => `problems.${problem}`),
  ].filter((key) => !common.get(key));
  expect(missing).toEqual([]);
});

it.each(LANGUAGES)('%s says "not a promise" and "historical" where the SPEC asks (§0.5)', (language) => {
  // The English words are checked as such; the others must at least carry the same sentences.
  const common = read('common', language);
  const buy = read('buy', language);
  const products = read('products', language);
  expect(common.get('risk.promise')).toBeTruthy();
  expect(buy.get('notPromise')).toBeTruthy();
  expect(products.get('backtest.historical')).toBeTruthy();
  expect(products.get('backtest.sandbox')).toBeTruthy();
  if (language === 'en') {
    expect(buy.get('notPromise')).toContain('not a promise');
    expect(common.get('risk.promise')).toContain('not a promise');
    expect(products.get('backtest.historical')).toBe('Historical backtest');
    expect(products.get('backtest.sandbox')).toBe('Sandbox data — not history');
  }
});
