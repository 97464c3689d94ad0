import path from 'node:path';
import { expect, it } from 'vitest';
import { describeAreaLocales } from '../../../shared/i18n/area-locales.testkit';
import { CHART_TYPES, INDICATORS } from './chart-settings';

/** The chart's texts (indicator names and numbers such as "MACD (12, 26, 9)" are the same everywhere). */
const read = describeAreaLocales(
  'chart locale files',
  path.join(path.dirname(new URL(import.meta.url).pathname), 'locales'),
  { areas: ['chart'] },
);

it('names every chart type and indicator', () => {
  const english = read('chart', 'en');
  for (const type of CHART_TYPES) expect(english.get(`type.${type}`)).toBeTruthy();
  for (const id of INDICATORS) {
    expect(english.get(`indicators.${id}`)).toBeTruthy();
    expect(english.get(`short.${id}`)).toBeTruthy();
  }
});
