import { plural } from '../agreement-format.js';
import type { AgreementMessages } from '../agreement-message-types.js';

export const fr: AgreementMessages = {
  title: 'Contrat de prêt',
  separators: { decimal: ',', group: '\u202f' },
  fieldSeparator: '\u00a0: ',
  percent: (n) => `${n}\u202f%`,
  days: (count, n) => plural('fr', count, n, { one: '{n} jour', other: '{n} jours' }),
  seconds: (count, n) => plural('fr', count, n, { one: '{n} seconde', other: '{n} secondes' }),
  headings: {
    parties: 'Parties',
    loan: 'Le prêt',
    interest: 'Intérêts',
    repayment: 'Remboursement',
    overdue: 'Retard de remboursement',
    collateral: 'Garantie',
    marginCall: 'Appels de marge',
    liquidation: 'Liquidation',
    signature: 'Signature',
  },
  labels: {
    lender: 'Prêteur',
    borrower: 'Emprunteur',
    userId: 'Identifiant utilisateur',
    identity: 'Identité',
    loanId: 'Numéro du prêt',
    offeredAt: 'Conditions proposées le',
    kind: 'Type de prêt',
    asset: 'Actif',
    amount: 'Montant prêté (capital)',
    term: 'Durée',
    dailyRate: "Taux d'intérêt journalier",
    interestFreeDays: 'Jours sans intérêts',
    interest: 'Intérêts prévus',
    totalRepayable: 'Total à rembourser',
    repaymentDate: 'Date de remboursement',
    collateral: 'Garantie',
    initialLtv: 'LTV initial',
    marginCallLtv: "LTV d'appel de marge",
    liquidationLtv: 'LTV de liquidation',
    typedName: "Nom saisi par l'emprunteur",
    signature: 'Signature',
    signedAt: 'Signé le',
    termsHash: 'SHA-256 des conditions',
  },
  values: {
    verified: 'Vérifiée (identité contrôlée)',
    unverified: 'Non vérifiée',
    unsecured: 'Sans garantie',
    cryptoBacked: 'Garanti par des cryptoactifs',
    dailyRate: (ratio, percent) => `${ratio} (${percent} par jour)`,
    noInterestFreeDays: 'Aucun',
    repaymentAfterPayout: (days) => `${days} après le versement du prêt`,
  },
  paragraphs: {
    parties:
      "OpenBourse (le prêteur) prête à l'emprunteur le montant indiqué ci-dessous aux conditions du présent contrat. L'emprunteur s'engage à le rembourser, avec les intérêts qu'il porte, comme prévu ici.",
    interestSimple:
      "Les intérêts sont simples\u00a0: à la fin de chaque journée entière suivant le versement du prêt, le taux journalier s'applique au capital restant dû. Les intérêts impayés ne portent jamais intérêt.",
    interestFree: (count, days) =>
      count === 1
        ? "Aucun intérêt n'est dû pendant le premier jour du prêt."
        : `Aucun intérêt n'est dû pendant une période initiale de ${days}.`,
    interestFromFirstDay: 'Les intérêts courent dès le premier jour.',
    interestRounding:
      "Les intérêts sont arrondis à l'inférieur à la précision de l'actif du prêt, en faveur de l'emprunteur.",
    interestEarlyRepayment:
      "Les intérêts prévus ci-dessus supposent que tout le capital est conservé jusqu'à la date de remboursement. Rembourser plus tôt réduit les intérêts, car ils courent, jour après jour, uniquement sur ce qui reste dû.",
    repaymentMethods:
      "L'emprunteur rembourse soit depuis son solde disponible, avec effet immédiat, soit en déposant une demande de remboursement, qu'OpenBourse examine avant qu'elle ne prenne effet.",
    repaymentOrder:
      "Chaque remboursement règle d'abord les intérêts dus, puis le capital. Un remboursement supérieur à ce qui reste dû est refusé.",
    repaymentCollateralRelease:
      "Lorsque tout ce qui est dû a été remboursé, la garantie est libérée sur le solde disponible de l'emprunteur.",
    overdueSameRate:
      "Si une somme reste due après la date de remboursement, le prêt est marqué en retard et le taux journalier continue de courir sur le capital restant dû jusqu'à son remboursement. Aucun taux de pénalité n'est ajouté et les intérêts ne sont pas capitalisés.",
    overdueMultipliedRate: (multiplier, rate) =>
      `Si une somme reste due après la date de remboursement, le prêt est marqué en retard et le taux journalier multiplié par ${multiplier} (${rate} par jour) court sur le capital restant dû jusqu'à son remboursement. Les intérêts ne sont pas capitalisés.`,
    collateralLocked:
      "La garantie est bloquée dans le grand livre pour ce prêt\u00a0: elle est retenue sur le compte de l'emprunteur et ne peut être ni retirée ni utilisée tant que le prêt est en cours.",
    ltvDefinition:
      "Le ratio prêt/valeur (LTV) est le montant dû (capital et intérêts) divisé par la valeur de la garantie au prix du marché, dans l'actif du prêt.",
    freshPrice: (age) =>
      `Seul un prix de marché récent agit sur le prêt\u00a0: un prix datant de plus de ${age}, ou que le marché signale comme périmé, ne déclenche jamais d'appel de marge ni de liquidation.`,
    marginCall: ({ marginCallLtv, stepPoints, stepCount, liquidationLtv }) =>
      `Lorsque le LTV atteint ${marginCallLtv}, l'emprunteur reçoit un appel de marge\u00a0: une notification d'avertissement. Un nouvel appel suit chaque fois que le LTV augmente encore de ${plural('fr', stepCount, stepPoints, { one: '{n} point de pourcentage', other: '{n} points de pourcentage' })}, jusqu'au LTV de liquidation de ${liquidationLtv}. Un appel de marge ne vend rien\u00a0; rembourser fait baisser le LTV.`,
    liquidationPartial: ({ liquidationLtv, initialLtv }) =>
      `Lorsque le LTV atteint ${liquidationLtv}, la garantie est liquidée\u00a0: on en vend au prix du marché juste assez pour ramener le prêt au LTV initial de ${initialLtv}. Le produit de la vente règle d'abord les intérêts dus, puis le capital.`,
    liquidationFull: (dustShare) =>
      `Si ce n'est pas possible, ou si cela laisserait une dette inférieure à ${dustShare} de la dette avant la liquidation ou plus aucune garantie, c'est la dette entière qui est réglée\u00a0: seule la garantie nécessaire pour la couvrir est vendue, et l'éventuel excédent du produit ainsi que toute la garantie non vendue sont restitués sur le solde disponible de l'emprunteur.`,
    liquidationShortfall: {
      written_off:
        "Si la garantie vaut moins que la dette, elle est vendue en totalité, le produit règle ce qu'il peut et le reste de la dette est passé en perte\u00a0: une fois la garantie épuisée, l'emprunteur ne doit plus rien au titre de ce prêt.",
    },
    signatureConsent:
      "En signant, l'emprunteur confirme avoir lu et accepter ces conditions, et a saisi son nom en guise de confirmation.",
    termsHashExplained:
      'Le SHA-256 ci-dessous est calculé sur un texte canonique des conditions du présent contrat\u00a0; toute modification des conditions le change.',
  },
};
