import { isKycRejectionReason, KYC_REJECTION_REASONS } from '../kyc/kyc.constants.js';
import type { Language } from '../languages.js';
import type { NotificationTemplate } from './notify.constants.js';

/**
 * Every notification's title and text in every language (a missing one is a compile error):
 * one source for the web (which fills `{name}` with formatted values) and for the e-mails the
 * server writes. `{direction}` of a price alert is filled with `above` or `below` of the same
 * language; the `local` network is named `sandboxChain`.
 */
export type NotificationTexts = {
  templates: Record<NotificationTemplate, { title: string; body: string }>;
  above: string;
  below: string;
  sandboxChain: string;
  /** The last line of an e-mailed notification. */
  emailFooter: string;
};

const en: NotificationTexts = {
  templates: {
    deposit_received: {
      title: 'Deposit received',
      body: 'Your deposit of {amount} {asset} on {network} has been credited (transaction {txHash}).',
    },
    deposit_below_minimum: {
      title: 'Deposit below the minimum',
      body: '{amount} {asset} arrived on {network} (transaction {txHash}), below the minimum of {minimum} {asset}. It is recorded and will be credited once your small deposits together reach the minimum, or after review.',
    },
    withdrawal_succeeded: {
      title: 'Withdrawal completed',
      body: 'Your withdrawal of {amount} {asset} to {address} on {network} is complete (transaction {txHash}).',
    },
    withdrawal_failed: {
      title: 'Withdrawal failed',
      body: 'Your withdrawal of {amount} {asset} on {network} did not go through: {reason}. The amount is back in your available balance.',
    },
    kyc_passed: { title: 'Identity verified', body: 'Your identity verification has been approved.' },
    kyc_not_passed: {
      title: 'Identity verification not passed',
      body: 'Your identity verification was not approved: {reason}.',
    },
    loan_approved: { title: 'Loan approved', body: 'Your loan {loanId} of {amount} {asset} has been approved.' },
    loan_disbursed: {
      title: 'Loan paid out',
      body: 'Loan {loanId}: {amount} {asset} has been credited to your balance.',
    },
    loan_margin_call: {
      title: 'Loan margin call',
      body: 'The loan-to-value of your loan {loanId} has reached {ltv}%. Add collateral or repay to avoid liquidation.',
    },
    loan_liquidated: {
      title: 'Loan collateral liquidated',
      body: 'The collateral of your loan {loanId} was liquidated: {amount} {asset}.',
    },
    loan_overdue: {
      title: 'Loan overdue',
      body: 'Your loan {loanId} was due on {dueDate}: {amount} {asset} is outstanding.',
    },
    repayment_succeeded: {
      title: 'Repayment accepted',
      body: 'Your repayment of {amount} {asset} for loan {loanId} has been accepted.',
    },
    repayment_rejected: {
      title: 'Repayment rejected',
      body: 'Your repayment of {amount} {asset} for loan {loanId} was rejected: {reason}.',
    },
    savings_matured: {
      title: 'Savings matured',
      body: '{product} has matured: {amount} {asset} returned with {interest} {asset} interest.',
    },
    plan_finished: {
      title: 'Plan finished',
      body: 'Your plan {plan} has finished: {amount} {asset}, profit or loss {pnl} {asset}.',
    },
    option_settled: { title: 'Option settled', body: 'Your {code} option has been settled: payout {payout} {asset}.' },
    price_alert: { title: 'Price alert', body: '{code} is {direction} {price}.' },
    support_reply: { title: 'Support replied', body: 'Support has answered your conversation.' },
    invite_reward: { title: 'Invitation reward', body: 'You received an invitation reward of {amount} {asset}.' },
  },
  above: 'now above',
  below: 'now below',
  sandboxChain: 'Sandbox chain',
  emailFooter:
    'You receive this e-mail because e-mail notifications are on in your OpenBourse profile; you can turn them off there.',
};

