import type { Language } from '@openbourse/contracts';

/** The loan agreement's inputs (issue 17); see loan-agreement.ts. */

export type LoanAgreementTerms = {
  loanId: string;
  kind: 'unsecured' | 'crypto_backed';
  /** e.g. 'USDT' */
  asset: string;
  /** Exact decimal string, principal. */
  amount: string;
  termDays: number;
  /** Ratio, e.g. '0.0005'. */
  dailyRate: string;
  interestFreeDays: number;
  /** Promised interest, decimal string. */
  interest: string;
  /** amount + interest */
  totalRepayable: string;
  /** ISO date-time of the repayment date when known at signing (crypto-backed paid out at once), else null: then the text says "{termDays} days after the loan is paid out". */
  repaymentDate: string | null;
  collateral: null | {
    asset: string;
    amount: string;
    initialLtv: string;
    marginCallLtv: string;
    liquidationLtv: string;
  };
  borrower: { userId: string; name: string; verification: 'verified' | 'unverified' };
  /** ISO */
  offeredAt: string;
};

export type LoanAgreementInput = {
  terms: LoanAgreementTerms;
  /** The drawn signature as PNG bytes. */
  signaturePng: Uint8Array;
  typedName: string;
  signedAt: Date;
  /** The borrower's language. */
  language: Language;
};
