import type { Language } from '@openbourse/contracts';
import { ar } from './mail-templates/ar.js';
import { de } from './mail-templates/de.js';
import { en } from './mail-templates/en.js';
import { es } from './mail-templates/es.js';
import { fr } from './mail-templates/fr.js';
import { hk } from './mail-templates/hk.js';
import { it } from './mail-templates/it.js';
import { ja } from './mail-templates/ja.js';
import { ko } from './mail-templates/ko.js';
import { zh } from './mail-templates/zh.js';

/** Verification mails, in the reader's language. `{code}` is filled by the sender. */
export type MailTemplates = {
  registerSubject: string;
  registerText: string;
  resetSubject: string;
  resetText: string;
};

export const MAIL_TEMPLATES: Record<Language, MailTemplates> = { en, ja, ko, de, fr, it, es, ar, hk, zh };