const ja: NotificationTexts = {
  templates: {
    deposit_received: {
      title: '入金を受け付けました',
      body: '{network} での {amount} {asset} の入金が残高に反映されました（トランザクション {txHash}）。',
    },
    deposit_below_minimum: {
      title: '最低入金額未満の入金',
      body: '{network} で {amount} {asset} を受け取りました（トランザクション {txHash}）が、最低入金額 {minimum} {asset} 未満です。記録済みで、少額の入金の合計が最低額に達したとき、または審査後に反映されます。',
    },
    withdrawal_succeeded: {
      title: '出金が完了しました',
      body: '{network} の {address} への {amount} {asset} の出金が完了しました（トランザクション {txHash}）。',
    },
    withdrawal_failed: {
      title: '出金に失敗しました',
      body: '{network} での {amount} {asset} の出金は完了しませんでした：{reason}。金額は利用可能残高に戻りました。',
    },
    kyc_passed: { title: '本人確認が完了しました', body: '本人確認が承認されました。' },
    kyc_not_passed: { title: '本人確認が承認されませんでした', body: '本人確認は承認されませんでした：{reason}。' },
    loan_approved: { title: 'ローンが承認されました', body: 'ローン {loanId}（{amount} {asset}）が承認されました。' },
    loan_disbursed: {
      title: 'ローンが実行されました',
      body: 'ローン {loanId}：{amount} {asset} が残高に入金されました。',
    },
    loan_margin_call: {
      title: 'ローンの追加担保請求',
      body: 'ローン {loanId} の担保掛目（LTV）が {ltv}% に達しました。清算を避けるため、担保を追加するか返済してください。',
    },
    loan_liquidated: {
      title: 'ローンの担保が清算されました',
      body: 'ローン {loanId} の担保が清算されました：{amount} {asset}。',
    },
    loan_overdue: {
      title: 'ローンの返済期限超過',
      body: 'ローン {loanId} の返済期限は {dueDate} でした。未返済額：{amount} {asset}。',
    },
    repayment_succeeded: {
      title: '返済を受け付けました',
      body: 'ローン {loanId} への {amount} {asset} の返済を受け付けました。',
    },
    repayment_rejected: {
      title: '返済が却下されました',
      body: 'ローン {loanId} への {amount} {asset} の返済は却下されました：{reason}。',
    },
    savings_matured: {
      title: '資産運用が満期になりました',
      body: '{product} が満期になりました：{amount} {asset} と利息 {interest} {asset} が戻りました。',
    },
    plan_finished: {
      title: 'プランが終了しました',
      body: 'プラン {plan} が終了しました：{amount} {asset}、損益 {pnl} {asset}。',
    },
    option_settled: {
      title: 'オプションが決済されました',
      body: '{code} オプションが決済されました：支払額 {payout} {asset}。',
    },
    price_alert: { title: '価格アラート', body: '{code} は {price} {direction}。' },
    support_reply: { title: 'サポートから返信があります', body: 'サポートがお問い合わせに回答しました。' },
    invite_reward: { title: '招待報酬', body: '招待報酬 {amount} {asset} を受け取りました。' },
  },
  above: 'を上回りました',
  below: 'を下回りました',
  sandboxChain: 'サンドボックスチェーン',
  emailFooter:
    'OpenBourse のプロフィールでメール通知がオンになっているため、このメールをお送りしています。設定はプロフィールでオフにできます。',
};

const ko: NotificationTexts = {
  templates: {
    deposit_received: {
      title: '입금 완료',
      body: '{network}의 {amount} {asset} 입금이 잔액에 반영되었습니다(트랜잭션 {txHash}).',
    },
    deposit_below_minimum: {
      title: '최소 금액 미만 입금',
      body: '{network}에서 {amount} {asset}이(가) 도착했지만(트랜잭션 {txHash}) 최소 금액 {minimum} {asset} 미만입니다. 기록되었으며, 소액 입금의 합계가 최소 금액에 도달하거나 검토 후에 반영됩니다.',
    },
    withdrawal_succeeded: {
      title: '출금 완료',
      body: '{network}의 {address}(으)로 {amount} {asset} 출금이 완료되었습니다(트랜잭션 {txHash}).',
    },
    withdrawal_failed: {
      title: '출금 실패',
      body: '{network}에서 {amount} {asset} 출금이 처리되지 않았습니다: {reason}. 금액은 사용 가능 잔액으로 돌아왔습니다.',
    },
    kyc_passed: { title: '본인 인증 완료', body: '본인 인증이 승인되었습니다.' },
    kyc_not_passed: { title: '본인 인증 미통과', body: '본인 인증이 승인되지 않았습니다: {reason}.' },
    loan_approved: { title: '대출 승인', body: '대출 {loanId}({amount} {asset})이(가) 승인되었습니다.' },
    loan_disbursed: { title: '대출 지급', body: '대출 {loanId}: {amount} {asset}이(가) 잔액에 입금되었습니다.' },
    loan_margin_call: {
      title: '대출 마진콜',
      body: '대출 {loanId}의 담보인정비율(LTV)이 {ltv}%에 도달했습니다. 청산을 피하려면 담보를 추가하거나 상환하세요.',
    },
    loan_liquidated: { title: '대출 담보 청산', body: '대출 {loanId}의 담보가 청산되었습니다: {amount} {asset}.' },
    loan_overdue: {
      title: '대출 연체',
      body: '대출 {loanId}의 상환일은 {dueDate}였습니다. 미상환 금액: {amount} {asset}.',
    },
    repayment_succeeded: {
      title: '상환 승인',
      body: '대출 {loanId}에 대한 {amount} {asset} 상환이 승인되었습니다.',
    },
    repayment_rejected: {
      title: '상환 거절',
      body: '대출 {loanId}에 대한 {amount} {asset} 상환이 거절되었습니다: {reason}.',
    },
    savings_matured: {
      title: '예치 상품 만기',
      body: '{product} 상품이 만기되었습니다: {amount} {asset}와(과) 이자 {interest} {asset}이(가) 반환되었습니다.',
    },
    plan_finished: {
      title: '플랜 종료',
      body: '플랜 {plan}이(가) 종료되었습니다: {amount} {asset}, 손익 {pnl} {asset}.',
    },
    option_settled: { title: '옵션 정산', body: '{code} 옵션이 정산되었습니다: 지급액 {payout} {asset}.' },
    price_alert: { title: '가격 알림', body: '{code} 가격이 {price}을(를) {direction}.' },
    support_reply: { title: '고객지원 답변', body: '고객지원팀이 문의에 답변했습니다.' },
    invite_reward: { title: '초대 보상', body: '초대 보상 {amount} {asset}을(를) 받았습니다.' },
  },
  above: '넘었습니다',
  below: '밑돌았습니다',
  sandboxChain: '샌드박스 체인',
  emailFooter: 'OpenBourse 프로필에서 이메일 알림이 켜져 있어 이 메일을 보내드립니다. 프로필에서 끌 수 있습니다.',
};

