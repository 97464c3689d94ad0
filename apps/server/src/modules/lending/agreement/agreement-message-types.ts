import type { LIQUIDATION_SHORTFALL_POLICY } from '../domain/lending-constants.js';
import type { NumberSeparators } from './agreement-format.js';

/**
 * The words of the loan agreement in one language. Numbers arrive already written (exact, with
 * the language's separators); counts arrive as numbers too where the noun's form depends on them.
 * Every rule the agreement states comes from the lending domain's constants, so the words here
 * hold no figure of their own.
 */
export type AgreementMessages = {
  title: string;
  separators: NumberSeparators;
  /** Between a label and its value when the agreement is written as plain lines. */
  fieldSeparator: string;
  /** `{n}` percent, e.g. `0.05%` or `0,05 %`. */
  percent: (n: string) => string;
  days: (count: number, n: string) => string;
  seconds: (count: number, n: string) => string;
  headings: {
    parties: string;
    loan: string;
    interest: string;
    repayment: string;
    overdue: string;
    collateral: string;
    marginCall: string;
    liquidation: string;
    signature: string;
  };
  labels: {
    lender: string;
    borrower: string;
    userId: string;
    identity: string;
    loanId: string;
    offeredAt: string;
    kind: string;
    asset: string;
    amount: string;
    term: string;
    dailyRate: string;
    interestFreeDays: string;
    interest: string;
    totalRepayable: string;
    repaymentDate: string;
    collateral: string;
    initialLtv: string;
    marginCallLtv: string;
    liquidationLtv: string;
    typedName: string;
    signature: string;
    signedAt: string;
    termsHash: string;
  };
  values: {
    verified: string;
    unverified: string;
    unsecured: string;
    cryptoBacked: string;
    /** `0.0005 (0.05% per day)`: the ratio and the same as a percentage. */
    dailyRate: (ratio: string, percent: string) => string;
    noInterestFreeDays: string;
    /** The repayment date before the loan is paid out: `30 days after the loan is paid out`. */
    repaymentAfterPayout: (days: string) => string;
  };
  paragraphs: {
    parties: string;
    interestSimple: string;
    /** `count` interest-free days (at least 1), written `days` (`7 days`). */
    interestFree: (count: number, days: string) => string;
    interestFromFirstDay: string;
    interestRounding: string;
    interestEarlyRepayment: string;
    repaymentMethods: string;
    repaymentOrder: string;
    repaymentCollateralRelease: string;
    /** OVERDUE_DAILY_RATE_MULTIPLIER = 1: the same daily rate keeps running. */
    overdueSameRate: string;
    /** OVERDUE_DAILY_RATE_MULTIPLIER ≠ 1: the daily rate times `multiplier`, i.e. `rate` a day. */
    overdueMultipliedRate: (multiplier: string, rate: string) => string;
    collateralLocked: string;
    ltvDefinition: string;
    freshPrice: (age: string) => string;
    marginCall: (p: { marginCallLtv: string; stepPoints: string; stepCount: number; liquidationLtv: string }) => string;
    liquidationPartial: (p: { liquidationLtv: string; initialLtv: string }) => string;
    liquidationFull: (dustShare: string) => string;
    liquidationShortfall: Record<typeof LIQUIDATION_SHORTFALL_POLICY, string>;
    signatureConsent: string;
    termsHashExplained: string;
  };
};
