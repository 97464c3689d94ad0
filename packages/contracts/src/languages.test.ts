import { describe, expect, it } from 'vitest';
import { languageFromAcceptHeader, languageFromTag } from './languages.js';

describe('language negotiation', () => {
  it.each([
    ['de-CH', 'de'],
    ['zh-TW', 'hk'],
    ['zh-Hant-HK', 'hk'],
    ['zh-CN', 'zh'],
    ['zh', 'zh'],
    ['hk', 'hk'],
    ['pt-BR', null],
    ['', null],
  ])('maps %s to %s', (tag, expected) => {
    expect(languageFromTag(tag)).toBe(expected);
  });

  it('honours quality values and skips languages we do not have', () => {
    expect(languageFromAcceptHeader('pt-BR,pt;q=0.9,fr;q=0.5,de;q=0.8')).toBe('de');
    expect(languageFromAcceptHeader('ar;q=0, ja')).toBe('ja');
    expect(languageFromAcceptHeader('xx, yy')).toBeNull();
    expect(languageFromAcceptHeader(undefined)).toBeNull();
  });
});