const de: NotificationTexts = {
  templates: {
    deposit_received: {
      title: 'Einzahlung eingegangen',
      body: 'Ihre Einzahlung von {amount} {asset} über {network} wurde gutgeschrieben (Transaktion {txHash}).',
    },
    deposit_below_minimum: {
      title: 'Einzahlung unter dem Mindestbetrag',
      body: '{amount} {asset} sind über {network} eingegangen (Transaktion {txHash}), weniger als der Mindestbetrag von {minimum} {asset}. Die Einzahlung ist erfasst und wird gutgeschrieben, sobald Ihre kleinen Einzahlungen zusammen den Mindestbetrag erreichen, oder nach einer Prüfung.',
    },
    withdrawal_succeeded: {
      title: 'Auszahlung abgeschlossen',
      body: 'Ihre Auszahlung von {amount} {asset} an {address} über {network} ist abgeschlossen (Transaktion {txHash}).',
    },
    withdrawal_failed: {
      title: 'Auszahlung fehlgeschlagen',
      body: 'Ihre Auszahlung von {amount} {asset} über {network} wurde nicht ausgeführt: {reason}. Der Betrag steht Ihnen wieder zur Verfügung.',
    },
    kyc_passed: { title: 'Identität bestätigt', body: 'Ihre Identitätsprüfung wurde genehmigt.' },
    kyc_not_passed: {
      title: 'Identitätsprüfung nicht bestanden',
      body: 'Ihre Identitätsprüfung wurde nicht genehmigt: {reason}.',
    },
    loan_approved: { title: 'Kredit genehmigt', body: 'Ihr Kredit {loanId} über {amount} {asset} wurde genehmigt.' },
    loan_disbursed: {
      title: 'Kredit ausgezahlt',
      body: 'Kredit {loanId}: {amount} {asset} wurden Ihrem Guthaben gutgeschrieben.',
    },
    loan_margin_call: {
      title: 'Nachschussforderung zum Kredit',
      body: 'Der Beleihungsauslauf Ihres Kredits {loanId} hat {ltv} % erreicht. Hinterlegen Sie weitere Sicherheiten oder zahlen Sie zurück, um eine Liquidation zu vermeiden.',
    },
    loan_liquidated: {
      title: 'Kreditsicherheit liquidiert',
      body: 'Die Sicherheit Ihres Kredits {loanId} wurde liquidiert: {amount} {asset}.',
    },
    loan_overdue: {
      title: 'Kredit überfällig',
      body: 'Ihr Kredit {loanId} war am {dueDate} fällig: {amount} {asset} sind offen.',
    },
    repayment_succeeded: {
      title: 'Rückzahlung angenommen',
      body: 'Ihre Rückzahlung von {amount} {asset} für den Kredit {loanId} wurde angenommen.',
    },
    repayment_rejected: {
      title: 'Rückzahlung abgelehnt',
      body: 'Ihre Rückzahlung von {amount} {asset} für den Kredit {loanId} wurde abgelehnt: {reason}.',
    },
    savings_matured: {
      title: 'Sparanlage fällig',
      body: '{product} ist fällig: {amount} {asset} wurden mit {interest} {asset} Zinsen zurückgezahlt.',
    },
    plan_finished: {
      title: 'Plan beendet',
      body: 'Ihr Plan {plan} ist beendet: {amount} {asset}, Gewinn oder Verlust {pnl} {asset}.',
    },
    option_settled: {
      title: 'Option abgerechnet',
      body: 'Ihre Option auf {code} wurde abgerechnet: Auszahlung {payout} {asset}.',
    },
    price_alert: { title: 'Preisalarm', body: '{code} liegt {direction} {price}.' },
    support_reply: { title: 'Antwort vom Support', body: 'Der Support hat auf Ihre Unterhaltung geantwortet.' },
    invite_reward: {
      title: 'Einladungsprämie',
      body: 'Sie haben eine Einladungsprämie von {amount} {asset} erhalten.',
    },
  },
  above: 'jetzt über',
  below: 'jetzt unter',
  sandboxChain: 'Sandbox-Chain',
  emailFooter:
    'Sie erhalten diese E-Mail, weil in Ihrem OpenBourse-Profil E-Mail-Benachrichtigungen eingeschaltet sind; dort können Sie sie ausschalten.',
};

