import type { TAdminContentItemDetail } from '@openbourse/contracts';
import { describe, expect, it } from 'vitest';
import {
  isDraftChanged,
  languageChoices,
  languageName,
  linkProblem,
  parseSettingValue,
  publicPath,
  reasonOrUndefined,
  refusalIssues,
  savedText,
  settingValueKind,
  settingValueText,
  textAttributes,
} from './content-editor';

const item: TAdminContentItemDetail = {
  id: '7',
  slug: 'faq-fees',
  kind: 'faq',
  type: 3,
  sortOrder: 6,
  isPublished: true,
  publishedAt: '2026-11-20T00:00:00.000Z',
  updatedAt: '2026-11-20T00:00:00.000Z',
  title: 'What are the fees?',
  languages: ['de', 'en'],
  translations: [
    { lang: 'de', title: 'Welche Gebühren?', body: 'Keine **versteckten**.', updatedAt: '2026-11-20T00:00:00.000Z' },
    { lang: 'en', title: 'What are the fees?', body: 'No **hidden** ones.', updatedAt: '2026-11-20T00:00:00.000Z' },
  ],
};

describe('the content editor', () => {
  it('offers the ten languages, English first, marking those with their own text', () => {
    const choices = languageChoices(item.languages);
    expect(choices).toHaveLength(10);
    expect(choices[0]).toEqual({ lang: 'en', nativeName: 'English', hasText: true });
    expect(choices.find((c) => c.lang === 'de')).toEqual({ lang: 'de', nativeName: 'Deutsch', hasText: true });
    expect(choices.find((c) => c.lang === 'ar')).toEqual({ lang: 'ar', nativeName: 'العربية', hasText: false });
    expect(new Set(choices.map((c) => c.lang)).size).toBe(10);
  });

  it("names a language in the reader's language", () => {
    expect(languageName('de', 'en')).toBe('German');
    expect(languageName('de', 'de')).toBe('Deutsch');
    expect(languageName('ar', 'fr')).toBe('arabe');
  });

  it('writes Arabic right to left and the Chinese scripts with their BCP 47 tags', () => {
    expect(textAttributes('ar')).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(textAttributes('de')).toEqual({ lang: 'de', dir: 'ltr' });
    expect(textAttributes('hk')).toEqual({ lang: 'zh-Hant', dir: 'ltr' });
    expect(textAttributes('zh')).toEqual({ lang: 'zh-Hans', dir: 'ltr' });
  });

  it("reads a language's stored text, or none", () => {
    expect(savedText(item, 'de')).toEqual({ title: 'Welche Gebühren?', body: 'Keine **versteckten**.' });
    expect(savedText(item, 'ja')).toBeNull();
  });

  it('counts a draft as changed only when saving would change the stored text', () => {
    const saved = { title: 'Welche Gebühren?', body: 'Keine.' };
    expect(isDraftChanged(saved, { title: 'Welche Gebühren?', body: 'Keine.' })).toBe(false);
    // The server trims the title: spaces around it change nothing.
    expect(isDraftChanged(saved, { title: '  Welche Gebühren? ', body: 'Keine.' })).toBe(false);
    expect(isDraftChanged(saved, { title: 'Welche Gebühren?', body: 'Keine. ' })).toBe(true);
    expect(isDraftChanged(saved, { title: 'Gebühren', body: 'Keine.' })).toBe(true);
    expect(isDraftChanged(null, { title: '', body: '' })).toBe(false);
    expect(isDraftChanged(null, { title: 'Neu', body: '' })).toBe(true);
  });

  it('accepts only https:// community links of up to 500 characters', () => {
    expect(linkProblem('https://discord.gg/openbourse')).toBeNull();
    expect(linkProblem('  https://t.me/openbourse ')).toBeNull();
    expect(linkProblem('')).toBe('empty');
    expect(linkProblem('http://discord.gg/x')).toBe('notHttps');
    expect(linkProblem('javascript:alert(1)')).toBe('notHttps');
    expect(linkProblem('https://')).toBe('invalid');
    expect(linkProblem(`https://example.com/${'a'.repeat(500)}`)).toBe('tooLong');
  });

  it('keeps a setting value of its kind', () => {
    expect(settingValueKind(true)).toBe('boolean');
    expect(settingValueKind(12.5)).toBe('number');
    expect(settingValueKind('x')).toBe('text');
    expect(settingValueKind(null)).toBe('text');
    expect(settingValueText(null)).toBe('');
    expect(settingValueText(false)).toBe('false');
    expect(parseSettingValue('boolean', 'true')).toBe(true);
    expect(parseSettingValue('boolean', 'false')).toBe(false);
    expect(parseSettingValue('boolean', 'yes')).toBeNull();
    expect(parseSettingValue('number', ' 48 ')).toBe(48);
    expect(parseSettingValue('number', '-0.5')).toBe(-0.5);
    expect(parseSettingValue('number', '')).toBeNull();
    expect(parseSettingValue('number', '12abc')).toBeNull();
    expect(parseSettingValue('number', 'Infinity')).toBeNull();
    expect(parseSettingValue('text', '')).toBe('');
    expect(parseSettingValue('text', 'a'.repeat(1001))).toBeNull();
  });

  it('reads the field problems of a refusal and ignores what is not one', () => {
    expect(refusalIssues({ issues: [{ path: 'body.body', message: 'contains a script' }, { path: 3 }] })).toEqual([
      { path: 'body.body', message: 'contains a script' },
    ]);
    expect(refusalIssues(null)).toEqual([]);
    expect(refusalIssues({ issues: 'no' })).toEqual([]);
  });

  it('sends a blank reason as none', () => {
    expect(reasonOrUndefined('   ')).toBeUndefined();
    expect(reasonOrUndefined(' typo ')).toBe('typo');
  });

  it('links an item to where the public site shows it', () => {
    expect(publicPath(item)).toBe('/help/faq');
    expect(publicPath({ ...item, kind: 'notice' })).toBe('/help/notice');
    expect(publicPath({ id: '3', kind: 'page', title: 'Fees & costs' })).toBe('/detail?id=3&title=Fees%20%26%20costs');
  });
});
