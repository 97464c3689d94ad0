import type { TBuyOptionsRequest, TCloseOptionsRequest, TOptionsOrder } from '@openbourse/contracts';
import { CATALOGUE, optionsEndpoints } from '@openbourse/contracts/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, callApi } from '../../shared/api/client';
import { useSession } from '../identity/session';
import { subscribeNotifications } from '../market/market-socket';

/**
 * Options' reads and actions (issue 19). The chain is public and read again every few seconds
 * while it is on screen (a quote holds 15 s); the user's options are read in the request's book
 * (the app's live/demo switch), again every few seconds while one is open, and at once when an
 * "option settled" notification arrives.
 */

export const optionsKeys = {
  all: ['options'] as const,
  chain: (code: string) => ['options', 'chain', code] as const,
  orders: ['options', 'orders'] as const,
  orderList: (token: string | null, mode: string, query: OrdersQuery) =>
    ['options', 'orders', token, mode, query.status ?? 'all', query.page, query.size] as const,
};

/** Quotes hold 15 s: the chain is read again this often while it is seen. */
export const CHAIN_REFRESH_MS = 5_000;
/** Open options are valued at the current bid: read again this often. */
export const OPEN_ORDERS_REFRESH_MS = 5_000;
/** An instrument without options is asked again this rarely (an operator may list some). */
const UNLISTED_REFRESH_MS = 60_000;

/** The chain of `code` (null: not asked); read again every 5 s while `live` (the section is on screen). */
export function useOptionsChain(code: string | null, { live = true }: { live?: boolean } = {}) {
  return useQuery({
    queryKey: optionsKeys.chain(code ?? ''),
    queryFn: ({ signal }) => callApi(optionsEndpoints.listOptionsConfig, { query: { code: code ?? '' }, signal }),
    enabled: code !== null,
    staleTime: CHAIN_REFRESH_MS - 1_000,
    refetchInterval: (query) => {
      if (!live) return false;
      return query.state.data?.listed === false ? UNLISTED_REFRESH_MS : CHAIN_REFRESH_MS;
    },
  });
}

export type OrdersQuery = { status?: 'open' | 'ended'; page: number; size: number };

/** The signed-in user's options in the current book, newest first. */
export function useOptionsOrders(query: OrdersQuery) {
  const { token, mode } = useSession();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token) return;
    return subscribeNotifications((notification) => {
      if (notification.template === 'option_settled') {
        void queryClient.invalidateQueries({ queryKey: optionsKeys.orders });
        void queryClient.invalidateQueries({ queryKey: ['ledger'] });
      }
    });
  }, [token, queryClient]);
  return useQuery({
    queryKey: optionsKeys.orderList(token, mode, query),
    queryFn: ({ signal }) =>
      callApi(optionsEndpoints.listOptionsOrder, {
        query: { status: query.status, page: query.page, size: query.size },
        signal,
      }),
    enabled: token !== null,
    refetchInterval: (current) =>
      query.status === 'open' || current.state.data?.items.some((order) => order.status === 'open')
        ? OPEN_ORDERS_REFRESH_MS
        : false,
  });
}

/** The forms say a refusal beside their buttons, in the reader's language: no toast as well. */
const SHOWN_BY_FORM = { errorShownByCaller: true } as const;

/**
 * After a refusal: the chain is read again at once, so the contracts left, the quotes and a
 * closed market show as they are now (and an expired quote held by a form gives way to a fresh one).
 */
export function useRereadChain(code: string) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: optionsKeys.chain(code) });
}

/** After money moved: the user's options, the chain (contracts left) and the balances read again. */
function useAfterMove() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: optionsKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['ledger'] });
  };
}

/**
 * POST /order/buyOptions: at the quoted ask or better; success is 20004 with the order. A
 * refusal is thrown as ApiError (10224/10225 carry the new quote in `data`).
 */
export function useBuyOptions() {
  const afterMove = useAfterMove();
  return useMutation({
    mutationFn: async (body: TBuyOptionsRequest): Promise<TOptionsOrder> => {
      let answered: number = CATALOGUE.PURCHASE_SUCCEEDED.code;
      const order = await callApi(optionsEndpoints.buyOptions, {
        body,
        onSuccessCode: (code) => {
          answered = code;
        },
      });
      if (!order || (answered !== CATALOGUE.PURCHASE_SUCCEEDED.code && answered !== 200)) {
        throw new ApiError(answered, '');
      }
      return order;
    },
    meta: SHOWN_BY_FORM,
    onSuccess: afterMove,
  });
}

/** POST /order/closeOptions: sold back at the quoted bid or better. */
export function useCloseOptions() {
  const afterMove = useAfterMove();
  return useMutation({
    mutationFn: (body: TCloseOptionsRequest) => callApi(optionsEndpoints.closeOptions, { body }),
    meta: SHOWN_BY_FORM,
    onSuccess: afterMove,
  });
}
