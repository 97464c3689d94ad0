import type { TLoan, TLoanApplyRequest, TRepaymentApplicationRequest } from '@openbourse/contracts';
import { LOAN_REPAYABLE_STATUSES, lendingEndpoints, loansEndpoints } from '@openbourse/contracts/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiDownload, callApi, endpointPath } from '../../shared/api/client';
import { useSession } from '../identity/session';
import { subscribeNotifications } from '../market/market-socket';

export const lendingKeys = {
  settings: ['lending', 'settings'] as const,
  loans: ['lending', 'loans'] as const,
  list: (token: string | null) => ['lending', 'loans', 'list', token] as const,
  loan: (token: string | null, id: string) => ['lending', 'loans', 'one', token, id] as const,
};

/** A crypto-backed loan being repaid is read again this often: its LTV follows the collateral's price. */
const LIVE_LOAN_REFRESH_MS = 15_000;

/** Signed in on the live book: loans exist only there (the API answers DEMO_NOT_ALLOWED otherwise). */
export function useLoanSession(): { isSignedIn: boolean; isLive: boolean; token: string | null } {
  const { token, mode } = useSession();
  return { isSignedIn: token !== null, isLive: token !== null && mode === 'live', token };
}

/** The loan products offered (public). */
export function useLoanSettings() {
  return useQuery({
    queryKey: lendingKeys.settings,
    queryFn: ({ signal }) => callApi(lendingEndpoints.listLoanSettings, { signal }),
    staleTime: 60_000,
  });
}

/**
 * While a loan screen is shown, a loan or repayment notification (`loan_*`, `repayment_*`:
 * approved, disbursed, margin call, liquidated, overdue, repayment decided) reads the loans again
 * at once, and the balances with them.
 */
function useLoanNotifications(token: string | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token) return;
    return subscribeNotifications((notification) => {
      if (notification.template.startsWith('loan_') || notification.template.startsWith('repayment_')) {
        void queryClient.invalidateQueries({ queryKey: lendingKeys.loans });
        void queryClient.invalidateQueries({ queryKey: ['ledger'] });
      }
    });
  }, [token, queryClient]);
}

/** The caller's loans, newest first (live book only). */
export function useLoans() {
  const { isLive, token } = useLoanSession();
  useLoanNotifications(token);
  return useQuery({
    queryKey: lendingKeys.list(token),
    queryFn: ({ signal }) => callApi(loansEndpoints.listLoanRecord, { signal }),
    enabled: isLive,
  });
}

function isWatched(loan: TLoan | undefined): boolean {
  return loan?.kind === 'crypto_backed' && (LOAN_REPAYABLE_STATUSES as readonly string[]).includes(loan.status);
}

/** One of the caller's loans; a crypto-backed one being repaid is read again every 15 s for its LTV. */
export function useLoan(id: string) {
  const { isLive, token } = useLoanSession();
  useLoanNotifications(token);
  return useQuery({
    queryKey: lendingKeys.loan(token, id),
    queryFn: ({ signal }) => callApi(loansEndpoints.loan, { params: { id }, signal }),
    enabled: isLive && /^[1-9]\d{0,17}$/.test(id),
    refetchInterval: (query) => (isWatched(query.state.data) ? LIVE_LOAN_REFRESH_MS : false),
  });
}

/** Keeps a loan the server answered in the caches (its own and the list), and the balances fresh. */
function useLoanAnswer() {
  const queryClient = useQueryClient();
  const { token } = useLoanSession();
  return (loan: TLoan) => {
    queryClient.setQueryData(lendingKeys.loan(token, loan.id), loan);
    void queryClient.invalidateQueries({ queryKey: lendingKeys.list(token) });
    // Collateral locked or released, a payout, a repayment: the balances moved.
    void queryClient.invalidateQueries({ queryKey: ['ledger'] });
    void queryClient.invalidateQueries({ queryKey: ['identity', 'userInfo'] });
  };
}

/**
 * The loan forms say a refusal beside their buttons in the reader's language (`errorShownByCaller`),
 * so there is no toast as well.
 */
const SHOWN_BY_FORM = { errorShownByCaller: true } as const;

/** POST /user/loan: answers the offer, awaiting the borrower's signature. */
export function useApplyLoan() {
  const keep = useLoanAnswer();
  return useMutation({
    mutationFn: (body: TLoanApplyRequest) => callApi(loansEndpoints.applyLoan, { body }),
    meta: SHOWN_BY_FORM,
    onSuccess: keep,
  });
}

export function useSignLoan(id: string) {
  const keep = useLoanAnswer();
  return useMutation({
    mutationFn: (body: { signatureFileId: string; typedName: string }) =>
      callApi(loansEndpoints.signLoan, { params: { id }, body }),
    meta: SHOWN_BY_FORM,
    onSuccess: keep,
  });
}

export function useCancelLoan(id: string) {
  const keep = useLoanAnswer();
  return useMutation({
    mutationFn: () => callApi(loansEndpoints.cancelLoan, { params: { id } }),
    meta: SHOWN_BY_FORM,
    onSuccess: keep,
  });
}

/** POST /user/repayLoan?loanId=&amount= (its parameters in the query, SPEC §7). */
export function useRepayLoan(id: string) {
  const keep = useLoanAnswer();
  return useMutation({
    mutationFn: (amount: string) => callApi(loansEndpoints.repayLoan, { query: { loanId: id, amount } }),
    meta: SHOWN_BY_FORM,
    onSuccess: keep,
  });
}

/** POST /user/loan/{id}/collateral: more collateral locked for a crypto-backed loan being repaid. */
export function useAddCollateral(id: string) {
  const keep = useLoanAnswer();
  return useMutation({
    mutationFn: (amount: string) => callApi(loansEndpoints.addCollateral, { params: { id }, body: { amount } }),
    meta: SHOWN_BY_FORM,
    onSuccess: keep,
  });
}

export function useRepaymentApplication(id: string) {
  const keep = useLoanAnswer();
  return useMutation({
    mutationFn: (body: TRepaymentApplicationRequest) =>
      callApi(loansEndpoints.repaymentApplication, { params: { id }, body }),
    meta: SHOWN_BY_FORM,
    onSuccess: keep,
  });
}

/**
 * Downloads the signed agreement with the session's headers (the token never goes into a URL) and
 * saves it through a Blob link.
 */
export async function downloadAgreement(id: string): Promise<void> {
  const { blob, fileName } = await apiDownload({ path: endpointPath(loansEndpoints.loanAgreement.path, { id }) });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName ?? `loan-agreement-${id}.pdf`;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click returns; free the object shortly after.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
