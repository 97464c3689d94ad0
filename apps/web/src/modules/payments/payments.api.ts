import type { TDepositAddressQuery, TListRechargeResponse, TWithdrawalQuoteQuery } from '@openbourse/contracts';
import {
  CATALOGUE,
  depositsEndpoints,
  type Endpoint,
  type EndpointInput,
  type EndpointInputOf,
  type EndpointResponseOf,
  withdrawalsEndpoints,
} from '@openbourse/contracts/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../shared/api/client';
import { useSession } from '../identity/session';
import { isDepositOpen } from './payments-logic';

/** How often the deposit list is asked again while a deposit's confirmations are climbing. */
export const DEPOSIT_REFRESH_MS = 2000;
export const HISTORY_PAGE_SIZE = 10;

export const paymentsKeys = {
  config: ['payments', 'config'] as const,
  address: (query: TDepositAddressQuery) => ['payments', 'depositAddress', query.asset, query.network] as const,
  authStatus: ['payments', 'authStatus'] as const,
  deposits: ['payments', 'deposits'] as const,
  withdrawals: ['payments', 'withdrawals'] as const,
  addressBook: ['payments', 'addressBook'] as const,
};

/** The deposit networks, their labels and confirmations, the minimums and the sandbox flag (public). */
export function useWalletConfig() {
  return useQuery({
    queryKey: paymentsKeys.config,
    queryFn: ({ signal }) => callApi(depositsEndpoints.walletConfig, { signal }),
    staleTime: 60_000,
  });
}

/** Signed in and on the live account: the only state in which deposits and withdrawals work. */
export function useLiveSession(): { isSignedIn: boolean; isLive: boolean } {
  const { token, mode } = useSession();
  return { isSignedIn: token !== null, isLive: token !== null && mode === 'live' };
}

export function useDepositAddress(query: TDepositAddressQuery | null) {
  const { isLive } = useLiveSession();
  return useQuery({
    queryKey: query ? paymentsKeys.address(query) : ['payments', 'depositAddress', 'none'],
    queryFn: ({ signal }) =>
      callApi(depositsEndpoints.depositAddress, { query: query as TDepositAddressQuery, signal }),
    enabled: isLive && query !== null,
    staleTime: 300_000,
    retry: false,
  });
}

/** This user's deposits, asked again every 2 s while any of them is still collecting confirmations. */
export function useDeposits(page = 1, size = HISTORY_PAGE_SIZE) {
  const { isLive } = useLiveSession();
  return useQuery({
    queryKey: [...paymentsKeys.deposits, page, size],
    queryFn: ({ signal }) => callApi(depositsEndpoints.listRecharge, { query: { page, size }, signal }),
    enabled: isLive,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (hasOpenDeposit(query.state.data) ? DEPOSIT_REFRESH_MS : false),
  });
}

export function hasOpenDeposit(data: TListRechargeResponse | undefined): boolean {
  return Boolean(data?.items.some((item) => isDepositOpen(item.status)));
}

export function useWithdrawals(page = 1, size = HISTORY_PAGE_SIZE) {
  const { isLive } = useLiveSession();
  return useQuery({
    queryKey: [...paymentsKeys.withdrawals, page, size],
    queryFn: ({ signal }) => callApi(withdrawalsEndpoints.listWithdrawals, { query: { page, size }, signal }),
    enabled: isLive,
    placeholderData: keepPreviousData,
    // A withdrawal on its way (approved, broadcast) changes without the user doing anything.
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.status === 'approved' || item.status === 'broadcast') ? 5000 : false,
  });
}

export function useAddressBook() {
  const { isLive } = useLiveSession();
  return useQuery({
    queryKey: paymentsKeys.addressBook,
    queryFn: ({ signal }) => callApi(withdrawalsEndpoints.listWithdrawalAddresses, { signal }),
    enabled: isLive,
  });
}

export function useWithdrawalQuote(query: TWithdrawalQuoteQuery | null) {
  return useQuery({
    queryKey: ['payments', 'quote', query?.asset, query?.network, query?.amount],
    queryFn: ({ signal }) =>
      callApi(withdrawalsEndpoints.withdrawalQuote, { query: query as TWithdrawalQuoteQuery, signal }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/**
 * Calls an endpoint and says which success code answered: some successes carry their own
 * message and no record (20094 "one withdrawal per day", 20095 "one under review" beside 20003).
 */
export async function callApiWithCode<E extends Endpoint<EndpointInput, unknown>>(
  endpoint: E,
  input: EndpointInputOf<E>,
): Promise<{ code: number; data: EndpointResponseOf<E> | null }> {
  let code: number = CATALOGUE.SUCCESS.code;
  const data = await callApi(endpoint, {
    ...input,
    onSuccessCode: (answered: number) => {
      code = answered;
    },
  });
  return { code, data: data ?? null };
}