const fr: NotificationTexts = {
  templates: {
    deposit_received: {
      title: 'Dépôt reçu',
      body: 'Votre dépôt de {amount} {asset} sur {network} a été crédité (transaction {txHash}).',
    },
    deposit_below_minimum: {
      title: 'Dépôt inférieur au minimum',
      body: '{amount} {asset} sont arrivés sur {network} (transaction {txHash}), en dessous du minimum de {minimum} {asset}. Le dépôt est enregistré et sera crédité lorsque vos petits dépôts atteindront ensemble le minimum, ou après examen.',
    },
    withdrawal_succeeded: {
      title: 'Retrait effectué',
      body: 'Votre retrait de {amount} {asset} vers {address} sur {network} est effectué (transaction {txHash}).',
    },
    withdrawal_failed: {
      title: 'Retrait échoué',
      body: 'Votre retrait de {amount} {asset} sur {network} n’a pas abouti : {reason}. Le montant est de nouveau disponible sur votre solde.',
    },
    kyc_passed: { title: 'Identité vérifiée', body: 'Votre vérification d’identité a été approuvée.' },
    kyc_not_passed: {
      title: 'Vérification d’identité refusée',
      body: 'Votre vérification d’identité n’a pas été approuvée : {reason}.',
    },
    loan_approved: { title: 'Prêt approuvé', body: 'Votre prêt {loanId} de {amount} {asset} a été approuvé.' },
    loan_disbursed: { title: 'Prêt versé', body: 'Prêt {loanId} : {amount} {asset} ont été crédités sur votre solde.' },
    loan_margin_call: {
      title: 'Appel de marge sur prêt',
      body: 'Le ratio prêt/valeur de votre prêt {loanId} a atteint {ltv} %. Ajoutez une garantie ou remboursez pour éviter la liquidation.',
    },
    loan_liquidated: {
      title: 'Garantie du prêt liquidée',
      body: 'La garantie de votre prêt {loanId} a été liquidée : {amount} {asset}.',
    },
    loan_overdue: {
      title: 'Prêt en retard',
      body: 'Votre prêt {loanId} était dû le {dueDate} : {amount} {asset} restent à rembourser.',
    },
    repayment_succeeded: {
      title: 'Remboursement accepté',
      body: 'Votre remboursement de {amount} {asset} pour le prêt {loanId} a été accepté.',
    },
    repayment_rejected: {
      title: 'Remboursement refusé',
      body: 'Votre remboursement de {amount} {asset} pour le prêt {loanId} a été refusé : {reason}.',
    },
    savings_matured: {
      title: 'Épargne arrivée à échéance',
      body: '{product} est arrivé à échéance : {amount} {asset} restitués avec {interest} {asset} d’intérêts.',
    },
    plan_finished: {
      title: 'Plan terminé',
      body: 'Votre plan {plan} est terminé : {amount} {asset}, résultat {pnl} {asset}.',
    },
    option_settled: {
      title: 'Option réglée',
      body: 'Votre option sur {code} a été réglée : paiement de {payout} {asset}.',
    },
    price_alert: { title: 'Alerte de prix', body: '{code} est {direction} {price}.' },
    support_reply: { title: 'Réponse du support', body: 'Le support a répondu à votre conversation.' },
    invite_reward: {
      title: 'Récompense de parrainage',
      body: 'Vous avez reçu une récompense de parrainage de {amount} {asset}.',
    },
  },
  above: 'maintenant au-dessus de',
  below: 'maintenant en dessous de',
  sandboxChain: 'Chaîne de test (sandbox)',
  emailFooter:
    'Vous recevez cet e-mail car les notifications par e-mail sont activées dans votre profil OpenBourse ; vous pouvez les y désactiver.',
};

