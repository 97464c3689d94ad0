import { plural } from '../agreement-format.js';
import type { AgreementMessages } from '../agreement-message-types.js';

export const it: AgreementMessages = {
  title: 'Contratto di prestito',
  separators: { decimal: ',', group: '.' },
  fieldSeparator: ': ',
  percent: (n) => `${n}%`,
  days: (count, n) => plural('it', count, n, { one: '{n} giorno', other: '{n} giorni' }),
  seconds: (count, n) => plural('it', count, n, { one: '{n} secondo', other: '{n} secondi' }),
  headings: {
    parties: 'Parti',
    loan: 'Il prestito',
    interest: 'Interessi',
    repayment: 'Rimborso',
    overdue: 'Rimborso in ritardo',
    collateral: 'Garanzia',
    marginCall: 'Margin call',
    liquidation: 'Liquidazione',
    signature: 'Firma',
  },
  labels: {
    lender: 'Prestatore',
    borrower: 'Mutuatario',
    userId: 'ID utente',
    identity: 'Identità',
    loanId: 'Numero del prestito',
    offeredAt: 'Condizioni offerte il',
    kind: 'Tipo di prestito',
    asset: 'Asset',
    amount: 'Importo prestato (capitale)',
    term: 'Durata',
    dailyRate: 'Tasso di interesse giornaliero',
    interestFreeDays: 'Giorni senza interessi',
    interest: 'Interessi previsti',
    totalRepayable: 'Totale da rimborsare',
    repaymentDate: 'Data di rimborso',
    collateral: 'Garanzia',
    initialLtv: 'LTV iniziale',
    marginCallLtv: 'LTV di margin call',
    liquidationLtv: 'LTV di liquidazione',
    typedName: 'Nome digitato dal mutuatario',
    signature: 'Firma',
    signedAt: 'Firmato il',
    termsHash: 'SHA-256 delle condizioni',
  },
  values: {
    verified: 'Verificata (identità controllata)',
    unverified: 'Non verificata',
    unsecured: 'Senza garanzia',
    cryptoBacked: 'Garantito da cripto-attività',
    dailyRate: (ratio, percent) => `${ratio} (${percent} al giorno)`,
    noInterestFreeDays: 'Nessuno',
    repaymentAfterPayout: (days) => `${days} dopo l'erogazione del prestito`,
  },
  paragraphs: {
    parties:
      "OpenBourse (il prestatore) presta al mutuatario l'importo indicato sotto alle condizioni del presente contratto. Il mutuatario si impegna a rimborsarlo, con gli interessi maturati, come qui stabilito.",
    interestSimple:
      "L'interesse è semplice: alla fine di ogni giorno intero dopo l'erogazione del prestito, il tasso giornaliero si applica al capitale ancora dovuto. Gli interessi non pagati non producono mai interessi.",
    interestFree: (count, days) =>
      count === 1
        ? 'Non sono dovuti interessi per il primo giorno del prestito.'
        : `Non sono dovuti interessi per i primi ${days} del prestito.`,
    interestFromFirstDay: 'Gli interessi decorrono dal primo giorno.',
    interestRounding:
      "Gli interessi sono arrotondati per difetto alla precisione dell'asset del prestito, a favore del mutuatario.",
    interestEarlyRepayment:
      'Gli interessi previsti sopra presuppongono che tutto il capitale sia mantenuto fino alla data di rimborso. Rimborsare prima riduce gli interessi, perché questi maturano, giorno per giorno, solo su quanto resta dovuto.',
    repaymentMethods:
      'Il mutuatario rimborsa dal proprio saldo disponibile, con effetto immediato, oppure presentando una richiesta di rimborso, che OpenBourse esamina prima che abbia effetto.',
    repaymentOrder:
      'Ogni rimborso salda prima gli interessi dovuti, poi il capitale. Un rimborso superiore a quanto resta dovuto viene rifiutato.',
    repaymentCollateralRelease:
      'Quando tutto il dovuto è stato rimborsato, la garanzia viene svincolata sul saldo disponibile del mutuatario.',
    overdueSameRate:
      'Se dopo la data di rimborso resta qualcosa da pagare, il prestito viene segnato come scaduto e il tasso giornaliero continua a maturare sul capitale ancora dovuto fino al rimborso. Non si aggiunge alcun tasso di penalità e gli interessi non vengono capitalizzati.',
    overdueMultipliedRate: (multiplier, rate) =>
      `Se dopo la data di rimborso resta qualcosa da pagare, il prestito viene segnato come scaduto e il tasso giornaliero moltiplicato per ${multiplier} (${rate} al giorno) matura sul capitale ancora dovuto fino al rimborso. Gli interessi non vengono capitalizzati.`,
    collateralLocked:
      'La garanzia è bloccata nel registro contabile per questo prestito: è trattenuta sul conto del mutuatario e non può essere prelevata né utilizzata finché il prestito è aperto.',
    ltvDefinition:
      "Il rapporto prestito/valore (LTV) è l'importo dovuto (capitale e interessi) diviso per il valore della garanzia al prezzo di mercato, nell'asset del prestito.",
    freshPrice: (age) =>
      `Solo un prezzo di mercato aggiornato incide sul prestito: un prezzo più vecchio di ${age}, o che il mercato segnala come non aggiornato, non provoca mai una margin call né una liquidazione.`,
    marginCall: ({ marginCallLtv, stepPoints, stepCount, liquidationLtv }) =>
      `Quando l'LTV raggiunge il ${marginCallLtv}, il mutuatario riceve una margin call: una notifica di avviso. Ne segue un'altra ogni volta che l'LTV sale di altri ${plural('it', stepCount, stepPoints, { one: '{n} punto percentuale', other: '{n} punti percentuali' })}, fino all'LTV di liquidazione del ${liquidationLtv}. Una margin call non vende nulla; rimborsare riduce l'LTV.`,
    liquidationPartial: ({ liquidationLtv, initialLtv }) =>
      `Quando l'LTV raggiunge il ${liquidationLtv}, la garanzia viene liquidata: se ne vende al prezzo di mercato quanto basta per riportare il prestito all'LTV iniziale del ${initialLtv}. Il ricavato salda prima gli interessi dovuti, poi il capitale.`,
    liquidationFull: (dustShare) =>
      `Se ciò non è possibile, o lascerebbe un debito inferiore al ${dustShare} del debito prima della liquidazione o nessuna garanzia, si salda invece l'intero debito: si vende solo la garanzia necessaria a coprirlo, e l'eventuale eccedenza del ricavato e tutta la garanzia non venduta tornano sul saldo disponibile del mutuatario.`,
    liquidationShortfall: {
      written_off:
        'Se la garanzia vale meno del debito, viene venduta per intero, il ricavato salda quanto può e il resto del debito viene stralciato: una volta esaurita la garanzia, il mutuatario non deve più nulla per questo prestito.',
    },
    signatureConsent:
      'Firmando, il mutuatario conferma di aver letto e di accettare queste condizioni, e ha digitato il proprio nome a conferma.',
    termsHashExplained:
      'Lo SHA-256 riportato sotto è calcolato su un testo canonico delle condizioni del presente contratto; qualsiasi modifica delle condizioni lo cambia.',
  },
};
