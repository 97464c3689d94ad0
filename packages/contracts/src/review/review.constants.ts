import type { Language } from '../languages.js';

/**
 * Review queues (issue 14): the kinds of item an operator approves or rejects (SPEC §7). Each
 * kind's module plugs its handler into the review framework; a kind without one lists 0 pending.
 */
export const REVIEW_KINDS = ['adjustment', 'deposit', 'withdrawal', 'kyc', 'loan', 'repayment'] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export function isReviewKind(value: string): value is ReviewKind {
  return (REVIEW_KINDS as readonly string[]).includes(value);
}

/** A rejection reason's text in every language (a missing one is a compile error); shown to the user. */
export type ReviewReasonTexts = Record<Language, string>;

/** Why an operator may reject a ledger adjustment above the review threshold. */
export const ADJUSTMENT_REJECTION_REASONS = {
  insufficient_evidence: {
    en: 'The adjustment is not supported by enough evidence.',
    ja: '調整を裏付ける証拠が不十分です。',
    ko: '조정을 뒷받침할 근거가 충분하지 않습니다.',
    de: 'Die Korrektur ist nicht ausreichend belegt.',
    fr: 'L’ajustement n’est pas suffisamment justifié.',
    it: 'La rettifica non è supportata da prove sufficienti.',
    es: 'El ajuste no está respaldado por pruebas suficientes.',
    ar: 'التعديل غير مدعوم بأدلة كافية.',
    hk: '此調整缺乏足夠的證明。',
    zh: '此调整缺乏足够的证明。',
  },
  wrong_amount: {
    en: 'The amount of the adjustment is wrong.',
    ja: '調整額が正しくありません。',
    ko: '조정 금액이 잘못되었습니다.',
    de: 'Der Betrag der Korrektur ist falsch.',
    fr: 'Le montant de l’ajustement est erroné.',
    it: 'L’importo della rettifica è errato.',
    es: 'El importe del ajuste es incorrecto.',
    ar: 'مبلغ التعديل غير صحيح.',
    hk: '調整金額有誤。',
    zh: '调整金额有误。',
  },
  wrong_account: {
    en: 'The adjustment names the wrong account, asset or book.',
    ja: '調整の対象口座、資産、またはブックが正しくありません。',
    ko: '조정 대상 계정, 자산 또는 장부가 잘못되었습니다.',
    de: 'Die Korrektur nennt das falsche Konto, den falschen Vermögenswert oder das falsche Buch.',
    fr: 'L’ajustement désigne le mauvais compte, le mauvais actif ou le mauvais registre.',
    it: 'La rettifica indica il conto, l’attività o il registro sbagliato.',
    es: 'El ajuste indica la cuenta, el activo o el libro equivocado.',
    ar: 'يشير التعديل إلى حساب أو أصل أو دفتر خاطئ.',
    hk: '調整所指的帳戶、資產或賬簿有誤。',
    zh: '调整所指的账户、资产或账簿有误。',
  },
  duplicate: {
    en: 'This adjustment duplicates one already made.',
    ja: 'この調整は既に行われた調整と重複しています。',
    ko: '이 조정은 이미 처리된 조정과 중복됩니다.',
    de: 'Diese Korrektur wurde bereits vorgenommen.',
    fr: 'Cet ajustement fait double emploi avec un ajustement déjà effectué.',
    it: 'Questa rettifica duplica una già effettuata.',
    es: 'Este ajuste duplica uno ya realizado.',
    ar: 'هذا التعديل مكرر لتعديل تم بالفعل.',
    hk: '此調整與已作出的調整重複。',
    zh: '此调整与已完成的调整重复。',
  },
  policy: {
    en: 'The adjustment is not allowed by the platform’s policy.',
    ja: 'この調整はプラットフォームの規定で認められていません。',
    ko: '이 조정은 플랫폼 정책상 허용되지 않습니다.',
    de: 'Die Korrektur ist nach den Richtlinien der Plattform nicht zulässig.',
    fr: 'L’ajustement n’est pas autorisé par la politique de la plateforme.',
    it: 'La rettifica non è consentita dalle regole della piattaforma.',
    es: 'El ajuste no está permitido por la política de la plataforma.',
    ar: 'التعديل غير مسموح به وفق سياسة المنصة.',
    hk: '根據平台政策，此調整不獲准許。',
    zh: '根据平台政策，此调整不被允许。',
  },
} as const satisfies Record<string, ReviewReasonTexts>;
export type AdjustmentRejectionReason = keyof typeof ADJUSTMENT_REJECTION_REASONS;
