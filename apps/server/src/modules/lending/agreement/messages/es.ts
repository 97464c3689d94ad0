import { plural } from '../agreement-format.js';
import type { AgreementMessages } from '../agreement-message-types.js';

export const es: AgreementMessages = {
  title: 'Contrato de préstamo',
  separators: { decimal: ',', group: '.' },
  fieldSeparator: ': ',
  percent: (n) => `${n}\u00a0%`,
  days: (count, n) => plural('es', count, n, { one: '{n} día', other: '{n} días' }),
  seconds: (count, n) => plural('es', count, n, { one: '{n} segundo', other: '{n} segundos' }),
  headings: {
    parties: 'Partes',
    loan: 'El préstamo',
    interest: 'Intereses',
    repayment: 'Devolución',
    overdue: 'Devolución tardía',
    collateral: 'Garantía',
    marginCall: 'Llamadas de margen',
    liquidation: 'Liquidación',
    signature: 'Firma',
  },
  labels: {
    lender: 'Prestamista',
    borrower: 'Prestatario',
    userId: 'ID de usuario',
    identity: 'Identidad',
    loanId: 'Número de préstamo',
    offeredAt: 'Condiciones ofrecidas el',
    kind: 'Tipo de préstamo',
    asset: 'Activo',
    amount: 'Importe prestado (principal)',
    term: 'Plazo',
    dailyRate: 'Tipo de interés diario',
    interestFreeDays: 'Días sin intereses',
    interest: 'Intereses comprometidos',
    totalRepayable: 'Total a devolver',
    repaymentDate: 'Fecha de devolución',
    collateral: 'Garantía',
    initialLtv: 'LTV inicial',
    marginCallLtv: 'LTV de llamada de margen',
    liquidationLtv: 'LTV de liquidación',
    typedName: 'Nombre escrito por el prestatario',
    signature: 'Firma',
    signedAt: 'Firmado el',
    termsHash: 'SHA-256 de las condiciones',
  },
  values: {
    verified: 'Verificado (identidad comprobada)',
    unverified: 'No verificado',
    unsecured: 'Sin garantía',
    cryptoBacked: 'Con garantía en criptoactivos',
    dailyRate: (ratio, percent) => `${ratio} (${percent} al día)`,
    noInterestFreeDays: 'Ninguno',
    repaymentAfterPayout: (days) => `${days} después del desembolso del préstamo`,
  },
  paragraphs: {
    parties:
      'OpenBourse (el prestamista) presta al prestatario el importe indicado abajo según las condiciones de este contrato. El prestatario se compromete a devolverlo, junto con los intereses que genere, tal como se establece aquí.',
    interestSimple:
      'El interés es simple: al final de cada día completo tras el desembolso, se aplica el tipo diario sobre el principal pendiente. Los intereses impagados nunca generan intereses.',
    interestFree: (count, days) =>
      count === 1
        ? 'No se cobran intereses durante el primer día del préstamo.'
        : `No se cobran intereses durante los primeros ${days} del préstamo.`,
    interestFromFirstDay: 'Los intereses se cobran desde el primer día.',
    interestRounding:
      'Los intereses se redondean a la baja a la precisión del activo del préstamo, a favor del prestatario.',
    interestEarlyRepayment:
      'Los intereses comprometidos arriba suponen que se conserva todo el principal hasta la fecha de devolución. Devolver antes reduce los intereses, porque estos corren, día a día, solo sobre lo que sigue pendiente.',
    repaymentMethods:
      'El prestatario devuelve desde su saldo disponible, con efecto inmediato, o presentando una solicitud de devolución, que OpenBourse revisa antes de que surta efecto.',
    repaymentOrder:
      'Cada devolución liquida primero los intereses adeudados y después el principal. Se rechaza una devolución superior a lo pendiente.',
    repaymentCollateralRelease:
      'Cuando se ha devuelto todo lo adeudado, la garantía se libera al saldo disponible del prestatario.',
    overdueSameRate:
      'Si después de la fecha de devolución queda algo pendiente, el préstamo se marca como vencido y el tipo diario sigue corriendo sobre el principal pendiente hasta su devolución. No se añade ningún tipo de penalización y los intereses no se capitalizan.',
    overdueMultipliedRate: (multiplier, rate) =>
      `Si después de la fecha de devolución queda algo pendiente, el préstamo se marca como vencido y el tipo diario multiplicado por ${multiplier} (${rate} al día) corre sobre el principal pendiente hasta su devolución. Los intereses no se capitalizan.`,
    collateralLocked:
      'La garantía queda bloqueada en el libro contable para este préstamo: se retiene en la cuenta del prestatario y no puede retirarse ni utilizarse mientras el préstamo esté abierto.',
    ltvDefinition:
      'La relación préstamo-valor (LTV) es el importe adeudado (principal e intereses) dividido por el valor de la garantía al precio de mercado, en el activo del préstamo.',
    freshPrice: (age) =>
      `Solo un precio de mercado actual afecta al préstamo: un precio con más de ${age} de antigüedad, o que el mercado marca como desactualizado, nunca provoca una llamada de margen ni una liquidación.`,
    marginCall: ({ marginCallLtv, stepPoints, stepCount, liquidationLtv }) =>
      `Cuando el LTV alcanza el ${marginCallLtv}, el prestatario recibe una llamada de margen: una notificación de aviso. Se envía otra cada vez que el LTV sube ${plural('es', stepCount, stepPoints, { one: '{n} punto porcentual', other: '{n} puntos porcentuales' })} más, hasta el LTV de liquidación del ${liquidationLtv}. Una llamada de margen no vende nada; devolver reduce el LTV.`,
    liquidationPartial: ({ liquidationLtv, initialLtv }) =>
      `Cuando el LTV alcanza el ${liquidationLtv}, la garantía se liquida: se vende al precio de mercado solo la parte necesaria para que el préstamo vuelva al LTV inicial del ${initialLtv}. Lo obtenido liquida primero los intereses adeudados y después el principal.`,
    liquidationFull: (dustShare) =>
      `Si eso no es posible, o dejaría una deuda inferior al ${dustShare} de la deuda anterior a la liquidación o ninguna garantía, se liquida en su lugar toda la deuda: solo se vende la garantía necesaria para cubrirla, y cualquier excedente de lo obtenido y toda la garantía no vendida se devuelven al saldo disponible del prestatario.`,
    liquidationShortfall: {
      written_off:
        'Si la garantía vale menos que la deuda, se vende por completo, lo obtenido liquida lo que alcanza y el resto de la deuda se cancela: una vez agotada la garantía, el prestatario no debe nada más por este préstamo.',
    },
    signatureConsent:
      'Con su firma, el prestatario confirma que ha leído y acepta estas condiciones, y ha escrito su nombre como confirmación.',
    termsHashExplained:
      'El SHA-256 que figura abajo se calcula sobre un texto canónico de las condiciones de este contrato; cualquier cambio en las condiciones lo modifica.',
  },
};
