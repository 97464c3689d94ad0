import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '@openbourse/contracts';
import { describe, expect, it } from 'vitest';
import { flattenTexts, type TextTree } from '../shared/i18n/flatten-texts';

const dir = path.dirname(new URL(import.meta.url).pathname);

const locales = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    flattenTexts(JSON.parse(readFileSync(path.join(dir, `${language}.json`), 'utf8')) as TextTree),
  ]),
);
const allKeys = new Set(Object.values(locales).flatMap((map) => [...map.keys()]));

describe('web locale files', () => {
  it('exist for exactly the ten languages', () => {
    const files = readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => file.replace('.json', ''));
    expect(files.sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(LANGUAGES)('%s has every key any other locale has, each with text', (language) => {
    const map = locales[language] as Map<string, string>;
    expect([...allKeys].filter((key) => !map.has(key))).toEqual([]);
    expect([...map].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([]);
  });

  it.each(LANGUAGES)('%s keeps every interpolation placeholder of English', (language) => {
    const english = locales.en as Map<string, string>;
    const map = locales[language] as Map<string, string>;
    for (const [key, text] of english) {
      for (const placeholder of text.match(/\{\{\w+\}\}/g) ?? []) {
        expect(map.get(key), `${language} ${key}`).toContain(placeholder);
      }
    }
  });
});