const it: NotificationTexts = {
  templates: {
    deposit_received: {
      title: 'Deposito ricevuto',
      body: 'Il tuo deposito di {amount} {asset} su {network} è stato accreditato (transazione {txHash}).',
    },
    deposit_below_minimum: {
      title: 'Deposito sotto il minimo',
      body: 'Sono arrivati {amount} {asset} su {network} (transazione {txHash}), sotto il minimo di {minimum} {asset}. Il deposito è registrato e sarà accreditato quando i tuoi piccoli depositi insieme raggiungeranno il minimo, oppure dopo una verifica.',
    },
    withdrawal_succeeded: {
      title: 'Prelievo completato',
      body: 'Il tuo prelievo di {amount} {asset} verso {address} su {network} è completato (transazione {txHash}).',
    },
    withdrawal_failed: {
      title: 'Prelievo non riuscito',
      body: 'Il tuo prelievo di {amount} {asset} su {network} non è andato a buon fine: {reason}. L’importo è di nuovo disponibile nel tuo saldo.',
    },
    kyc_passed: { title: 'Identità verificata', body: 'La tua verifica dell’identità è stata approvata.' },
    kyc_not_passed: {
      title: 'Verifica dell’identità non superata',
      body: 'La tua verifica dell’identità non è stata approvata: {reason}.',
    },
    loan_approved: {
      title: 'Prestito approvato',
      body: 'Il tuo prestito {loanId} di {amount} {asset} è stato approvato.',
    },
    loan_disbursed: {
      title: 'Prestito erogato',
      body: 'Prestito {loanId}: {amount} {asset} sono stati accreditati sul tuo saldo.',
    },
    loan_margin_call: {
      title: 'Richiesta di margine sul prestito',
      body: 'Il rapporto prestito/valore del tuo prestito {loanId} ha raggiunto il {ltv}%. Aggiungi garanzie o rimborsa per evitare la liquidazione.',
    },
    loan_liquidated: {
      title: 'Garanzia del prestito liquidata',
      body: 'La garanzia del tuo prestito {loanId} è stata liquidata: {amount} {asset}.',
    },
    loan_overdue: {
      title: 'Prestito scaduto',
      body: 'Il tuo prestito {loanId} scadeva il {dueDate}: restano da rimborsare {amount} {asset}.',
    },
    repayment_succeeded: {
      title: 'Rimborso accettato',
      body: 'Il tuo rimborso di {amount} {asset} per il prestito {loanId} è stato accettato.',
    },
    repayment_rejected: {
      title: 'Rimborso respinto',
      body: 'Il tuo rimborso di {amount} {asset} per il prestito {loanId} è stato respinto: {reason}.',
    },
    savings_matured: {
      title: 'Risparmio giunto a scadenza',
      body: '{product} è giunto a scadenza: {amount} {asset} restituiti con {interest} {asset} di interessi.',
    },
    plan_finished: {
      title: 'Piano concluso',
      body: 'Il tuo piano {plan} è concluso: {amount} {asset}, utile o perdita {pnl} {asset}.',
    },
    option_settled: {
      title: 'Opzione regolata',
      body: 'La tua opzione su {code} è stata regolata: pagamento di {payout} {asset}.',
    },
    price_alert: { title: 'Avviso di prezzo', body: '{code} è {direction} {price}.' },
    support_reply: { title: 'Risposta dell’assistenza', body: 'L’assistenza ha risposto alla tua conversazione.' },
    invite_reward: { title: 'Premio invito', body: 'Hai ricevuto un premio invito di {amount} {asset}.' },
  },
  above: 'ora sopra',
  below: 'ora sotto',
  sandboxChain: 'Catena sandbox',
  emailFooter:
    'Ricevi questa e-mail perché nel tuo profilo OpenBourse le notifiche via e-mail sono attive; puoi disattivarle lì.',
};

