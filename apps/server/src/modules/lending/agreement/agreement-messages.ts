import type { Language } from '@openbourse/contracts';
import type { AgreementMessages } from './agreement-message-types.js';
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

export type { AgreementMessages };

export const AGREEMENT_MESSAGES: Record<Language, AgreementMessages> = { en, de, es, fr, it, ar, zh, hk, ja, ko };
