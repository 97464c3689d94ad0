import { declareRoute, OWN_UPLOAD } from '../http/route-declaration.js';
import {
  ZAddCollateralRequest,
  ZLoan,
  ZLoanAgreementBytes,
  ZLoanApplyRequest,
  ZLoanList,
  ZLoanParams,
  ZLoanSignRequest,
  ZRepayLoanQuery,
  ZRepaymentApplicationRequest,
} from './loans.contracts.js';
import { loansEndpoints } from './loans.endpoints.js';

const ownLoan = { record: 'loan', at: 'params.id' } as const;
const ownOffer = { record: 'loan-offer', at: 'params.id' } as const;

/** The loan routes as the server declares them (issue 17): each endpoint with its schemas. */
export const loansRoutes = {
  applyLoan: declareRoute(loansEndpoints.applyLoan, {
    summary:
      'Apply for a loan: checked in the SPEC order (10022 KYC for unsecured, 10027, 10028, 10029, 10030, 10023, 10031/10032 by verification level, 10024 collateral at the initial LTV, 10201 treasury); a crypto-backed loan locks its collateral. Answers the offer awaiting signature',
    tags: ['loans'],
    owner: 'caller',
    body: ZLoanApplyRequest,
    response: ZLoan,
    rateLimit: { max: 20, timeWindow: '1 minute' },
  }),
  listLoanRecord: declareRoute(loansEndpoints.listLoanRecord, {
    summary: "The caller's loans with their schedule, interest so far, outstanding and LTV history",
    tags: ['loans'],
    owner: 'caller',
    response: ZLoanList,
  }),
  loan: declareRoute(loansEndpoints.loan, {
    summary: "One of the caller's loans (another's or an unknown id: 10035)",
    tags: ['loans'],
    owner: ownLoan,
    params: ZLoanParams,
    response: ZLoan,
  }),
  signLoan: declareRoute(loansEndpoints.signLoan, {
    summary:
      'Sign an offered loan with a drawn signature and the typed name: the PDF agreement is made; an unsecured loan (or one above the four-eyes threshold) goes to the loan queue, a crypto-backed one is disbursed at once',
    tags: ['loans'],
    owner: { ...ownOffer, with: { signatureFileId: OWN_UPLOAD, typedName: 'Borrower' } },
    params: ZLoanParams,
    body: ZLoanSignRequest,
    response: ZLoan,
  }),
  cancelLoan: declareRoute(loansEndpoints.cancelLoan, {
    summary: 'Withdraw an offer not yet signed; its collateral is released',
    tags: ['loans'],
    owner: ownOffer,
    params: ZLoanParams,
    response: ZLoan,
  }),
  loanAgreement: declareRoute(loansEndpoints.loanAgreement, {
    summary: "The signed loan agreement as a PDF (terms, the signature, the borrower's name, the terms' SHA-256)",
    tags: ['loans'],
    owner: ownLoan,
    params: ZLoanParams,
    response: ZLoanAgreementBytes,
    answerTypes: ['application/pdf'],
  }),
  repayLoan: declareRoute(loansEndpoints.repayLoan, {
    summary:
      'Repay from the available balance at once: interest due first, then principal; more than is outstanding is refused (10209); full repayment releases the collateral',
    tags: ['loans'],
    owner: { record: 'loan', at: 'query.loanId', with: { amount: '1' } },
    query: ZRepayLoanQuery,
    response: ZLoan,
  }),
  addCollateral: declareRoute(loansEndpoints.addCollateral, {
    summary:
      'Lock more collateral for a crypto-backed loan being repaid (available → held): the LTV falls and the margin-call warnings start again from the margin-call LTV; 10210 when the loan is not an open crypto-backed one, 10037 without the balance',
    tags: ['loans'],
    owner: { ...ownLoan, with: { amount: '0.0001' } },
    params: ZLoanParams,
    body: ZAddCollateralRequest,
    response: ZLoan,
  }),
  repaymentApplication: declareRoute(loansEndpoints.repaymentApplication, {
    summary:
      'File a repayment application: the amount is held now, captured on approval (the repayment queue), released on rejection; one under review at a time (10038)',
    tags: ['loans'],
    owner: { ...ownLoan, with: { amount: '1', note: 'Transfer of 1 USDT', proofFileId: OWN_UPLOAD } },
    params: ZLoanParams,
    body: ZRepaymentApplicationRequest,
    response: ZLoan,
  }),
};
