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
import type { MailTemplates } from './mail-templates/mail-template.js';
import { zh } from './mail-templates/zh.js';

export type { MailTemplates };

export const MAIL_TEMPLATES: Record<Language, MailTemplates> = { en, ja, ko, de, fr, it, es, ar, hk, zh };
