import type { Language } from '../languages.js';
import { CATALOGUE, type CatalogueMessages, type CatalogueName, catalogueNameOf } from './codes.js';
import { ar } from './messages/ar.js';
import { de } from './messages/de.js';
import { en } from './messages/en.js';
import { es } from './messages/es.js';
import { fr } from './messages/fr.js';
import { hk } from './messages/hk.js';
import { it } from './messages/it.js';
import { ja } from './messages/ja.js';
import { ko } from './messages/ko.js';
import { zh } from './messages/zh.js';

/** Every language's messages. The server imports this whole; the web loads one language at a time. */
export const CATALOGUE_MESSAGES: Record<Language, CatalogueMessages> = {
  en,
  ja,
  ko,
  de,
  fr,
  it,
  es,
  ar,
  hk,
  zh,
};

/** Fills `{name}` placeholders; unknown placeholders are left visible rather than dropped. */
export function fillPlaceholders(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));
}

/** The message for a code in a language; an unknown code gives the generic fallback. */
export function messageFor(code: number, language: Language, params?: Record<string, string | number>): string {
  const messages = CATALOGUE_MESSAGES[language];
  const name = catalogueNameOf(code);
  return fillPlaceholders(name ? messages[name] : messages.GENERIC, params);
}

export function codeOf(name: CatalogueName): number {
  return CATALOGUE[name].code;
}
