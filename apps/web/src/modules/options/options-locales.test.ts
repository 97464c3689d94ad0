import path from 'node:path';
import {
  LANGUAGES,
  OPTION_TYPES,
  OPTIONS_ORDER_STATUSES,
  OPTIONS_UNQUOTED_REASONS,
} from '@openbourse/contracts/constants';
import { expect, it } from 'vitest';
import { describeAreaLocales } from '../../shared/i18n/area-locales.testkit';
import { QUANTITY_PROBLEMS } from './options-math';

/** The options screens' texts, one file per area. */
const read = describeAreaLocales(
  'options locale files',
  path.join(path.dirname(new URL(import.meta.url).pathname), 'locales'),
  { areas: ['common', 'chain', 'ticket', 'sell', 'mine'] },
);

it.each(LANGUAGES)(
  '%s names every option type, order status, reason for no quotes and quantity problem',
  (language) => {
    const common = read('common', language);
    const chain = read('chain', language);
    const ticket = read('ticket', language);
    const missing = [
      ...OPTION_TYPES.flatMap((type) => [`types.${type}`, `typeWords.${type}`]),
      ...[...OPTIONS_ORDER_STATUSES, 'awaiting'].map((status) => `statuses.${status}`),
      ...['ask', 'bid'].flatMap((side) => [`requote.${side}Changed`, `requote.${side}Same`]),
    ].filter((key) => !common.get(key));
    missing.push(...OPTIONS_UNQUOTED_REASONS.map((reason) => `noQuotes.${reason}`).filter((key) => !chain.get(key)));
    missing.push(...QUANTITY_PROBLEMS.map((problem) => `problems.${problem}`).filter((key) => !ticket.get(key)));
    expect(missing).toEqual([]);
  },
);

it.each(LANGUAGES)('%s warns that an option can expire worthless and the premium be lost', (language) => {
  const common = read('common', language);
  expect(common.get('risk.title')).toBeTruthy();
  expect(common.get('risk.text')).toBeTruthy();
  if (language === 'en') {
    expect(common.get('risk.title')).toContain('expire worthless');
    expect(common.get('risk.text')).toContain('lose the whole premium');
  }
});

it('names the buttons a browser journey finds, in English', () => {
  const chain = read('chain', 'en');
  const ticket = read('ticket', 'en');
  const sell = read('sell', 'en');
  const mine = read('mine', 'en');
  expect(chain.get('buyLabel')).toBe('Buy {{type}} {{strike}} at {{ask}}');
  expect(ticket.get('buy')).toBe('Buy');
  expect(ticket.get('quantity')).toBe('Quantity (contracts)');
  expect(mine.get('sell')).toBe('Sell');
  expect(sell.get('confirm')).toBe('Confirm sale');
});