const es: NotificationTexts = {
  templates: {
    deposit_received: {
      title: 'Depósito recibido',
      body: 'Tu depósito de {amount} {asset} en {network} se ha abonado (transacción {txHash}).',
    },
    deposit_below_minimum: {
      title: 'Depósito por debajo del mínimo',
      body: 'Han llegado {amount} {asset} en {network} (transacción {txHash}), por debajo del mínimo de {minimum} {asset}. Queda registrado y se abonará cuando tus depósitos pequeños juntos alcancen el mínimo, o tras una revisión.',
    },
    withdrawal_succeeded: {
      title: 'Retiro completado',
      body: 'Tu retiro de {amount} {asset} a {address} en {network} se ha completado (transacción {txHash}).',
    },
    withdrawal_failed: {
      title: 'Retiro fallido',
      body: 'Tu retiro de {amount} {asset} en {network} no se ha realizado: {reason}. El importe vuelve a estar disponible en tu saldo.',
    },
    kyc_passed: { title: 'Identidad verificada', body: 'Tu verificación de identidad ha sido aprobada.' },
    kyc_not_passed: {
      title: 'Verificación de identidad no superada',
      body: 'Tu verificación de identidad no ha sido aprobada: {reason}.',
    },
    loan_approved: { title: 'Préstamo aprobado', body: 'Tu préstamo {loanId} de {amount} {asset} ha sido aprobado.' },
    loan_disbursed: {
      title: 'Préstamo desembolsado',
      body: 'Préstamo {loanId}: se han abonado {amount} {asset} en tu saldo.',
    },
    loan_margin_call: {
      title: 'Llamada de margen del préstamo',
      body: 'La relación préstamo-valor de tu préstamo {loanId} ha llegado al {ltv} %. Añade garantía o amortiza para evitar la liquidación.',
    },
    loan_liquidated: {
      title: 'Garantía del préstamo liquidada',
      body: 'La garantía de tu préstamo {loanId} se ha liquidado: {amount} {asset}.',
    },
    loan_overdue: {
      title: 'Préstamo vencido',
      body: 'Tu préstamo {loanId} vencía el {dueDate}: quedan pendientes {amount} {asset}.',
    },
    repayment_succeeded: {
      title: 'Reembolso aceptado',
      body: 'Tu reembolso de {amount} {asset} del préstamo {loanId} ha sido aceptado.',
    },
    repayment_rejected: {
      title: 'Reembolso rechazado',
      body: 'Tu reembolso de {amount} {asset} del préstamo {loanId} ha sido rechazado: {reason}.',
    },
    savings_matured: {
      title: 'Ahorro vencido',
      body: '{product} ha vencido: se han devuelto {amount} {asset} con {interest} {asset} de intereses.',
    },
    plan_finished: {
      title: 'Plan finalizado',
      body: 'Tu plan {plan} ha finalizado: {amount} {asset}, ganancia o pérdida {pnl} {asset}.',
    },
    option_settled: {
      title: 'Opción liquidada',
      body: 'Tu opción sobre {code} se ha liquidado: pago de {payout} {asset}.',
    },
    price_alert: { title: 'Alerta de precio', body: '{code} está {direction} {price}.' },
    support_reply: { title: 'Respuesta de soporte', body: 'Soporte ha respondido a tu conversación.' },
    invite_reward: {
      title: 'Recompensa por invitación',
      body: 'Has recibido una recompensa por invitación de {amount} {asset}.',
    },
  },
  above: 'ahora por encima de',
  below: 'ahora por debajo de',
  sandboxChain: 'Cadena de pruebas (sandbox)',
  emailFooter:
    'Recibes este correo porque las notificaciones por correo están activadas en tu perfil de OpenBourse; puedes desactivarlas allí.',
};

