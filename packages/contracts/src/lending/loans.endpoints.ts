import { endpoint, type InputOf, type NoInput, type OutputOf } from '../http/endpoint.js';
import type {
  ZAddCollateralRequest,
  ZLoan,
  ZLoanApplyRequest,
  ZLoanList,
  ZLoanParams,
  ZLoanSignRequest,
  ZRepayLoanQuery,
  ZRepaymentApplicationRequest,
} from './loans.contracts.js';

/** Loans (issue 17), types only; the server's declarations add the schemas (`loans.routes.ts`). Live book only. */
export const loansEndpoints = {
  applyLoan: endpoint<{ body: InputOf<typeof ZLoanApplyRequest> }, OutputOf<typeof ZLoan>, 'live-user'>(
    'POST',
    '/swx/customer/user/loan',
    'live-user',
  ),
  listLoanRecord: endpoint<NoInput, OutputOf<typeof ZLoanList>, 'live-user'>(
    'GET',
    '/swx/customer/user/listLoanRecord',
    'live-user',
  ),
  loan: endpoint<{ params: InputOf<typeof ZLoanParams> }, OutputOf<typeof ZLoan>, 'live-user'>(
    'GET',
    '/swx/customer/user/loan/:id',
    'live-user',
  ),
  signLoan: endpoint<
    { params: InputOf<typeof ZLoanParams>; body: InputOf<typeof ZLoanSignRequest> },
    OutputOf<typeof ZLoan>,
    'live-user'
  >('POST', '/swx/customer/user/loan/:id/sign', 'live-user'),
  cancelLoan: endpoint<{ params: InputOf<typeof ZLoanParams> }, OutputOf<typeof ZLoan>, 'live-user'>(
    'POST',
    '/swx/customer/user/loan/:id/cancel',
    'live-user',
  ),
  loanAgreement: endpoint<{ params: InputOf<typeof ZLoanParams> }, string, 'live-user'>(
    'GET',
    '/swx/customer/user/loan/:id/agreement.pdf',
    'live-user',
  ),
  repayLoan: endpoint<{ query: InputOf<typeof ZRepayLoanQuery> }, OutputOf<typeof ZLoan>, 'live-user'>(
    'POST',
    '/swx/customer/user/repayLoan',
    'live-user',
  ),
  addCollateral: endpoint<
    { params: InputOf<typeof ZLoanParams>; body: InputOf<typeof ZAddCollateralRequest> },
    OutputOf<typeof ZLoan>,
    'live-user'
  >('POST', '/swx/customer/user/loan/:id/collateral', 'live-user'),
  repaymentApplication: endpoint<
    { params: InputOf<typeof ZLoanParams>; body: InputOf<typeof ZRepaymentApplicationRequest> },
    OutputOf<typeof ZLoan>,
    'live-user'
  >('POST', '/swx/customer/user/loan/:id/repaymentApplication', 'live-user'),
};
