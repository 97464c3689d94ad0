import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '@openbourse/contracts';
import { describe, expect, it } from 'vitest';
import { flattenTexts, type TextTree } from '../../shared/i18n/flatten-texts';

/** The texts of the alerts panel and the positions dock (`locales/<area>.<language>.json`): every area in all ten languages, the same keys, no empty text. */
const dir = path.join(path.dirname(new URL(import.meta.url).pathname), 'locales');

const files = readdirSync(dir).filter((file) => file.endsWith('.json'));
const areas = [...new Set(files.map((file) => file.split('.')[0] ?? ''))];
const read = (area: string, language: string) =>
  flattenTexts(JSON.parse(readFileSync(path.join(dir, `${area}.${language}.json`), 'utf8')) as TextTree);

describe('alerts and dock locale files', () => {
  it('are named <area>.<language>.json for a known language', () => {
    expect(
      files.filter(
        (file) => !/^[a-z-]+\.[a-z]{2}\.json$/.test(file) || !LANGUAGES.some((l) => file.endsWith(`.${l}.json`)),
      ),
    ).toEqual([]);
    expect(areas).toEqual(expect.arrayContaining(['panel', 'dock']));
  });

  describe.each(areas)('%s', (area) => {
    it('exists in every language', () => {
      expect(LANGUAGES.filter((language) => !files.includes(`${area}.${language}.json`))).toEqual([]);
    });

    it.each(LANGUAGES)('%s has exactly the English keys, each with text and its placeholders', (language) => {
      const english = read(area, 'en');
      const texts = read(area, language);
      expect([...texts.keys()].sort()).toEqual([...english.keys()].sort());
      expect([...texts].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([]);
      for (const [key, text] of english) {
        for (const placeholder of text.match(/\{\{\w+\}\}/g) ?? []) {
          expect(texts.get(key), `${area}.${language} ${key}`).toContain(placeholder);
        }
      }
    });

    it.each(LANGUAGES.filter((language) => language !== 'en'))(
      '%s is translated, not a copy of English',
      (language) => {
        const english = read(area, 'en');
        const texts = read(area, language);
        const same = [...english].filter(([key, text]) => texts.get(key) === text && /[a-z]{4,}/.test(text));
        // Network names, asset codes and words shared by both languages may stay; whole sentences may not.
        const words = (text: string) =>
          text
            .replace(/\{\{\w+\}\}/g, '')
            .trim()
            .split(/\s+/).length;
        expect(same.filter(([, text]) => words(text) > 2).map(([key]) => key)).toEqual([]);
      },
    );
  });
});