const ar: NotificationTexts = {
  templates: {
    deposit_received: {
      title: 'تم استلام الإيداع',
      body: 'تمت إضافة إيداعك البالغ {amount} {asset} على شبكة {network} إلى رصيدك (المعاملة {txHash}).',
    },
    deposit_below_minimum: {
      title: 'إيداع أقل من الحد الأدنى',
      body: 'وصل {amount} {asset} على شبكة {network} (المعاملة {txHash})، وهو أقل من الحد الأدنى البالغ {minimum} {asset}. تم تسجيله وستتم إضافته عندما تبلغ إيداعاتك الصغيرة معًا الحد الأدنى، أو بعد المراجعة.',
    },
    withdrawal_succeeded: {
      title: 'اكتمل السحب',
      body: 'اكتمل سحبك البالغ {amount} {asset} إلى {address} على شبكة {network} (المعاملة {txHash}).',
    },
    withdrawal_failed: {
      title: 'فشل السحب',
      body: 'لم يتم سحبك البالغ {amount} {asset} على شبكة {network}: {reason}. عاد المبلغ إلى رصيدك المتاح.',
    },
    kyc_passed: { title: 'تم التحقق من الهوية', body: 'تمت الموافقة على التحقق من هويتك.' },
    kyc_not_passed: { title: 'لم يجتز التحقق من الهوية', body: 'لم تتم الموافقة على التحقق من هويتك: {reason}.' },
    loan_approved: { title: 'تمت الموافقة على القرض', body: 'تمت الموافقة على قرضك {loanId} بمبلغ {amount} {asset}.' },
    loan_disbursed: { title: 'تم صرف القرض', body: 'القرض {loanId}: تمت إضافة {amount} {asset} إلى رصيدك.' },
    loan_margin_call: {
      title: 'نداء الهامش للقرض',
      body: 'بلغت نسبة القرض إلى القيمة لقرضك {loanId} ‏{ltv}٪. أضف ضمانًا أو سدّد لتجنب التصفية.',
    },
    loan_liquidated: { title: 'تمت تصفية ضمان القرض', body: 'تمت تصفية ضمان قرضك {loanId}: {amount} {asset}.' },
    loan_overdue: {
      title: 'القرض متأخر',
      body: 'كان موعد استحقاق قرضك {loanId} في {dueDate}: المبلغ المستحق {amount} {asset}.',
    },
    repayment_succeeded: {
      title: 'تم قبول السداد',
      body: 'تم قبول سدادك البالغ {amount} {asset} للقرض {loanId}.',
    },
    repayment_rejected: {
      title: 'تم رفض السداد',
      body: 'تم رفض سدادك البالغ {amount} {asset} للقرض {loanId}: {reason}.',
    },
    savings_matured: {
      title: 'استحق الادخار',
      body: 'استحق {product}: تمت إعادة {amount} {asset} مع فائدة {interest} {asset}.',
    },
    plan_finished: {
      title: 'انتهت الخطة',
      body: 'انتهت خطتك {plan}: {amount} {asset}، الربح أو الخسارة {pnl} {asset}.',
    },
    option_settled: { title: 'تمت تسوية الخيار', body: 'تمت تسوية خيارك على {code}: دفعة بقيمة {payout} {asset}.' },
    price_alert: { title: 'تنبيه السعر', body: '{code} {direction} {price}.' },
    support_reply: { title: 'رد الدعم', body: 'رد فريق الدعم على محادثتك.' },
    invite_reward: { title: 'مكافأة الدعوة', body: 'حصلت على مكافأة دعوة بقيمة {amount} {asset}.' },
  },
  above: 'أصبح الآن أعلى من',
  below: 'أصبح الآن أدنى من',
  sandboxChain: 'سلسلة التجربة (Sandbox)',
  emailFooter:
    'تصلك هذه الرسالة لأن إشعارات البريد الإلكتروني مفعّلة في ملفك الشخصي على OpenBourse؛ يمكنك إيقافها من هناك.',
};

const hk: NotificationTexts = {
  templates: {
    deposit_received: {
      title: '已收到存款',
      body: '你在 {network} 的 {amount} {asset} 存款已入賬（交易 {txHash}）。',
    },
    deposit_below_minimum: {
      title: '存款低於最低金額',
      body: '已在 {network} 收到 {amount} {asset}（交易 {txHash}），低於最低金額 {minimum} {asset}。此存款已記錄，待你的小額存款合計達到最低金額或經審核後入賬。',
    },
    withdrawal_succeeded: {
      title: '提款已完成',
      body: '你在 {network} 提取 {amount} {asset} 至 {address} 已完成（交易 {txHash}）。',
    },
    withdrawal_failed: {
      title: '提款失敗',
      body: '你在 {network} 提取 {amount} {asset} 未能完成：{reason}。款項已退回你的可用餘額。',
    },
    kyc_passed: { title: '身份已驗證', body: '你的身份驗證已獲批准。' },
    kyc_not_passed: { title: '身份驗證未通過', body: '你的身份驗證未獲批准：{reason}。' },
    loan_approved: { title: '貸款已批准', body: '你的貸款 {loanId}（{amount} {asset}）已獲批准。' },
    loan_disbursed: { title: '貸款已發放', body: '貸款 {loanId}：{amount} {asset} 已存入你的餘額。' },
    loan_margin_call: {
      title: '貸款追加保證金通知',
      body: '你的貸款 {loanId} 的貸款價值比已達 {ltv}%。請追加抵押品或還款，以免被平倉。',
    },
    loan_liquidated: { title: '貸款抵押品已平倉', body: '你的貸款 {loanId} 的抵押品已被平倉：{amount} {asset}。' },
    loan_overdue: { title: '貸款逾期', body: '你的貸款 {loanId} 已於 {dueDate} 到期，尚欠 {amount} {asset}。' },
    repayment_succeeded: { title: '還款已接受', body: '你為貸款 {loanId} 償還的 {amount} {asset} 已獲接受。' },
    repayment_rejected: { title: '還款被拒', body: '你為貸款 {loanId} 償還的 {amount} {asset} 被拒：{reason}。' },
    savings_matured: {
      title: '理財已到期',
      body: '{product} 已到期：已退還 {amount} {asset} 及利息 {interest} {asset}。',
    },
    plan_finished: { title: '計劃已結束', body: '你的計劃 {plan} 已結束：{amount} {asset}，盈虧 {pnl} {asset}。' },
    option_settled: { title: '期權已結算', body: '你的 {code} 期權已結算：派付 {payout} {asset}。' },
    price_alert: { title: '價格提醒', body: '{code} 現已{direction} {price}。' },
    support_reply: { title: '客服已回覆', body: '客服已回覆你的對話。' },
    invite_reward: { title: '邀請獎勵', body: '你已獲得 {amount} {asset} 的邀請獎勵。' },
  },
  above: '高於',
  below: '低於',
  sandboxChain: '沙盒鏈',
  emailFooter: '你收到此電郵，是因為你在 OpenBourse 個人資料中開啟了電郵通知；你可在該處關閉。',
};

