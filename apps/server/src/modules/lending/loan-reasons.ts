import type { Language, ReviewReasonTexts } from '@openbourse/contracts';

/**
 * Why an operator rejected a loan or a repayment application (issue 17), in every language. The
 * row keeps the code and the operator's note; the wire and the notification show the words.
 */

export const LOAN_REJECTION_REASONS = {
  credit_risk: {
    en: 'The loan does not meet our credit assessment at this time.',
    de: 'Der Kredit erfüllt unsere Kreditprüfung derzeit nicht.',
    es: 'El préstamo no supera nuestra evaluación de crédito en este momento.',
    fr: 'Le prêt ne satisfait pas à notre évaluation de crédit pour le moment.',
    it: 'Il prestito non supera al momento la nostra valutazione del credito.',
    ar: 'لا يستوفي القرض تقييمنا الائتماني في الوقت الحالي.',
    zh: '该贷款目前未通过我们的信用评估。',
    hk: '該貸款目前未通過我們的信貸評估。',
    ja: 'このローンは現時点で当社の与信審査を満たしていません。',
    ko: '이 대출은 현재 당사의 신용 평가 기준을 충족하지 않습니다.',
  },
  details_mismatch: {
    en: 'The details of the application do not match the verified identity.',
    de: 'Die Angaben im Antrag stimmen nicht mit der verifizierten Identität überein.',
    es: 'Los datos de la solicitud no coinciden con la identidad verificada.',
    fr: 'Les informations de la demande ne correspondent pas à l’identité vérifiée.',
    it: 'I dati della richiesta non corrispondono all’identità verificata.',
    ar: 'لا تتطابق بيانات الطلب مع الهوية التي تم التحقق منها.',
    zh: '申请资料与已认证的身份不符。',
    hk: '申請資料與已認證的身份不符。',
    ja: '申込内容が確認済みの本人情報と一致しません。',
    ko: '신청 내용이 인증된 신원과 일치하지 않습니다.',
  },
  policy: {
    en: 'The loan is not allowed by the platform’s lending policy.',
    de: 'Der Kredit ist nach der Kreditrichtlinie der Plattform nicht zulässig.',
    es: 'El préstamo no está permitido por la política de préstamos de la plataforma.',
    fr: 'Le prêt n’est pas autorisé par la politique de prêt de la plateforme.',
    it: 'Il prestito non è consentito dalle regole di credito della piattaforma.',
    ar: 'القرض غير مسموح به وفق سياسة الإقراض في المنصة.',
    zh: '根据平台的贷款政策，该贷款不被允许。',
    hk: '根據平台的貸款政策，此貸款不獲准許。',
    ja: 'このローンはプラットフォームの融資方針で認められていません。',
    ko: '이 대출은 플랫폼의 대출 정책상 허용되지 않습니다.',
  },
} as const satisfies Record<string, ReviewReasonTexts>;

export const REPAYMENT_REJECTION_REASONS = {
  proof_unclear: {
    en: 'The proof of payment could not be verified.',
    de: 'Der Zahlungsnachweis konnte nicht überprüft werden.',
    es: 'No se ha podido verificar el comprobante de pago.',
    fr: 'La preuve de paiement n’a pas pu être vérifiée.',
    it: 'Non è stato possibile verificare la prova di pagamento.',
    ar: 'تعذّر التحقق من إثبات الدفع.',
    zh: '无法核实付款凭证。',
    hk: '無法核實付款證明。',
    ja: '支払いの証明を確認できませんでした。',
    ko: '결제 증빙을 확인할 수 없습니다.',
  },
  amount_mismatch: {
    en: 'The amount does not match what the application says.',
    de: 'Der Betrag stimmt nicht mit den Angaben im Antrag überein.',
    es: 'El importe no coincide con lo indicado en la solicitud.',
    fr: 'Le montant ne correspond pas à celui indiqué dans la demande.',
    it: 'L’importo non corrisponde a quanto indicato nella richiesta.',
    ar: 'لا يتطابق المبلغ مع ما ورد في الطلب.',
    zh: '金额与申请所填不符。',
    hk: '金額與申請所填不符。',
    ja: '金額が申請内容と一致しません。',
    ko: '금액이 신청 내용과 일치하지 않습니다.',
  },
  policy: {
    en: 'The repayment application is not allowed by the platform’s policy.',
    de: 'Der Rückzahlungsantrag ist nach den Richtlinien der Plattform nicht zulässig.',
    es: 'La solicitud de reembolso no está permitida por la política de la plataforma.',
    fr: 'La demande de remboursement n’est pas autorisée par la politique de la plateforme.',
    it: 'La richiesta di rimborso non è consentita dalle regole della piattaforma.',
    ar: 'طلب السداد غير مسموح به وفق سياسة المنصة.',
    zh: '根据平台政策，该还款申请不被允许。',
    hk: '根據平台政策，此還款申請不獲准許。',
    ja: 'この返済申請はプラットフォームの規定で認められていません。',
    ko: '이 상환 신청은 플랫폼 정책상 허용되지 않습니다.',
  },
} as const satisfies Record<string, ReviewReasonTexts>;

type ReasonTable = Readonly<Record<string, ReviewReasonTexts>>;

/** A stored reason code (`rejected:<reason>`) and note in a language: the reason's words, then the note. */
export function rejectionText(
  table: ReasonTable,
  code: string | null,
  note: string | null,
  language: Language,
): string | null {
  if (code === null) return null;
  const key = code.startsWith('rejected:') ? code.slice('rejected:'.length) : code;
  const texts = table[key];
  const words = texts ? texts[language] : null;
  if (words && note) return `${words} ${note}`;
  return words ?? note ?? null;
}
