import path from 'node:path';
import { LANGUAGES, SAVINGS_ORDER_STATUSES } from '@openbourse/contracts/constants';
import { expect, it } from 'vitest';
import { describeAreaLocales } from '../../shared/i18n/area-locales.testkit';
import { AMOUNT_PROBLEMS } from './savings-math';

/** The savings screen's texts, one file per area. */
const read = describeAreaLocales(
  'savings locale files',
  path.join(path.dirname(new URL(import.meta.url).pathname), 'locales'),
  { areas: ['page'] },
);

// Every order status and every problem the amount rules report: a new one without words fails here.
const BLOCKS = ['paused', 'soldOut', 'held'] as const;

it.each(LANGUAGES)('%s names every order status, amount problem and reason a product cannot be taken', (language) => {
  const page = read('page', language);
  const missing = [
    ...SAVINGS_ORDER_STATUSES.map((status) => `statuses.${status}`),
    ...AMOUNT_PROBLEMS.map((problem) => `problems.${problem}`),
    ...BLOCKS.map((block) => `product.${block}`),
  ].filter((key) => !page.get(key));
  expect(missing).toEqual([]);
});
