import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '@openbourse/contracts';
import { describe, expect, it } from 'vitest';
import { flattenTexts, type TextTree } from './flatten-texts';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
/** Words of two letters or more, placeholders left out: a sentence has several, a name or a number few. */
const words = (text: string) => (text.replace(/\{\{\w+\}\}/g, '').match(/\p{L}{2,}/gu) ?? []).length;

/**
 * The checks every lazily loaded part's texts (`locales/<area>.<language>.json`, shared/i18n/
 * area-texts.ts) must pass, declared as vitest tests: files named for a known language, each
 * expected area (and any other found) in all ten languages with exactly the English keys, no
 * empty text, the English placeholders, and `translated` areas not copies of English (names,
 * codes and numbers may stay; sentences of more than two words may not). Answers a reader of one
 * area's texts in one language for the part's own further checks.
 */
export function describeAreaLocales(
  title: string,
  localesDir: string,
  options: { areas: readonly string[]; untranslatedAreas?: readonly string[] },
): (area: string, language: string) => Map<string, string> {
  const files = readdirSync(localesDir).filter((file) => file.endsWith('.json'));
  const areas = [...new Set([...options.areas, ...files.map((file) => file.split('.')[0] ?? '')])];
  const read = (area: string, language: string) =>
    flattenTexts(JSON.parse(readFileSync(path.join(localesDir, `${area}.${language}.json`), 'utf8')) as TextTree);

  describe(title, () => {
    it('are named <area>.<language>.json for a known language', () => {
      expect(
        files.filter(
          (file) => !/^[a-z-]+\.[a-z]{2}\.json$/.test(file) || !LANGUAGES.some((l) => file.endsWith(`.${l}.json`)),
        ),
      ).toEqual([]);
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
          expect([`${area}.${language} ${key}`, placeholders(texts.get(key) ?? '')]).toEqual([
            `${area}.${language} ${key}`,
            placeholders(text),
          ]);
        }
      });

      if (options.untranslatedAreas?.includes(area)) return;
      it.each(LANGUAGES.filter((language) => language !== 'en'))(
        '%s is translated, not a copy of English',
        (language) => {
          const english = read(area, 'en');
          const texts = read(area, language);
          const same = [...english].filter(([key, text]) => texts.get(key) === text && words(text) > 2);
          expect(same.map(([key]) => key)).toEqual([]);
        },
      );
    });
  });
  return read;
}