const zh: NotificationTexts = {
  templates: {
    deposit_received: {
      title: '已收到充值',
      body: '你在 {network} 的 {amount} {asset} 充值已到账（交易 {txHash}）。',
    },
    deposit_below_minimum: {
      title: '充值低于最低金额',
      body: '已在 {network} 收到 {amount} {asset}（交易 {txHash}），低于最低金额 {minimum} {asset}。该充值已记录，待你的小额充值合计达到最低金额或经审核后到账。',
    },
    withdrawal_succeeded: {
      title: '提现已完成',
      body: '你在 {network} 提现 {amount} {asset} 至 {address} 已完成（交易 {txHash}）。',
    },
    withdrawal_failed: {
      title: '提现失败',
      body: '你在 {network} 提现 {amount} {asset} 未能完成：{reason}。款项已退回你的可用余额。',
    },
    kyc_passed: { title: '身份已认证', body: '你的身份认证已通过审核。' },
    kyc_not_passed: { title: '身份认证未通过', body: '你的身份认证未通过：{reason}。' },
    loan_approved: { title: '贷款已批准', body: '你的贷款 {loanId}（{amount} {asset}）已获批准。' },
    loan_disbursed: { title: '贷款已发放', body: '贷款 {loanId}：{amount} {asset} 已存入你的余额。' },
    loan_margin_call: {
      title: '贷款追加保证金通知',
      body: '你的贷款 {loanId} 的贷款价值比已达 {ltv}%。请追加抵押品或还款，以免被平仓。',
    },
    loan_liquidated: { title: '贷款抵押品已平仓', body: '你的贷款 {loanId} 的抵押品已被平仓：{amount} {asset}。' },
    loan_overdue: { title: '贷款逾期', body: '你的贷款 {loanId} 已于 {dueDate} 到期，尚欠 {amount} {asset}。' },
    repayment_succeeded: { title: '还款已接受', body: '你为贷款 {loanId} 偿还的 {amount} {asset} 已被接受。' },
    repayment_rejected: { title: '还款被拒绝', body: '你为贷款 {loanId} 偿还的 {amount} {asset} 被拒绝：{reason}。' },
    savings_matured: {
      title: '理财已到期',
      body: '{product} 已到期：已返还 {amount} {asset} 及利息 {interest} {asset}。',
    },
    plan_finished: { title: '计划已结束', body: '你的计划 {plan} 已结束：{amount} {asset}，盈亏 {pnl} {asset}。' },
    option_settled: { title: '期权已结算', body: '你的 {code} 期权已结算：赔付 {payout} {asset}。' },
    price_alert: { title: '价格提醒', body: '{code} 现已{direction} {price}。' },
    support_reply: { title: '客服已回复', body: '客服已回复你的会话。' },
    invite_reward: { title: '邀请奖励', body: '你已获得 {amount} {asset} 的邀请奖励。' },
  },
  above: '高于',
  below: '低于',
  sandboxChain: '沙盒链',
  emailFooter: '你收到此邮件，是因为你在 OpenBourse 个人资料中开启了邮件通知；你可以在那里关闭。',
};

export const NOTIFICATION_TEXTS: Record<Language, NotificationTexts> = { en, ja, ko, de, fr, it, es, ar, hk, zh };

/** A network's name as shown in a notification: the local sandbox node is "Sandbox chain". */
export function notificationNetworkName(network: string, texts: NotificationTexts): string {
  const names: Record<string, string> = { ethereum: 'Ethereum', sepolia: 'Sepolia', tron: 'Tron', bitcoin: 'Bitcoin' };
  return network === 'local' ? texts.sandboxChain : (names[network] ?? network);
}

/**
 * A notification's `reason` in the reader's language: a KYC refusal carries its reason's key as
 * `reasonCode` (and the English words as `reason`, for an older reader); other kinds' reasons are
 * operator words and stay as written.
 */
export function notificationReason(params: Readonly<Record<string, string>>, language: Language): string | undefined {
  const code = params.reasonCode;
  if (code !== undefined && isKycRejectionReason(code)) return KYC_REJECTION_REASONS[code][language];
  return params.reason;
}
