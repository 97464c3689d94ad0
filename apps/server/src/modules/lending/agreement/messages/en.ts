import { plural } from '../agreement-format.js';
import type { AgreementMessages } from '../agreement-message-types.js';

export const en: AgreementMessages = {
  title: 'Loan agreement',
  separators: { decimal: '.', group: ',' },
  fieldSeparator: ': ',
  percent: (n) => `${n}%`,
  days: (count, n) => plural('en', count, n, { one: '{n} day', other: '{n} days' }),
  seconds: (count, n) => plural('en', count, n, { one: '{n} second', other: '{n} seconds' }),
  headings: {
    parties: 'Parties',
    loan: 'The loan',
    interest: 'Interest',
    repayment: 'Repayment',
    overdue: 'Late repayment',
    collateral: 'Collateral',
    marginCall: 'Margin calls',
    liquidation: 'Liquidation',
    signature: 'Signature',
  },
  labels: {
    lender: 'Lender',
    borrower: 'Borrower',
    userId: 'User ID',
    identity: 'Identity',
    loanId: 'Loan number',
    offeredAt: 'Terms offered on',
    kind: 'Type of loan',
    asset: 'Asset',
    amount: 'Amount lent (principal)',
    term: 'Term',
    dailyRate: 'Daily interest rate',
    interestFreeDays: 'Interest-free days',
    interest: 'Interest promised',
    totalRepayable: 'Total to repay',
    repaymentDate: 'Repayment date',
    collateral: 'Collateral',
    initialLtv: 'Initial LTV',
    marginCallLtv: 'Margin-call LTV',
    liquidationLtv: 'Liquidation LTV',
    typedName: 'Name typed by the borrower',
    signature: 'Signature',
    signedAt: 'Signed on',
    termsHash: 'SHA-256 of the terms',
  },
  values: {
    verified: 'Verified (identity checked)',
    unverified: 'Not verified',
    unsecured: 'Unsecured',
    cryptoBacked: 'Crypto-backed',
    dailyRate: (ratio, percent) => `${ratio} (${percent} per day)`,
    noInterestFreeDays: 'None',
    repaymentAfterPayout: (days) => `${days} after the loan is paid out`,
  },
  paragraphs: {
    parties:
      'OpenBourse (the lender) lends the borrower the amount below on the terms of this agreement. The borrower agrees to repay it, with the interest it bears, as set out here.',
    interestSimple:
      'Interest is simple: at the end of each whole day after the loan is paid out, the daily rate is charged on the principal still outstanding. Unpaid interest never bears interest.',
    interestFree: (count, days) =>
      count === 1
        ? 'No interest is charged for the first day of the loan.'
        : `No interest is charged for the first ${days} of the loan.`,
    interestFromFirstDay: 'Interest is charged from the first day.',
    interestRounding: "Interest is rounded down to the precision of the loan's asset, in the borrower's favour.",
    interestEarlyRepayment:
      'The interest promised above assumes that the whole principal is kept until the repayment date. Repaying early lowers the interest, because interest runs, day by day, only on what is still outstanding.',
    repaymentMethods:
      'The borrower repays either from their available balance, which takes effect at once, or by filing a repayment application, which OpenBourse reviews before it takes effect.',
    repaymentOrder:
      'Each repayment settles the interest owed first, then the principal. A repayment larger than what is outstanding is refused.',
    repaymentCollateralRelease:
      "When everything owed has been repaid, the collateral is released to the borrower's available balance.",
    overdueSameRate:
      'If anything is still outstanding after the repayment date, the loan is marked overdue and the daily rate keeps running on the principal still outstanding until it is repaid. No penalty rate is added and interest is not compounded.',
    overdueMultipliedRate: (multiplier, rate) =>
      `If anything is still outstanding after the repayment date, the loan is marked overdue and the daily rate multiplied by ${multiplier} (${rate} per day) runs on the principal still outstanding until it is repaid. Interest is not compounded.`,
    collateralLocked:
      "The collateral is locked in the ledger for this loan: it is held on the borrower's account and cannot be withdrawn or used while the loan is open.",
    ltvDefinition:
      "The loan-to-value ratio (LTV) is the amount owed (principal and interest) divided by the value of the collateral at the market price, in the loan's asset.",
    freshPrice: (age) =>
      `Only a fresh market price moves the loan: a price older than ${age}, or one the market marks as stale, never triggers a margin call or a liquidation.`,
    marginCall: ({ marginCallLtv, stepPoints, stepCount, liquidationLtv }) =>
      `When the LTV reaches ${marginCallLtv}, the borrower receives a margin call: a warning notification. Another follows each time the LTV rises by a further ${plural('en', stepCount, stepPoints, { one: '{n} percentage point', other: '{n} percentage points' })}, up to the liquidation LTV of ${liquidationLtv}. A margin call sells nothing; repaying lowers the LTV.`,
    liquidationPartial: ({ liquidationLtv, initialLtv }) =>
      `When the LTV reaches ${liquidationLtv}, the collateral is liquidated: just enough of it is sold at the market price to bring the loan back to the initial LTV of ${initialLtv}. The proceeds settle the interest owed first, then the principal.`,
    liquidationFull: (dustShare) =>
      `If that is not possible, or would leave a debt below ${dustShare} of the debt before the liquidation or no collateral at all, the whole debt is settled instead: only the collateral needed to cover it is sold, and any surplus of the proceeds and all collateral not sold are returned to the borrower's available balance.`,
    liquidationShortfall: {
      written_off:
        'If the collateral is worth less than the debt, all of it is sold, the proceeds settle what they can and the rest of the debt is written off: the borrower owes nothing more on this loan once its collateral is gone.',
    },
    signatureConsent:
      'By signing, the borrower confirms that they have read these terms and accept them, and has typed their name as confirmation.',
    termsHashExplained:
      'The SHA-256 below is taken over a canonical text of the terms of this agreement; any change to the terms changes it.',
  },
};
