import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '@openbourse/contracts';
import { describe, expect, it } from 'vitest';
import { flattenTexts, type TextTree } from '../../../shared/i18n/flatten-texts';
import { CHART_TYPES, INDICATORS } from './chart-settings';

/** The chart's texts (`locales/chart.<language>.json`): all ten languages, the same keys, no empty text. */
const dir = path.join(path.dirname(new URL(import.meta.url).pathname), 'locales');
const read = (language: string) =>
  flattenTexts(JSON.parse(readFileSync(path.join(dir, `chart.${language}.json`), 'utf8')) as TextTree);

describe('chart locale files', () => {
  it('exist for every language and nothing else', () => {
    expect(readdirSync(dir).sort()).toEqual(LANGUAGES.map((language) => `chart.${language}.json`).sort());
  });

  it('name every chart type and indicator', () => {
    const english = read('en');
    for (const type of CHART_TYPES) expect(english.get(`type.${type}`)).toBeTruthy();
    for (const id of INDICATORS) {
      expect(english.get(`indicators.${id}`)).toBeTruthy();
      expect(english.get(`short.${id}`)).toBeTruthy();
    }
  });

  it.each(LANGUAGES)('%s has exactly the English keys, each with text and its placeholders', (language) => {
    const english = read('en');
    const texts = read(language);
    expect([...texts.keys()].sort()).toEqual([...english.keys()].sort());
    expect([...texts].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([]);
    for (const [key, text] of english) {
      for (const placeholder of text.match(/\{\{\w+\}\}/g) ?? []) {
        expect(texts.get(key), `${language} ${key}`).toContain(placeholder);
      }
    }
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))('%s is translated, not a copy of English', (language) => {
    const english = read('en');
    const texts = read(language);
    // Indicator names and numbers ("MACD (12, 26, 9)", "BB 20 2") are the same everywhere; sentences are not.
    const words = (text: string) => (text.replace(/\{\{\w+\}\}/g, '').match(/\p{L}{2,}/gu) ?? []).length;
    const same = [...english].filter(([key, text]) => texts.get(key) === text && words(text) > 2);
    expect(same.map(([key]) => key)).toEqual([]);
  });
});
