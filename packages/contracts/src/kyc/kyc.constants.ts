import type { ReviewReasonTexts } from '../review/review.constants.js';

/**
 * Identity verification (issue 17). No zod here: the web's shell may read it.
 *
 * The status numbers are SPEC §3's `idefinderStatus`: 0 not verified, 2 pending review,
 * 1 verified, 3 not passed (the reviewer's reason is shown; the user may submit again).
 */
export const KYC_STATUS = { notVerified: 0, verified: 1, pending: 2, notPassed: 3 } as const;
export type KycStatus = (typeof KYC_STATUS)[keyof typeof KYC_STATUS];
export const KYC_STATUSES = [0, 1, 2, 3] as const satisfies readonly KycStatus[];

export const KYC_SEXES = ['male', 'female', 'other'] as const;
export type KycSex = (typeof KYC_SEXES)[number];

/** `passport` has one photo page: its `backFileId` is optional; the others need both sides. */
export const KYC_DOCUMENT_TYPES = ['id_card', 'driver_licence', 'passport'] as const;
export type KycDocumentType = (typeof KYC_DOCUMENT_TYPES)[number];

export function kycNeedsBack(documentType: KycDocumentType): boolean {
  return documentType !== 'passport';
}

/** The youngest age (in whole years on the day of submission) that may submit. */
export const KYC_MIN_AGE_YEARS = 18;

/** The review takes up to this long (SPEC §9: up to 48 hours). */
export const KYC_REVIEW_HOURS = 48;

/** Why a reviewer may refuse a verification; the user is shown the text in their language. */
export const KYC_REJECTION_REASONS = {
  document_unreadable: {
    en: 'The document photos are blurred, cut off or too dark to read.',
    ja: '書類の写真がぼやけている、切れている、または暗すぎて読み取れません。',
    ko: '신분증 사진이 흐리거나 잘렸거나 너무 어두워 읽을 수 없습니다.',
    de: 'Die Fotos des Dokuments sind unscharf, abgeschnitten oder zu dunkel, um sie zu lesen.',
    fr: 'Les photos du document sont floues, coupées ou trop sombres pour être lues.',
    it: 'Le foto del documento sono sfocate, tagliate o troppo scure per essere lette.',
    es: 'Las fotos del documento están borrosas, cortadas o demasiado oscuras para leerlas.',
    ar: 'صور المستند غير واضحة أو مقتطعة أو مظلمة جدًا بحيث لا يمكن قراءتها.',
    hk: '證件相片模糊、不完整或太暗，無法辨認。',
    zh: '证件照片模糊、不完整或太暗，无法辨认。',
  },
  document_expired: {
    en: 'The document has expired.',
    ja: '書類の有効期限が切れています。',
    ko: '신분증의 유효기간이 만료되었습니다.',
    de: 'Das Dokument ist abgelaufen.',
    fr: 'Le document a expiré.',
    it: 'Il documento è scaduto.',
    es: 'El documento ha caducado.',
    ar: 'انتهت صلاحية المستند.',
    hk: '證件已過期。',
    zh: '证件已过期。',
  },
  details_mismatch: {
    en: 'The details entered do not match the document.',
    ja: '入力された情報が書類の内容と一致しません。',
    ko: '입력한 정보가 신분증의 내용과 일치하지 않습니다.',
    de: 'Die eingegebenen Angaben stimmen nicht mit dem Dokument überein.',
    fr: 'Les informations saisies ne correspondent pas au document.',
    it: 'I dati inseriti non corrispondono al documento.',
    es: 'Los datos introducidos no coinciden con el documento.',
    ar: 'البيانات المدخلة لا تطابق المستند.',
    hk: '所填資料與證件不符。',
    zh: '所填资料与证件不符。',
  },
  handheld_photo_mismatch: {
    en: 'The photo of you holding the document does not clearly show you and the same document.',
    ja: '書類を持った写真で、ご本人と同じ書類がはっきり確認できません。',
    ko: '신분증을 든 사진에서 본인과 같은 신분증이 명확히 확인되지 않습니다.',
    de: 'Das Foto, auf dem Sie das Dokument halten, zeigt nicht deutlich Sie und dasselbe Dokument.',
    fr: 'La photo où vous tenez le document ne montre pas clairement votre visage et le même document.',
    it: 'La foto in cui tieni il documento non mostra chiaramente te e lo stesso documento.',
    es: 'La foto sosteniendo el documento no muestra con claridad a usted y el mismo documento.',
    ar: 'الصورة التي تحمل فيها المستند لا تُظهر بوضوح وجهك والمستند نفسه.',
    hk: '手持證件相片未能清楚顯示你本人及同一份證件。',
    zh: '手持证件照片未能清楚显示你本人及同一份证件。',
  },
  signature_unusable: {
    en: 'The signature is missing or cannot be used.',
    ja: '署名がないか、使用できません。',
    ko: '서명이 없거나 사용할 수 없습니다.',
    de: 'Die Unterschrift fehlt oder ist nicht verwendbar.',
    fr: 'La signature est absente ou inutilisable.',
    it: 'La firma manca o non è utilizzabile.',
    es: 'La firma falta o no se puede utilizar.',
    ar: 'التوقيع مفقود أو غير صالح للاستخدام.',
    hk: '簽名缺失或無法使用。',
    zh: '签名缺失或无法使用。',
  },
  document_not_accepted: {
    en: 'This kind of document is not accepted: use an official identity card, driving licence or passport.',
    ja: 'この種類の書類は受け付けていません。公的な身分証明書、運転免許証またはパスポートをご使用ください。',
    ko: '이 종류의 서류는 인정되지 않습니다. 공식 신분증, 운전면허증 또는 여권을 사용해 주세요.',
    de: 'Diese Art von Dokument wird nicht akzeptiert: Verwenden Sie einen amtlichen Ausweis, Führerschein oder Reisepass.',
    fr: 'Ce type de document n’est pas accepté : utilisez une carte d’identité officielle, un permis de conduire ou un passeport.',
    it: 'Questo tipo di documento non è accettato: usa una carta d’identità ufficiale, una patente o un passaporto.',
    es: 'Este tipo de documento no se acepta: utilice un documento de identidad oficial, un permiso de conducir o un pasaporte.',
    ar: 'هذا النوع من المستندات غير مقبول: استخدم بطاقة هوية رسمية أو رخصة قيادة أو جواز سفر.',
    hk: '不接受此類證件：請使用官方身份證、駕駛執照或護照。',
    zh: '不接受此类证件：请使用官方身份证、驾驶执照或护照。',
  },
  underage: {
    en: 'The document shows that you are under 18.',
    ja: '書類によると、18歳未満です。',
    ko: '신분증상 만 18세 미만입니다.',
    de: 'Laut Dokument sind Sie jünger als 18 Jahre.',
    fr: 'Le document indique que vous avez moins de 18 ans.',
    it: 'Dal documento risulta che hai meno di 18 anni.',
    es: 'El documento indica que es menor de 18 años.',
    ar: 'يُظهر المستند أن عمرك أقل من 18 عامًا.',
    hk: '證件顯示你未滿 18 歲。',
    zh: '证件显示你未满 18 岁。',
  },
} as const satisfies Record<string, ReviewReasonTexts>;
export type KycRejectionReason = keyof typeof KYC_REJECTION_REASONS;

/** Whether a stored or sent code is one of the KYC rejection reasons. */
export function isKycRejectionReason(code: string): code is KycRejectionReason {
  return Object.hasOwn(KYC_REJECTION_REASONS, code);
}
