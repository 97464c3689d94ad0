import type { Language, ReviewReasonTexts } from '@openbourse/contracts';

/**
 * Why a withdrawal was rejected or failed (issue 15), in every language. The withdrawal keeps a
 * code (`rejected:<reason>`, `chain:<reason>`) and the operator's note, if any; the wire and the
 * notification show the words.
 */

/** Why an operator may reject a withdrawal (shown to the user in their language). */
export const WITHDRAWAL_REJECTION_REASONS = {
  address_risk: {
    en: 'The destination address was flagged as risky.',
    ja: '出金先アドレスがリスクありと判定されました。',
    ko: '출금 주소가 위험 주소로 분류되었습니다.',
    de: 'Die Zieladresse wurde als riskant eingestuft.',
    fr: 'L’adresse de destination a été signalée comme risquée.',
    it: 'L’indirizzo di destinazione è stato segnalato come rischioso.',
    es: 'La dirección de destino se ha marcado como de riesgo.',
    ar: 'تم تصنيف عنوان الوجهة على أنه عالي المخاطر.',
    hk: '收款地址被標記為有風險。',
    zh: '收款地址被标记为有风险。',
  },
  suspicious_activity: {
    en: 'Unusual activity on the account needs to be checked first.',
    ja: 'アカウントに通常と異なる動きがあり、先に確認が必要です。',
    ko: '계정에서 비정상적인 활동이 확인되어 먼저 점검이 필요합니다.',
    de: 'Ungewöhnliche Aktivitäten auf dem Konto müssen zuerst geprüft werden.',
    fr: 'Une activité inhabituelle sur le compte doit d’abord être vérifiée.',
    it: 'Un’attività insolita sul conto deve essere prima verificata.',
    es: 'Primero hay que revisar una actividad inusual en la cuenta.',
    ar: 'يجب التحقق أولاً من نشاط غير معتاد على الحساب.',
    hk: '帳戶有異常活動，需要先行核查。',
    zh: '账户存在异常活动，需要先行核查。',
  },
  verification_required: {
    en: 'Identity verification is required before this withdrawal.',
    ja: 'この出金の前に本人確認が必要です。',
    ko: '이 출금 전에 본인 인증이 필요합니다.',
    de: 'Vor dieser Auszahlung ist eine Identitätsprüfung erforderlich.',
    fr: 'Une vérification d’identité est requise avant ce retrait.',
    it: 'Prima di questo prelievo è necessaria la verifica dell’identità.',
    es: 'Se requiere verificar la identidad antes de este retiro.',
    ar: 'يلزم التحقق من الهوية قبل هذا السحب.',
    hk: '進行此提款前須完成身份驗證。',
    zh: '进行此提现前须完成身份验证。',
  },
  policy: {
    en: 'The withdrawal is not allowed by the platform’s policy.',
    ja: 'この出金はプラットフォームの規定で認められていません。',
    ko: '이 출금은 플랫폼 정책상 허용되지 않습니다.',
    de: 'Die Auszahlung ist nach den Richtlinien der Plattform nicht zulässig.',
    fr: 'Le retrait n’est pas autorisé par la politique de la plateforme.',
    it: 'Il prelievo non è consentito dalle regole della piattaforma.',
    es: 'El retiro no está permitido por la política de la plataforma.',
    ar: 'السحب غير مسموح به وفق سياسة المنصة.',
    hk: '根據平台政策，此提款不獲准許。',
    zh: '根据平台政策，此提现不被允许。',
  },
} as const satisfies Record<string, ReviewReasonTexts>;

/** Why the chain did not carry a withdrawal out. */
export const WITHDRAWAL_FAILURE_REASONS = {
  reverted: {
    en: 'The transaction failed on chain (reverted). Your funds were released.',
    ja: 'トランザクションがチェーン上で失敗しました（リバート）。資金は解放されました。',
    ko: '트랜잭션이 체인에서 실패했습니다(되돌려짐). 자금이 해제되었습니다.',
    de: 'Die Transaktion ist auf der Chain fehlgeschlagen (Revert). Ihr Guthaben wurde freigegeben.',
    fr: 'La transaction a échoué sur la chaîne (annulée). Vos fonds ont été libérés.',
    it: 'La transazione è fallita sulla chain (revert). I tuoi fondi sono stati sbloccati.',
    es: 'La transacción falló en la cadena (revertida). Sus fondos se han liberado.',
    ar: 'فشلت المعاملة على السلسلة (تم التراجع عنها). تم تحرير أموالك.',
    hk: '交易在鏈上失敗（已回滾），你的資金已解除凍結。',
    zh: '交易在链上失败（已回滚），您的资金已解冻。',
  },
  dropped: {
    en: 'The transaction was dropped by the network. Your funds were released.',
    ja: 'トランザクションがネットワークから破棄されました。資金は解放されました。',
    ko: '트랜잭션이 네트워크에서 폐기되었습니다. 자금이 해제되었습니다.',
    de: 'Die Transaktion wurde vom Netzwerk verworfen. Ihr Guthaben wurde freigegeben.',
    fr: 'La transaction a été abandonnée par le réseau. Vos fonds ont été libérés.',
    it: 'La transazione è stata scartata dalla rete. I tuoi fondi sono stati sbloccati.',
    es: 'La red descartó la transacción. Sus fondos se han liberado.',
    ar: 'أسقطت الشبكة المعاملة. تم تحرير أموالك.',
    hk: '交易已被網絡丟棄，你的資金已解除凍結。',
    zh: '交易已被网络丢弃，您的资金已解冻。',
  },
} as const satisfies Record<string, ReviewReasonTexts>;

/** A stored reason code (and note) in words of `language`; null without a code. */
export function reasonText(code: string | null, note: string | null, language: Language): string | null {
  if (code === null) return null;
  const [kind, key = ''] = code.split(':', 2);
  const table: Record<string, ReviewReasonTexts> =
    kind === 'rejected' ? WITHDRAWAL_REJECTION_REASONS : kind === 'chain' ? WITHDRAWAL_FAILURE_REASONS : {};
  const texts = Object.hasOwn(table, key) ? table[key] : undefined;
  const words = texts ? texts[language] : code;
  return note ? `${words} (${note})` : words;
}
