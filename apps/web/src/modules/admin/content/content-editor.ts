import type {
  ContentKind,
  ContentType,
  DEPLOYMENT_SETTING_KEYS,
  LINK_TYPES,
  TAdminContentItemDetail,
} from '@openbourse/contracts';
import {
  LANGUAGE_BCP47,
  LANGUAGE_NATIVE_NAMES,
  LANGUAGES,
  type Language,
  RTL_LANGUAGES,
} from '@openbourse/contracts/constants';

/**
 * The content editor's pure rules (#14). The contracts' schema file holds the same lists and
 * limits, but the web loads no zod, so they are repeated here, typed against the contracts.
 */

export type LinkType = (typeof LINK_TYPES)[number];
export type SettingValue = string | number | boolean;
export type SettingValueKind = 'text' | 'number' | 'boolean';

/** The kinds the list filters by, in the order the filter offers them. */
export const KIND_FILTERS = ['faq', 'notice', 'page'] as const satisfies readonly ContentKind[];
export const CONTENT_TYPE_CHOICES = [1, 2, 3] as const satisfies readonly ContentType[];
export const LINK_ORDER = ['discord', 'twitter', 'telegram'] as const satisfies readonly LinkType[];
/** Answered from the deployment's configuration: the server refuses to store them. */
export const FIXED_SETTING_KEYS: readonly string[] = [
  'default_language',
  'deployment_mode',
  'about_content_id',
  'online_service_enabled',
] satisfies ReadonlyArray<(typeof DEPLOYMENT_SETTING_KEYS)[number]>;

/** `content-admin.contracts.ts`'s limits. */
export const TITLE_MAX = 300;
export const BODY_MAX = 100_000;
export const LINK_MAX = 500;
export const PARAM_VALUE_MAX = 1000;
export const PARAM_DESCRIPTION_MAX = 500;
export const SETTING_TEXT_MAX = 1000;
export const PARAM_KEY_PATTERN = /^[a-zA-Z0-9_.-]{1,64}$/;
export const SETTING_KEY_PATTERN = /^[a-z0-9_]{1,64}$/;
export const SLUG_PATTERN = /^[a-z0-9-]{1,64}$/;

export type LanguageChoice = { lang: Language; nativeName: string; hasText: boolean };

/** The ten languages, English first, each marked by whether the item has its own text in it. */
export function languageChoices(translated: readonly Language[]): LanguageChoice[] {
  const ordered: Language[] = ['en', ...LANGUAGES.filter((lang) => lang !== 'en')];
  return ordered.map((lang) => ({
    lang,
    nativeName: LANGUAGE_NATIVE_NAMES[lang],
    hasText: translated.includes(lang),
  }));
}

/** A language named in the reader's own language ("German" for an English reader), or its own name. */
export function languageName(lang: Language, readerLanguage: Language): string {
  try {
    const names = new Intl.DisplayNames([LANGUAGE_BCP47[readerLanguage]], { type: 'language' });
    return names.of(LANGUAGE_BCP47[lang]) ?? LANGUAGE_NATIVE_NAMES[lang];
  } catch {
    return LANGUAGE_NATIVE_NAMES[lang];
  }
}

/** What the editor needs for the text direction and the `lang` attribute of one language's text. */
export function textAttributes(lang: Language): { lang: string; dir: 'rtl' | 'ltr' } {
  return { lang: LANGUAGE_BCP47[lang], dir: RTL_LANGUAGES.has(lang) ? 'rtl' : 'ltr' };
}

export type TextDraft = { title: string; body: string };

export function savedText(item: TAdminContentItemDetail, lang: Language): TextDraft | null {
  const text = item.translations.find((t) => t.lang === lang);
  return text ? { title: text.title, body: text.body } : null;
}

/** Whether saving would change anything (the server trims the title, so spaces around it are no change). */
export function isDraftChanged(saved: TextDraft | null, draft: TextDraft): boolean {
  if (!saved) return draft.title.trim() !== '' || draft.body !== '';
  return saved.title !== draft.title.trim() || saved.body !== draft.body;
}

export type LinkProblem = 'empty' | 'notHttps' | 'invalid' | 'tooLong';

/** Why a community link would be refused, or null: the server takes an https:// address of up to 500 characters. */
export function linkProblem(input: string): LinkProblem | null {
  const url = input.trim();
  if (url === '') return 'empty';
  if (url.length > LINK_MAX) return 'tooLong';
  if (!url.startsWith('https://')) return 'notHttps';
  try {
    new URL(url);
  } catch {
    return 'invalid';
  }
  return null;
}

export function settingValueKind(value: SettingValue | null): SettingValueKind {
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return 'number';
  return 'text';
}

/** A setting's value as the editor's text field holds it. */
export function settingValueText(value: SettingValue | null): string {
  return value === null ? '' : String(value);
}

/** The value to send for what was typed, or null when it is not one of its kind. */
export function parseSettingValue(kind: SettingValueKind, text: string): SettingValue | null {
  if (kind === 'boolean') return text === 'true' ? true : text === 'false' ? false : null;
  if (kind === 'number') {
    const trimmed = text.trim();
    if (!/^-?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i.test(trimmed)) return null;
    const number = Number(trimmed);
    return Number.isFinite(number) ? number : null;
  }
  return text.length <= SETTING_TEXT_MAX ? text : null;
}

/** The field problems a refusal carried (`data.issues`), as the server wrote them. */
export function refusalIssues(data: unknown): Array<{ path: string; message: string }> {
  const issues = (data as { issues?: unknown } | null)?.issues;
  if (!Array.isArray(issues)) return [];
  return issues.flatMap((issue: unknown) => {
    const { path, message } = (issue ?? {}) as { path?: unknown; message?: unknown };
    return typeof path === 'string' && typeof message === 'string' ? [{ path, message }] : [];
  });
}

/** An optional audit reason: blank is none. */
export function reasonOrUndefined(reason: string): string | undefined {
  const trimmed = reason.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** Where the public site shows an item: the FAQ and notices lists, or the page itself. */
export function publicPath(item: Pick<TAdminContentItemDetail, 'id' | 'kind' | 'title'>): string {
  if (item.kind === 'faq') return '/help/faq';
  if (item.kind === 'notice') return '/help/notice';
  return `/detail?id=${encodeURIComponent(item.id)}&title=${encodeURIComponent(item.title)}`;
}
