import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { APPROPRIATENESS_QUESTION_IDS, APPROPRIATENESS_QUESTIONS, LANGUAGES } from '@openbourse/contracts';
import { describe, expect, it } from 'vitest';
import { flattenTexts, type TextTree } from '../../shared/i18n/flatten-texts';

/** The onboarding texts (`locales/<area>.<language>.json`): every area in all ten languages, the same keys, no empty text. */
const dir = path.join(path.dirname(new URL(import.meta.url).pathname), 'locales');
const files = readdirSync(dir).filter((file) => file.endsWith('.json'));
const read = (area: string, language: string) =>
  flattenTexts(JSON.parse(readFileSync(path.join(dir, `${area}.${language}.json`), 'utf8')) as TextTree);
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe('onboarding locale files', () => {
  it('name every question and answer in English', () => {
    const texts = read('appropriateness', 'en');
    const keys = APPROPRIATENESS_QUESTION_IDS.flatMap((question) => [
      `${question}.label`,
      ...APPROPRIATENESS_QUESTIONS[question].map((answer) => `${question}.${answer}`),
    ]);
    expect(keys.filter((key) => !texts.get(key))).toEqual([]);
  });

  describe.each(['welcome', 'tour', 'appropriateness'])('%s', (area) => {
    it.each(LANGUAGES)('%s has exactly the English keys, each with text and its placeholders', (language) => {
      expect(files).toContain(`${area}.${language}.json`);
      const english = read(area, 'en');
      const texts = read(area, language);
      expect([...texts.keys()].sort()).toEqual([...english.keys()].sort());
      expect([...texts].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([]);
      for (const [key, text] of english) expect(placeholders(texts.get(key) ?? ''), key).toEqual(placeholders(text));
    });
  });
});
