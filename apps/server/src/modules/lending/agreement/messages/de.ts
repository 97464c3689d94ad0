import { plural } from '../agreement-format.js';
import type { AgreementMessages } from '../agreement-message-types.js';

export const de: AgreementMessages = {
  title: 'Darlehensvertrag',
  separators: { decimal: ',', group: '.' },
  fieldSeparator: ': ',
  percent: (n) => `${n}\u00a0%`,
  days: (count, n) => plural('de', count, n, { one: '{n} Tag', other: '{n} Tage' }),
  seconds: (count, n) => plural('de', count, n, { one: '{n} Sekunde', other: '{n} Sekunden' }),
  headings: {
    parties: 'Vertragsparteien',
    loan: 'Das Darlehen',
    interest: 'Zinsen',
    repayment: 'Rückzahlung',
    overdue: 'Verspätete Rückzahlung',
    collateral: 'Sicherheit',
    marginCall: 'Margin Calls',
    liquidation: 'Liquidation',
    signature: 'Unterschrift',
  },
  labels: {
    lender: 'Darlehensgeber',
    borrower: 'Darlehensnehmer',
    userId: 'Benutzer-ID',
    identity: 'Identität',
    loanId: 'Darlehensnummer',
    offeredAt: 'Bedingungen angeboten am',
    kind: 'Art des Darlehens',
    asset: 'Asset',
    amount: 'Darlehensbetrag (Kapital)',
    term: 'Laufzeit',
    dailyRate: 'Täglicher Zinssatz',
    interestFreeDays: 'Zinsfreie Tage',
    interest: 'Zugesagte Zinsen',
    totalRepayable: 'Insgesamt zurückzuzahlen',
    repaymentDate: 'Rückzahlungstermin',
    collateral: 'Sicherheit',
    initialLtv: 'Anfänglicher LTV',
    marginCallLtv: 'Margin-Call-LTV',
    liquidationLtv: 'Liquidations-LTV',
    typedName: 'Vom Darlehensnehmer eingegebener Name',
    signature: 'Unterschrift',
    signedAt: 'Unterschrieben am',
    termsHash: 'SHA-256 der Bedingungen',
  },
  values: {
    verified: 'Verifiziert (Identität geprüft)',
    unverified: 'Nicht verifiziert',
    unsecured: 'Ohne Sicherheit',
    cryptoBacked: 'Mit Krypto-Sicherheit',
    dailyRate: (ratio, percent) => `${ratio} (${percent} pro Tag)`,
    noInterestFreeDays: 'Keine',
    repaymentAfterPayout: (days) => `${days} nach Auszahlung des Darlehens`,
  },
  paragraphs: {
    parties:
      'OpenBourse (der Darlehensgeber) gewährt dem Darlehensnehmer den unten genannten Betrag zu den Bedingungen dieses Vertrags. Der Darlehensnehmer verpflichtet sich, ihn mit den darauf anfallenden Zinsen wie hier beschrieben zurückzuzahlen.',
    interestSimple:
      'Es gilt einfache Verzinsung: Am Ende jedes vollen Tages nach der Auszahlung wird der Tageszinssatz auf das noch ausstehende Kapital berechnet. Auf nicht bezahlte Zinsen fallen niemals Zinsen an.',
    interestFree: (count, days) =>
      count === 1
        ? 'Für den ersten Tag des Darlehens werden keine Zinsen berechnet.'
        : `Für die ersten ${days} des Darlehens werden keine Zinsen berechnet.`,
    interestRounding:
      'Zinsen werden zugunsten des Darlehensnehmers auf die Genauigkeit des Assets des Darlehens abgerundet.',
    interestFromFirstDay: 'Zinsen werden ab dem ersten Tag berechnet.',
    interestEarlyRepayment:
      'Die oben zugesagten Zinsen setzen voraus, dass das gesamte Kapital bis zum Rückzahlungstermin behalten wird. Eine vorzeitige Rückzahlung senkt die Zinsen, da Zinsen Tag für Tag nur auf den noch ausstehenden Betrag anfallen.',
    repaymentMethods:
      'Der Darlehensnehmer zahlt entweder aus seinem verfügbaren Guthaben zurück, was sofort wirksam wird, oder über einen Rückzahlungsantrag, den OpenBourse prüft, bevor er wirksam wird.',
    repaymentOrder:
      'Jede Rückzahlung tilgt zuerst die geschuldeten Zinsen, dann das Kapital. Eine Rückzahlung, die den ausstehenden Betrag übersteigt, wird abgelehnt.',
    repaymentCollateralRelease:
      'Sobald alles Geschuldete zurückgezahlt ist, wird die Sicherheit auf das verfügbare Guthaben des Darlehensnehmers freigegeben.',
    overdueSameRate:
      'Ist nach dem Rückzahlungstermin noch etwas ausstehend, wird das Darlehen als überfällig gekennzeichnet, und der Tageszinssatz läuft auf das noch ausstehende Kapital weiter, bis es zurückgezahlt ist. Es wird kein Strafzins aufgeschlagen, und Zinsen werden nicht kapitalisiert.',
    overdueMultipliedRate: (multiplier, rate) =>
      `Ist nach dem Rückzahlungstermin noch etwas ausstehend, wird das Darlehen als überfällig gekennzeichnet, und der mit ${multiplier} multiplizierte Tageszinssatz (${rate} pro Tag) läuft auf das noch ausstehende Kapital, bis es zurückgezahlt ist. Zinsen werden nicht kapitalisiert.`,
    collateralLocked:
      'Die Sicherheit wird für dieses Darlehen im Hauptbuch gesperrt: Sie wird auf dem Konto des Darlehensnehmers zurückgehalten und kann, solange das Darlehen läuft, weder abgehoben noch verwendet werden.',
    ltvDefinition:
      'Der Beleihungsgrad (LTV) ist der geschuldete Betrag (Kapital und Zinsen) geteilt durch den Wert der Sicherheit zum Marktpreis, im Asset des Darlehens.',
    freshPrice: (age) =>
      `Nur ein aktueller Marktpreis wirkt sich auf das Darlehen aus: Ein Preis, der älter als ${age} ist oder vom Markt als veraltet markiert wird, löst niemals einen Margin Call oder eine Liquidation aus.`,
    marginCall: ({ marginCallLtv, stepPoints, stepCount, liquidationLtv }) =>
      `Erreicht der LTV ${marginCallLtv}, erhält der Darlehensnehmer einen Margin Call: eine Warnmeldung. Eine weitere folgt jedes Mal, wenn der LTV um weitere ${plural('de', stepCount, stepPoints, { one: '{n} Prozentpunkt', other: '{n} Prozentpunkte' })} steigt, bis zum Liquidations-LTV von ${liquidationLtv}. Ein Margin Call verkauft nichts; eine Rückzahlung senkt den LTV.`,
    liquidationPartial: ({ liquidationLtv, initialLtv }) =>
      `Erreicht der LTV ${liquidationLtv}, wird die Sicherheit liquidiert: Es wird gerade so viel davon zum Marktpreis verkauft, dass das Darlehen wieder den anfänglichen LTV von ${initialLtv} erreicht. Der Erlös tilgt zuerst die geschuldeten Zinsen, dann das Kapital.`,
    liquidationFull: (dustShare) =>
      `Ist das nicht möglich oder bliebe danach eine Schuld unter ${dustShare} der Schuld vor der Liquidation oder gar keine Sicherheit übrig, wird stattdessen die gesamte Schuld beglichen: Nur die zu ihrer Deckung nötige Sicherheit wird verkauft, und ein etwaiger Überschuss des Erlöses sowie alle nicht verkaufte Sicherheit gehen auf das verfügbare Guthaben des Darlehensnehmers zurück.`,
    liquidationShortfall: {
      written_off:
        'Ist die Sicherheit weniger wert als die Schuld, wird sie vollständig verkauft, der Erlös begleicht, was er kann, und der Rest der Schuld wird abgeschrieben: Sobald die Sicherheit aufgebraucht ist, schuldet der Darlehensnehmer aus diesem Darlehen nichts mehr.',
    },
    signatureConsent:
      'Mit seiner Unterschrift bestätigt der Darlehensnehmer, dass er diese Bedingungen gelesen hat und annimmt, und hat zur Bestätigung seinen Namen eingegeben.',
    termsHashExplained:
      'Der unten stehende SHA-256 wird über einen kanonischen Text der Bedingungen dieses Vertrags gebildet; jede Änderung der Bedingungen ändert ihn.',
  },
};
