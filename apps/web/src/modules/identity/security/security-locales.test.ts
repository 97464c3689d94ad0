import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '@openbourse/contracts';
import { describe, expect, it } from 'vitest';
import { flattenTexts, type TextTree } from '../../../shared/i18n/flatten-texts';

/** The security centre's texts (`locales/centre.<language>.json`): all ten languages, the same keys and placeholders. */
const dir = path.join(path.dirname(new URL(import.meta.url).pathname), 'locales');
const read = (language: string) =>
  flattenTexts(JSON.parse(readFileSync(path.join(dir, `centre.${language}.json`), 'utf8')) as TextTree);
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe('security centre locale files', () => {
  it('exist for every language and no other', () => {
    expect(readdirSync(dir).sort()).toEqual(LANGUAGES.map((language) => `centre.${language}.json`).sort());
  });

  it.each(LANGUAGES)('%s has exactly the English keys, each with text and its placeholders', (language) => {
    const english = read('en');
    const texts = read(language);
    expect([...texts.keys()].sort()).toEqual([...english.keys()].sort());
    expect([...texts].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([]);
    for (const [key, text] of english)
      expect([key, placeholders(texts.get(key) ?? '')]).toEqual([key, placeholders(text)]);
  });
});
