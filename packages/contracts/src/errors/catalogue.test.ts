import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../languages.js';
import { CATALOGUE_MESSAGES, messageFor } from './catalogue.js';
import { CATALOGUE, type CatalogueName, catalogueNameOf, isSuccessCode } from './codes.js';

const entries = (Object.keys(CATALOGUE) as CatalogueName[]).map(
  (name) => [name, CATALOGUE[name].code, CATALOGUE[name].status] as const,
);

describe('the error catalogue', () => {
  it('holds every code of SPEC §8', () => {
    const codes = new Set<number>(entries.map(([, code]) => code));
    const spec = [
      ...Array.from({ length: 40 }, (_, i) => 10001 + i),
      10091,
      10094,
      10095,
      20001,
      20002,
      20003,
      20004,
      20005,
      20024,
      20094,
      20095,
      20096,
    ];
    expect(spec.filter((code) => !codes.has(code))).toEqual([]);
  });

  it('gives each code one name', () => {
    expect(new Set(entries.map(([, code]) => code)).size).toBe(entries.length);
  });

  it.each(entries)(
    '%s (%i) travels with a status of its category and a message in all ten languages',
    (name, code, status) => {
      if (isSuccessCode(code)) expect(status).toBe(200);
      else if (code === 401) expect(status).toBe(401);
      else expect(status).toBeGreaterThanOrEqual(400);
      expect(catalogueNameOf(code)).toBe(name);
      const english = CATALOGUE_MESSAGES.en[name];
      const placeholders = english.match(/\{\w+\}/g) ?? [];
      for (const language of LANGUAGES) {
        const message = CATALOGUE_MESSAGES[language][name];
        expect(message.trim().length, `${language} ${name}`).toBeGreaterThan(0);
        for (const placeholder of placeholders) expect(message, `${language} ${name}`).toContain(placeholder);
      }
    },
  );

  it('translates rather than copies English', () => {
    for (const language of LANGUAGES.filter((l) => l !== 'en')) {
      const same = entries.filter(([name]) => CATALOGUE_MESSAGES[language][name] === CATALOGUE_MESSAGES.en[name]);
      expect(
        same.map(([name]) => name),
        language,
      ).toEqual([]);
    }
  });

  it('fills placeholders and falls back to the generic message for unknown codes', () => {
    expect(messageFor(10094, 'en', { level: 'VIP2' })).toContain('VIP2');
    expect(messageFor(99999, 'de')).toBe(CATALOGUE_MESSAGES.de.GENERIC);
  });
});
